import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/policy/decide.js';
import { DEFAULT_POLICY, POLICY_ACTIONS, type WorkspacePolicy } from '../../core/policy/policy.js';
import { aMember } from '../../core/requests/request-fixtures.test-helper.js';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { en, type Messages, ru } from '../messages/index.js';
import { type HelpView, helpMessage } from './help-message.js';
import { SUBCOMMAND_DECLARATIONS } from './subcommands.js';

const person = (facts: Partial<Actor>): Actor => aMember('U1', facts);
const MEMBER = person({});
const ADMIN = person({ isAdmin: true });
const GUEST = person({ isGuest: true });

const mine = (actor: Actor, policy: WorkspacePolicy = DEFAULT_POLICY): HelpView => ({
  kind: 'mine',
  reader: { actor, policy },
});

function help(view: HelpView, messages: Messages = en): { message: SlackMessage; text: string } {
  const message = helpMessage({ view, declarations: SUBCOMMAND_DECLARATIONS, messages });
  expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
  return { message, text: JSON.stringify(message.blocks) };
}

const blockIds = (message: SlackMessage) => message.blocks.map((block) => block.block_id);

/** The line of the help that documents a usage (its sections' text, line by line). */
function lineOf(message: SlackMessage, usage: string): string | undefined {
  const lines = message.blocks.flatMap((block) =>
    block.type === 'section' && block.text ? block.text.text.split('\n') : [],
  );
  return lines.find((line) => line.startsWith(`\`${usage}`));
}

const ADMIN_ONLY = ['/exp audit', '/exp hooks', '/exp connect'];

describe('/exp help for one person', () => {
  it('shows a member what they may run, by task, and how to see the rest', () => {
    const { message, text } = help(mine(MEMBER));
    expect(blockIds(message)).toEqual([
      undefined,
      undefined,
      'exp_help_look_up',
      'exp_help_act',
      'exp_help_automate',
      'exp_help_alerts',
      'exp_help_examples',
      'exp_help_more',
    ]);
    for (const usage of [
      '/exp show ID',
      '/exp start ID',
      '/exp stop ID REASON',
      '/exp subscribe',
      '/exp policy',
    ])
      expect(text).toContain(usage);
    for (const usage of [...ADMIN_ONLY, '/exp expose']) expect(text).not.toContain(usage);
    expect(text).toContain('*Look up*');
    expect(text).not.toContain('*Administer*');
    expect(text).toContain('Only what you may run is shown. `/exp help all` shows every command');
    expect(message.text).toContain('Act: `start`, `stop`');
    expect(message.text).not.toContain('`audit`');
  });

  it('shows an admin the Administer task too, and that nothing was left out', () => {
    const { message, text } = help(mine(ADMIN));
    expect(blockIds(message)).toContain('exp_help_administer');
    for (const usage of [...ADMIN_ONLY, '/exp expose']) expect(text).toContain(usage);
    expect(text).toContain('You may run every command here.');
  });

  it('leaves out what the policy gives to admins, switches off, or keeps from scheduling', () => {
    const policy: WorkspacePolicy = {
      ...DEFAULT_POLICY,
      actions: {
        ...DEFAULT_POLICY.actions,
        start: { ...DEFAULT_POLICY.actions.start, who: { kind: 'admins' } },
        archive: { ...DEFAULT_POLICY.actions.archive, who: { kind: 'nobody' } },
      },
      schedule: { kind: 'admins' },
    };
    const forMember = help(mine(MEMBER, policy)).text;
    expect(forMember).not.toContain('/exp start ID');
    expect(forMember).not.toContain('/exp archive ID');
    expect(forMember).not.toContain('/exp start 123');
    expect(forMember).not.toContain('/exp start|stop|archive|unarchive ID TIME');
    expect(forMember).toContain('/exp stop ID');
    expect(forMember).toContain('/exp unarchive ID');
    const forAdmin = help(mine(ADMIN, policy)).text;
    expect(forAdmin).toContain('/exp start ID');
    expect(forAdmin).toContain('/exp start|stop|archive|unarchive ID TIME');
    expect(forAdmin).not.toContain('/exp archive ID');
  });

  it('shows a user-group rule to members: only the access check asks Slack for groups', () => {
    const policy: WorkspacePolicy = {
      ...DEFAULT_POLICY,
      actions: {
        ...DEFAULT_POLICY.actions,
        edit: { ...DEFAULT_POLICY.actions.edit, who: { kind: 'groups', groupIds: ['S0OWNERS'] } },
      },
    };
    expect(help(mine(MEMBER, policy)).text).toContain('/exp edit ID');
  });

  it('shows a guest what reads and their own things, with no example they cannot run', () => {
    const { message, text } = help(mine(GUEST));
    for (const usage of ['/exp show ID', '/exp list', '/exp dict', '/exp follow', '/exp login'])
      expect(text).toContain(usage);
    for (const usage of ['/exp start ID', '/exp stop ID', '/exp create', ...ADMIN_ONLY])
      expect(text).not.toContain(usage);
    // A line stays when one of its subcommands is theirs: `subscriptions` only lists.
    expect(message.text).toContain('`subscriptions`');
    expect(message.text).not.toContain('`subscribe`');
    expect(text).toContain('`/exp dict layers`');
    expect(text).not.toContain('`/exp start 123`');
    expect(blockIds(message)).not.toContain('exp_help_administer');
  });

  it('is grouped in Russian too', () => {
    const { message, text } = help(mine(MEMBER), ru);
    expect(text).toContain('*Просмотр*');
    expect(text).toContain('*Действия*');
    expect(text).not.toContain('*Администрирование*');
    expect(text).not.toContain('/exp audit');
    expect(text).toContain('Показано только то, что вы можете запустить.');
    expect(message.text).toContain('Действия: `start`');
    expect(help(mine(ADMIN), ru).text).toContain('*Администрирование*');
  });
});

describe('/exp help all, and help that could not be filtered', () => {
  it('marks every command with who may run it, by the workspace policy', () => {
    const policy: WorkspacePolicy = {
      ...DEFAULT_POLICY,
      actions: {
        ...DEFAULT_POLICY.actions,
        start: { ...DEFAULT_POLICY.actions.start, who: { kind: 'admins' }, channels: ['C0DEPLOYS'] },
      },
    };
    const { message, text } = help({ kind: 'all', policy });
    for (const entry of en.help.commands) expect(text).toContain(entry.usage);
    expect(blockIds(message)).toContain('exp_help_administer');
    expect(lineOf(message, '/exp start ID')).toBe(
      '`/exp start ID` Start an experiment. The result is posted in the channel. _Who: an admin, from <#C0DEPLOYS>._',
    );
    expect(lineOf(message, '/exp audit')).toMatch(/_Who: an admin\._$/);
    expect(lineOf(message, '/exp show ID')).toMatch(/_Who: anyone\._$/);
    expect(lineOf(message, '/exp expose')).toMatch(/_Who: an admin\._$/);
    expect(lineOf(message, '/exp login')).toMatch(
      /_Who: `login`, `logout`: anyone, for themselves; `whoami`: anyone; `language`: anyone to read; to change: an admin\._$/,
    );
    expect(text).toContain('Every command, with who may run it. `/exp help` shows only what you may run.');
  });

  it('names the policy rule a command follows when the policy could not be read', () => {
    const { text } = help({ kind: 'all', policy: undefined });
    expect(text).toContain('_Who: as the workspace policy says for `start`._');
    expect(help({ kind: 'all', policy: undefined }, ru).text).toContain(
      '_Кто: как скажет правило `start` в политике пространства._',
    );
  });

  it('shows every command, saying it could not check, when the person or the policy was not read', () => {
    const { message, text } = help({ kind: 'unfiltered' });
    for (const entry of en.help.commands) expect(text).toContain(entry.description);
    expect(text).not.toContain('_Who:');
    expect(blockIds(message)).toContain('exp_help_administer');
    expect(text).toContain('could not check what you may run just now, so every command is shown');
  });

  it('keeps within Block Kit limits with the longest rules, in both languages', () => {
    const groups = Array.from({ length: 20 }, (_, i) => `S0GROUP${String(i).padStart(3, '0')}`);
    const channels = Array.from({ length: 20 }, (_, i) => `C0CHAN${String(i).padStart(4, '0')}`);
    const actions = Object.fromEntries(
      POLICY_ACTIONS.map((action) => [
        action,
        { ...DEFAULT_POLICY.actions[action], who: { kind: 'groups', groupIds: groups }, channels },
      ]),
    ) as WorkspacePolicy['actions'];
    const policy: WorkspacePolicy = {
      ...DEFAULT_POLICY,
      actions,
      schedule: { kind: 'groups', groupIds: groups },
    };
    for (const messages of [en, ru]) {
      const { message, text } = help({ kind: 'all', policy }, messages);
      // Nothing is cut: a task too long for one section goes on in the next.
      for (const entry of messages.help.commands) expect(text).toContain(entry.usage);
      expect(blockIds(message).filter((id) => id?.startsWith('exp_help_act')).length).toBeGreaterThan(1);
    }
  });
});
