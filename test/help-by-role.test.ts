import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { englishSentences } from './support/english-sentences.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// `/exp help` through the signed endpoint, answered in the ack: each person sees, grouped by task,
// what this workspace's policy lets them run (read from Slack's users.info and the stored policy),
// and `/exp help all` shows every command with who may run it.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
/** A second member, who reads the app in Russian (so the others keep English). */
const READER_RU = 'U0MEMBER2';
/** Someone Slack does not know: users.info answers user_not_found. */
const UNKNOWN = 'U0NOBODY9';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member in the emulator');
  h.emulator.users.set(READER_RU, { ...member, id: READER_RU, name: 'boris', real_name: 'Boris Member' });
  h.emulator.channels.get(CHANNEL)?.members.push(READER_RU);
});
afterAll(async () => {
  await h?.close();
});

interface Ack {
  response_type?: string;
  text?: string;
  blocks?: { type: string; block_id?: string; text?: { text: string } }[];
}

/** The help acked to `user` for `text`: its blocks' ids, its section lines and all its text. */
async function helpFor(user: string, text = 'help') {
  const res = await h.driver.command({ text, userId: user, channelId: CHANNEL });
  expect(res.status).toBe(200);
  const body = res.json as Ack;
  expect(body.response_type).toBe('ephemeral');
  const blocks = body.blocks ?? [];
  return {
    ids: blocks.map((block) => block.block_id),
    lines: blocks.flatMap((block) =>
      block.type === 'section' && block.text ? block.text.text.split('\n') : [],
    ),
    all: messageText(body),
  };
}

const ADMIN_ONLY = ['/exp audit', '/exp hooks', '/exp connect'];

describe('/exp help by role', () => {
  it('shows a member what they may run, without admin-only commands, and how to see the rest', async () => {
    const help = await helpFor(MEMBER);
    expect(help.ids).toEqual(
      expect.arrayContaining(['exp_help_look_up', 'exp_help_act', 'exp_help_alerts', 'exp_help_more']),
    );
    expect(help.ids).not.toContain('exp_help_administer');
    for (const usage of ADMIN_ONLY) expect(help.all).not.toContain(usage);
    expect(help.all).toContain('/exp start ID');
    expect(help.all).toContain(
      'Only what you may run is shown. `/exp help all` shows every command, with who may run it.',
    );
  });

  it('shows an admin the Administer task', async () => {
    const help = await helpFor(ADMIN);
    expect(help.ids).toContain('exp_help_administer');
    for (const usage of ADMIN_ONLY) expect(help.all).toContain(usage);
    expect(help.lines).toContain('*Administer*');
  });

  it('follows the policy: `start` for admins only leaves start out of a member’s help', async () => {
    await h.driver.command({ text: 'policy set start admins', userId: ADMIN, channelId: CHANNEL });
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => !m.ephemeral && /start/.test(messageText(m)) && /admin/.test(messageText(m))),
      { message: 'the policy change was not announced' },
    );
    const member = await helpFor(MEMBER);
    expect(member.all).not.toContain('/exp start ID');
    expect(member.all).not.toContain('`/exp start 123`');
    expect(member.all).toContain('/exp stop ID');
    expect((await helpFor(ADMIN)).all).toContain('/exp start ID');

    // Every command, each with who may run it by this workspace's policy.
    const all = await helpFor(MEMBER, 'help all');
    expect(all.ids).toContain('exp_help_administer');
    const line = (usage: string) => all.lines.find((l) => l.startsWith(`\`${usage}`));
    expect(line('/exp start ID')).toMatch(/_Who: an admin\._$/);
    expect(line('/exp stop ID')).toMatch(/_Who: any member\._$/);
    expect(line('/exp audit')).toMatch(/_Who: an admin\._$/);
    expect(line('/exp show ID')).toMatch(/_Who: anyone\._$/);
    expect(all.all).toContain('Every command, with who may run it.');
    await h.driver.command({ text: 'policy set start members', userId: ADMIN, channelId: CHANNEL });
  });

  it('is grouped in Russian too, with no English sentence', async () => {
    const said = await h.driver.command({ text: 'language ru', userId: READER_RU, channelId: CHANNEL });
    expect(said.status).toBe(200);
    await h.app.idle();
    const help = await helpFor(READER_RU);
    expect(help.lines).toEqual(expect.arrayContaining(['*Просмотр*', '*Действия*', '*Оповещения*']));
    expect(help.lines).not.toContain('*Администрирование*');
    expect(help.all).toContain('Показано только то, что вы можете запустить.');
    expect(englishSentences(help.all)).toEqual([]);
    const all = await helpFor(READER_RU, 'help all');
    expect(all.lines).toContain('*Администрирование*');
    expect(englishSentences(all.all)).toEqual([]);
  });

  it('still answers when the person cannot be read: every command, saying it was not filtered', async () => {
    const help = await helpFor(UNKNOWN);
    expect(help.ids).toContain('exp_help_administer');
    expect(help.all).toContain('could not check what you may run just now, so every command is shown');
  });

  it('gives an unknown word the closest command and the person’s own help', async () => {
    const res = await h.driver.command({ text: 'strat 3', userId: MEMBER, channelId: CHANNEL });
    const said = messageText(res.json as Ack);
    expect(said).toContain('did you mean `/exp start`?');
    expect(said).toContain('/exp start ID');
    for (const usage of ADMIN_ONLY) expect(said).not.toContain(usage);
  });
});
