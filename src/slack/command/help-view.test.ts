import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/policy/decide.js';
import { DEFAULT_POLICY, type WorkspacePolicy } from '../../core/policy/policy.js';
import { createMemoryLogger } from '../../observability/logger.js';
import type { SlackMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { en } from '../messages/index.js';
import type { CommandContext } from './command-context.js';
import { readCommand } from './parse-command.js';

// The help subcommand's handler with the person and the policy read through fakes: what it acks
// when either read fails, and that it never waits on them past its bound.

const MEMBER: Actor = { userId: 'U1', isAdmin: false, isGuest: false, isExternal: false, groupIds: [] };

function run(
  text: string,
  reads: { actor: () => Promise<Actor | undefined>; policy: () => Promise<WorkspacePolicy> },
): Promise<{ reply: SlackMessage; logs: string[] }> {
  const logger = createMemoryLogger('debug');
  const acked: SlackMessage[] = [];
  const deps = {
    messages: en,
    logger,
    actors: { actor: reads.actor },
    policies: { get: reads.policy },
  };
  const ctx = {
    deps,
    command: { user_id: 'U1', channel_id: 'C1', team_id: 'T1', text },
    workspace: { teamId: 'T1' },
    client: {},
    ack: async (reply?: SlackMessage) => {
      if (reply) acked.push(reply);
    },
  } as unknown as CommandContext<SlackDeps>;
  return readCommand(text)
    .run(ctx)
    .then(() => {
      const [reply] = acked;
      if (!reply || acked.length !== 1) throw new Error(`expected one ack, got ${acked.length}`);
      return { reply, logs: logger.lines };
    });
}

const textOf = (reply: SlackMessage) => JSON.stringify(reply.blocks);

describe('the help handler', () => {
  it('acks the member their own help', async () => {
    const { reply } = await run('help', {
      actor: async () => MEMBER,
      policy: async () => DEFAULT_POLICY,
    });
    expect(textOf(reply)).not.toContain('/exp audit');
    expect(textOf(reply)).toContain('Only what you may run is shown.');
  });

  it('still answers when the policy cannot be read: every command, saying it was not filtered', async () => {
    const { reply, logs } = await run('help', {
      actor: async () => MEMBER,
      policy: () => Promise.reject(new Error('store down')),
    });
    expect(textOf(reply)).toContain('/exp audit');
    expect(textOf(reply)).toContain('could not check what you may run just now');
    expect(logs.join('\n')).toContain('the policy could not be read');
  });

  it('still answers when Slack cannot say who the person is', async () => {
    const { reply } = await run('help', { actor: async () => undefined, policy: async () => DEFAULT_POLICY });
    expect(textOf(reply)).toContain('/exp hooks');
    expect(textOf(reply)).toContain('could not check what you may run just now');
  });

  it('answers within its bound when the policy never comes', async () => {
    const started = Date.now();
    const { reply } = await run('help', { actor: async () => MEMBER, policy: () => new Promise(() => {}) });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(textOf(reply)).toContain('could not check what you may run just now');
  });

  it('marks who may run each command for `help all`, naming the rule when the policy is unreadable', async () => {
    const { reply } = await run('help all', {
      actor: async () => MEMBER,
      policy: () => Promise.reject(new Error('store down')),
    });
    expect(textOf(reply)).toContain('_Who: as the workspace policy says for `start`._');
  });

  it('gives an unknown word the closest command, then the person’s own help', async () => {
    const { reply } = await run('strat 3', { actor: async () => MEMBER, policy: async () => DEFAULT_POLICY });
    expect(reply.text).toContain('did you mean `/exp start`?');
    expect(textOf(reply)).toContain('exp_help_act');
    expect(textOf(reply)).not.toContain('/exp audit');
  });
});
