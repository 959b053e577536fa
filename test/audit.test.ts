import { randomBytes } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createSlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Every attempt to act is in the trail (allowed or refused, with the rule, the approval and what came
// of it), admins page through it with `/exp audit`, and it lives in the configured store: here Redis,
// read by a second replica. Through the real entry points: signed commands and clicks over HTTP.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const GUEST = EMULATOR_DEFAULTS.guestUserId;
// Its own database: other suites' Redis keys never meet this trail.
const STORE_URL = 'redis://127.0.0.1:6379/11';
const ENCRYPTION_KEY = randomBytes(32).toString('base64');
let h: Harness;
let replica: RunningApp | undefined;

beforeAll(async () => {
  // What an earlier run of this file left (trail, policy) is forgotten first.
  const redis = createClient({ url: STORE_URL });
  await redis.connect();
  await redis.flushDb();
  await redis.quit();
  h = await startHarness({ env: { STORE_URL, TOKEN_ENCRYPTION_KEY: ENCRYPTION_KEY } });
});
afterAll(async () => {
  await replica?.close();
  await h?.close();
});

/** replyTo: the next ephemeral reply to a person matching a pattern (each reply is taken once). */
const { until, replyTo } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

const rows = (message: EmulatedMessage): string[] =>
  (message.blocks ?? [])
    .filter((b) => String((b as { block_id?: string }).block_id).startsWith('exp_audit_row_'))
    .map((b) => (b as { text: { text: string } }).text.text);

describe('the audit trail', () => {
  it('records allowed and refused attempts, approvals and outcomes, and shows them to admins', async () => {
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    await until(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => /started experiment \*Onboarding tour\* \(#4\)/.test(messageText(m))),
      'start 4 did not run',
    );
    // The trail is written when the outcome is known; let it land before the next attempt.
    await h.app.idle();
    await h.driver.command({ text: 'start 4', userId: GUEST });
    await replyTo(GUEST, /Guests can read/);
    await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
    await until(
      () =>
        h.emulator.messages(CHANNEL).find((m) => /now needs a second person's approval/.test(messageText(m))),
      'the policy change was not announced',
    );
    await h.driver.command({ text: 'stop 2 bug checkout <!here> broke', userId: MEMBER });
    const request = await until(
      () => h.emulator.messages(CHANNEL).find((m) => !m.ephemeral && /asks to \*stop\*/.test(messageText(m))),
      'no approval request',
    );
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN });
    await until(
      () => /Approved by/.test(messageText(h.emulator.messages(CHANNEL).find((m) => m.ts === request.ts))),
      'not approved',
    );
    await h.app.idle();

    await h.driver.command({ text: 'audit', userId: ADMIN });
    const page = await replyTo(ADMIN, /Audit trail/);
    const lines = rows(page);
    expect(messageText(page)).toContain('newest first');
    // Newest first: the approved stop, its approval, the request, the policy change, the refusal, the start.
    expect(lines[0]).toMatch(
      new RegExp(
        `<@${ADMIN}> · \\*stop\\* #2 in <#${CHANNEL}> · allowed, done · approved \\(asked by <@${MEMBER}>\\)`,
      ),
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `<@${ADMIN}> · \\*stop\\* #2 in <#${CHANNEL}> · allowed · approved \\(asked by <@${MEMBER}>\\) · request `,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(`<@${MEMBER}> · \\*stop\\* #2 in <#${CHANNEL}> · allowed · approval requested · request `),
    );
    expect(lines[3]).toMatch(
      new RegExp(`<@${ADMIN}> · \\*policy\\* in <#${CHANNEL}> · allowed, done · stop approval=on`),
    );
    expect(lines[4]).toMatch(
      new RegExp(`<@${GUEST}> · \\*start\\* #4 in <#${CHANNEL}> · \\*refused\\* \\(rule: guest\\)`),
    );
    expect(lines[5]).toMatch(new RegExp(`<@${MEMBER}> · \\*start\\* #4 in <#${CHANNEL}> · allowed, done`));
    expect(lines).toHaveLength(6);
    // Times are Slack date tokens, shown in each reader's own zone.
    for (const line of lines) expect(line).toMatch(/^<!date\^\d+\^\{date_short_pretty\} \{time\}\|/);
    // What people typed is never in the trail's rows unescaped.
    expect(JSON.stringify(page.blocks)).not.toContain('<!here>');
  });

  it('filters by experiment and by person (as Slack escapes the mention)', async () => {
    await h.driver.command({ text: 'audit 4', userId: ADMIN });
    const byId = rows(await replyTo(ADMIN, /experiment #4/));
    expect(byId).toHaveLength(2);
    for (const line of byId) expect(line).toContain('*start* #4');

    await h.driver.command({ text: `audit --user <@${GUEST}|gus>`, userId: ADMIN });
    const byGuest = rows(await replyTo(ADMIN, new RegExp(`by <@${GUEST}>`)));
    expect(byGuest).toHaveLength(1);
    expect(byGuest[0]).toContain('rule: guest');

    await h.driver.command({ text: `audit 2 --user <@${GUEST}>`, userId: ADMIN });
    await replyTo(ADMIN, new RegExp(`No attempt by <@${GUEST}> to act on experiment #2 is recorded`));

    await h.driver.command({ text: 'audit yesterday', userId: ADMIN });
    await replyTo(ADMIN, /`yesterday` is neither an experiment id nor `--user @someone`/);
  });

  it('is for admins only, and a member asking is itself recorded as refused', async () => {
    await h.driver.command({ text: 'audit', userId: MEMBER });
    await replyTo(MEMBER, /Only workspace admins can read the audit trail/);
    await h.driver.command({ text: `audit --user <@${MEMBER}>`, userId: ADMIN });
    const lines = rows(await replyTo(ADMIN, new RegExp(`by <@${MEMBER}>`)));
    expect(lines[0]).toMatch(/\*audit\* in <#C0GENERAL> · \*refused\* \(rule: admin\)/);
  });

  it('pages with Older and Newest, each click checked again', async () => {
    const refusals = () =>
      h.emulator
        .messages(CHANNEL)
        .filter((m) => m.ephemeral && m.targetUserId === GUEST && /Guests can read/.test(messageText(m)))
        .length;
    const earlier = refusals();
    // Each attempt is refused (and recorded) after its ack: the next is sent once it has been, so
    // that the trail's order, the order of the decisions, is the order the attempts were made in.
    for (let i = 0; i < 23; i++) {
      await h.driver.command({ text: `archive ${100 + i}`, userId: GUEST });
      await until(() => refusals() > earlier + i, `the guest's attempt ${i + 1} was not refused`);
    }
    await h.driver.command({ text: `audit --user <@${GUEST}>`, userId: ADMIN });
    const first = await replyTo(ADMIN, new RegExp(`20 attempts to act \\(by <@${GUEST}>\\)`));
    expect(rows(first)[0]).toContain('*archive* #122');
    expect(rows(first)[19]).toContain('*archive* #103');

    await h.driver.clickButton(first, 'exp_audit_older', { userId: MEMBER });
    await replyTo(MEMBER, /Only workspace admins can read the audit trail/);

    await h.driver.clickButton(first, 'exp_audit_older', { userId: ADMIN });
    const older = await until(() => {
      const m = h.emulator.messages(CHANNEL).find((x) => x.ts === first.ts);
      return m && /4 attempts to act/.test(messageText(m)) ? m : undefined;
    }, 'the page was not replaced by the older one');
    expect(rows(older).map((l) => /#(\d+)/.exec(l)?.[1])).toEqual(['102', '101', '100', '4']);
    const blocks = JSON.stringify(older.blocks);
    expect(blocks).toContain('exp_audit_newest');
    expect(blocks).not.toContain('exp_audit_older');
  });

  it('lives in the configured store: another replica reads the same trail', async () => {
    const config = loadConfig({
      SLACK_SIGNING_SECRET: h.signingSecret,
      SLACK_BOT_TOKEN: h.emulator.identity.botToken,
      SLACK_API_URL: h.emulator.apiUrl,
      STORE_URL,
      CONSOLE_BASE_URL: h.sandbox.url,
      CONSOLE_API_TOKEN: await h.sandbox.issueToken({ name: 'replica' }),
      TOKEN_ENCRYPTION_KEY: ENCRYPTION_KEY,
    });
    replica = await startExpChatops(config, { port: 0, logger: createMemoryLogger('debug') });
    const driver = createSlackDriver({
      appUrl: replica.eventsUrl,
      signingSecret: h.signingSecret,
      emulator: h.emulator,
    });
    await driver.command({ text: 'audit 4', userId: ADMIN });
    const lines = rows(await replyTo(ADMIN, /experiment #4\), newest first/));
    expect(lines).toHaveLength(2);
    expect(lines.some((l) => new RegExp(`<@${MEMBER}> · \\*start\\* #4 .* allowed, done`).test(l))).toBe(
      true,
    );
    expect(lines.some((l) => /rule: guest/.test(l))).toBe(true);
  });
});
