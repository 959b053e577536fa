import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { AccessTarget } from '../src/slack/access/gate.js';
import { readCommand } from '../src/slack/command/parse-command.js';
import { SUBCOMMAND_DECLARATIONS } from '../src/slack/command/subcommands.js';
import { en } from '../src/slack/messages/index.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Every declared `/exp` subcommand, with every example its declaration gives, sent through the signed
// endpoint by a guest and by an admin of another organisation: whatever acts is refused, and nothing
// acts whatever its declaration says it is. A subcommand added later is walked without editing this.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const OUTSIDERS = [
  ['a guest', EMULATOR_DEFAULTS.guestUserId],
  ['an admin of another organisation', EMULATOR_DEFAULTS.externalAdminId],
] as const;

/** Slack calls that show something to others or open a form. */
const SLACK_WRITES = new Set([
  'chat.postMessage',
  'chat.update',
  'chat.delete',
  'chat.scheduleMessage',
  'views.open',
  'views.push',
  'views.update',
]);

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Requests that change something on the platform: the console's writes and splitter exposures. */
function platformWrites(): string[] {
  return h.sandbox.state.requests
    .filter((r) => r.method !== 'GET' && (!r.url.includes('/splitter') || r.url.includes('exposeManyV2')))
    .map((r) => `${r.method} ${r.url}`);
}

function slackWrites(): string[] {
  return h.emulator.calls.filter((c) => SLACK_WRITES.has(c.method)).map((c) => c.method);
}

/** What one person's command leaves: the replies only they see and what it did elsewhere. */
async function run(userId: string, text: string) {
  const platform = platformWrites().length;
  const slack = slackWrites().length;
  const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
  await h.driver.command({ text, userId, channelId: CHANNEL });
  await h.app.idle();
  const fresh = h.emulator.messages(CHANNEL).filter((m) => !seen.has(m.ts));
  return {
    replies: fresh.filter((m) => m.ephemeral && m.targetUserId === userId).map(messageText),
    shownToOthers: fresh.filter((m) => !m.ephemeral || m.targetUserId !== userId).map(messageText),
    platformWrites: platformWrites().slice(platform),
    slackWrites: slackWrites().slice(slack),
  };
}

/** What the workspace's stored state looks like through the app's own read surfaces, as an admin. */
async function visibleState(): Promise<string[]> {
  const state: string[] = [];
  for (const text of ['policy', 'subscriptions', 'hooks', 'token', 'audit 999']) {
    const { replies } = await run(ADMIN, text);
    state.push(`${text}: ${replies.join('\n')}`);
  }
  return state;
}

const REFUSALS = [/Guests can read/, /another organisation can read here/];

function refusalFor(target: AccessTarget): RegExp[] {
  return target.kind === 'admin' ? [...REFUSALS, new RegExp(escapeRegExp(target.refusal))] : REFUSALS;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const walk = SUBCOMMAND_DECLARATIONS.flatMap((declared) =>
  declared.examples.map((example) => ({ name: declared.name, example })),
);

describe('every declared subcommand, walked by people who may only read', () => {
  it('declares examples that parse to the subcommand that declares them', () => {
    for (const { name, example } of walk) {
      const first = example.trim().split(/\s+/)[0] || 'help';
      expect(first, example).toBe(name);
      expect(readCommand(example).parsed.kind, example).not.toMatch(/^(invalid|unknown)$/);
    }
    expect(walk.length).toBeGreaterThanOrEqual(SUBCOMMAND_DECLARATIONS.length);
  });

  it.each(OUTSIDERS)('%s: acting subcommands are refused, the rest only read', async (_who, user) => {
    const before = await visibleState();
    for (const { example } of walk) {
      const target = readCommand(example).access({ channelId: CHANNEL, messages: en });
      const outcome = await run(user, example);
      // Nothing reaches the platform and nothing is shown to others, whatever the declaration says.
      expect(outcome.platformWrites, example).toEqual([]);
      expect(outcome.shownToOthers, example).toEqual([]);
      if (target.kind === 'policy' || target.kind === 'admin') {
        const refusals = refusalFor(target);
        expect(
          outcome.replies.some((reply) => refusals.some((refusal) => refusal.test(reply))),
          `${example}: ${outcome.replies.join(' | ')}`,
        ).toBe(true);
        expect(outcome.slackWrites, example).toEqual([]);
      } else if (target.kind === 'read') {
        expect(outcome.replies.length, example).toBeGreaterThan(0);
        expect(outcome.slackWrites, example).toEqual([]);
      }
      // A `self` subcommand acts on the person's own things only (their token, their follows): a
      // form for their own token may open, nothing else is written.
      else
        expect(
          outcome.slackWrites.filter((method) => method !== 'views.open'),
          example,
        ).toEqual([]);
    }
    expect(await visibleState()).toEqual(before);
  });
});
