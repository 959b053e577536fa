import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { seededRandom } from './support/seeded-random.js';

// Seeded fuzzing over the real endpoint: 10,000 slash texts and 3,000 interaction payloads, signed
// as Slack signs them. Every request is answered (never a 5xx, never after 3 s), nothing rejects
// unhandled, and no message the app posts carries an unescaped mention or a link it did not build.
// FUZZ_SEED replays a failure; the seed is in every assertion message.

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const SLASH_COUNT = 10_000;
const INTERACTION_COUNT = 3_000;
const CONCURRENCY = 16;
const CHANNEL = EMULATOR_DEFAULTS.channelId;

let h: Harness;
const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  h = await startHarness();
  process.on('unhandledRejection', onRejection);
});
afterAll(async () => {
  process.off('unhandledRejection', onRejection);
  await h?.close();
});

const random = seededRandom(SEED);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const chance = (p: number) => random() < p;

const WORDS = [
  'start',
  'stop',
  'archive',
  'unarchive',
  'help',
  'dict',
  'show',
  'list',
  'create',
  'edit',
  'features',
  'expose',
  'subscribe',
  'unsubscribe',
  'subscriptions',
  'policy',
  'audit',
  'whoami',
  'hooks',
  'token',
  'set',
  'approval',
  'on',
  'off',
  'members',
  'admins',
  'bug',
  'other',
  'critical',
  'sequential',
  'types',
  'layers',
  'teams',
  '--refresh',
  'user:1',
  'visitor:x',
  '1',
  '4',
  '7',
  '123',
  '#5',
  '0',
  '-3',
  '1e3',
  '99999999999999999999',
  'strat',
  'sotp',
  'dictionaries',
];
const HOSTILE = [
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '<@U0ADMIN01>',
  '<#C0GENERAL>',
  '<https://evil.example|click>',
  '<!subteam^S123|@team>',
  '&lt;',
  '&amp;',
  '*bold*',
  '`code`',
  '```',
  '\u0000',
  '\u202e',
  '\u200b',
  '１２',
  '💥',
  '"',
  "'",
  '\\',
  '\t',
  '\n',
  '%',
  '%0A',
  'x'.repeat(300),
];

function slashText(): string {
  const parts = Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
    chance(0.7) ? pick(WORDS) : pick(HOSTILE),
  );
  return parts.join(chance(0.9) ? ' ' : pick(['  ', '\t', '\n', '\u00a0']));
}

const ACTION_IDS = [
  'exp_lifecycle_start',
  'exp_lifecycle_stop',
  'exp_lifecycle_archive',
  'exp_show',
  'exp_list_next',
  'exp_list_prev',
  'exp_audit_older',
  'exp_policy_edit',
  'exp_approval_approve',
  'exp_approval_reject',
  'exp_dict_next',
  'exp_expose_confirm',
  'exp_expose_cancel',
  'not_an_action',
  '',
];
const CALLBACK_IDS = [
  'exp_stop_modal',
  'exp_experiment_modal',
  'exp_connect_modal',
  'exp_login_modal',
  'exp_policy_modal',
  'nope',
];
const VALUES = [
  '{"action":"start","experimentId":4}',
  '{"experimentId":4}',
  '{"page":2}',
  '{"before":"x"}',
  '{}',
  '',
  'null',
  '[]',
  '{"action":"start","experimentId":-1}',
  '{"action":"nuke","experimentId":4}',
  'x'.repeat(3000),
  '{"id":"nope"}',
  '<!channel>',
];
const TEAMS: unknown[] = [
  { id: 'T0TEAM' },
  { id: EMULATOR_DEFAULTS.teamId },
  null,
  undefined,
  { id: '' },
  { id: 7 },
  'T1',
  {},
];
const USERS: unknown[] = [
  { id: EMULATOR_DEFAULTS.userId, team_id: EMULATOR_DEFAULTS.teamId },
  { id: EMULATOR_DEFAULTS.guestUserId },
  { id: '' },
  null,
  { id: 'U0NOBODY1', team_id: 'T0OTHER' },
];

function interactionPayload(): unknown {
  const base = {
    team: pick(TEAMS),
    user: pick(USERS),
    api_app_id: 'A0APP',
    token: 'legacy',
    trigger_id: chance(0.5) ? '1.2.3' : undefined,
    response_url: chance(0.3) ? 'http://127.0.0.1:9/hooks' : undefined,
    channel: chance(0.8) ? { id: pick([CHANNEL, 'D0DM', '', 'C0NOPE']) } : undefined,
  };
  switch (Math.floor(random() * 5)) {
    case 0:
      return {
        ...base,
        type: 'block_actions',
        actions: chance(0.9)
          ? [{ action_id: pick(ACTION_IDS), block_id: 'b', type: 'button', value: pick(VALUES) }]
          : pick([[], null, [{}], 'x']),
        container: { type: 'message', message_ts: '1.0', channel_id: CHANNEL },
      };
    case 1:
      return {
        ...base,
        type: 'view_submission',
        view: chance(0.9)
          ? {
              id: 'V0FUZZ',
              callback_id: pick(CALLBACK_IDS),
              private_metadata: pick(VALUES),
              state: chance(0.8)
                ? { values: pick([{}, { b: { a: { type: 'plain_text_input', value: pick(HOSTILE) } } }]) }
                : pick([null, {}, 'x']),
            }
          : pick([null, {}, 'x']),
      };
    case 2:
      return {
        ...base,
        type: 'block_suggestion',
        action_id: pick(ACTION_IDS),
        block_id: 'b',
        value: pick(HOSTILE),
        view: { id: 'V0', private_metadata: pick(VALUES) },
      };
    case 3:
      return {
        ...base,
        type: pick(['view_closed', 'shortcut', 'message_action', 'interactive_message', 'nonsense', '']),
        view: { id: 'V0', callback_id: pick(CALLBACK_IDS) },
      };
    default:
      return pick<unknown>([null, [], 'x', 42, true, {}, { type: 7 }, { type: 'block_actions' }]);
  }
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await run(item);
      }
    }),
  );
}

describe(`fuzz (seed ${SEED})`, () => {
  it(`answers ${SLASH_COUNT} generated slash texts with 200 within 3 s`, async () => {
    const texts = Array.from({ length: SLASH_COUNT }, slashText);
    await inBatches(texts, async (text) => {
      const res = await h.driver.command({ text, channelId: CHANNEL });
      expect(res.status, `seed ${SEED}, text ${JSON.stringify(text)}`).toBe(200);
      expect(res.ackMs, `seed ${SEED}, text ${JSON.stringify(text)}`).toBeLessThan(3000);
    });
  }, 240_000);

  it(`answers ${INTERACTION_COUNT} generated interaction payloads with 200 or 400 within 3 s`, async () => {
    const payloads = Array.from({ length: INTERACTION_COUNT }, () =>
      JSON.stringify(interactionPayload() ?? null),
    );
    await inBatches(payloads, async (payload) => {
      const body = `payload=${encodeURIComponent(payload)}`;
      const ts = Math.floor(Date.now() / 1000);
      const started = performance.now();
      const res = await h.driver.raw(body, {
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signSlackRequest(h.signingSecret, ts, body),
        'content-type': 'application/x-www-form-urlencoded',
      });
      const took = performance.now() - started;
      expect([200, 400], `seed ${SEED}, payload ${payload.slice(0, 300)}`).toContain(res.status);
      expect(took, `seed ${SEED}, payload ${payload.slice(0, 300)}`).toBeLessThan(3000);
    });
  }, 240_000);

  it('left no unhandled rejection, and no message with an unescaped mention or a link the app did not build', async () => {
    await h.app.idle();
    expect(rejections, `seed ${SEED}`).toEqual([]);
    for (const channel of h.emulator.channels.keys()) {
      for (const message of h.emulator.messages(channel)) {
        const text = messageText(message);
        expect(text, `seed ${SEED}`).not.toMatch(/<!(channel|here|everyone)\b/);
        expect(text, `seed ${SEED}`).not.toMatch(/<!subteam\^/);
        expect(text, `seed ${SEED}`).not.toMatch(/<https?:\/\/evil/);
      }
    }
  });
});
