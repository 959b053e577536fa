import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// The audit trail falling behind, through the real entry point: the app on a SQLite file whose
// write lock another connection holds (as `npm run rotate-keys` can), both action slots held by
// starts the platform is slow to answer, and a flood of starts refused for want of a slot. Each
// refusal is answered at once; past 256 audit writes under way the refusals are counted, and once
// the file is free again the trail holds what was written one by one and a total for the rest.

const dir = mkdtempSync(join(tmpdir(), 'exp-audit-behind-'));
const file = join(dir, 'app.sqlite');
const REFUSALS = 320;
let h: Harness;

const exec = (db: sqlite3.Database, sql: string) =>
  new Promise<void>((resolve, reject) => db.exec(sql, (error) => (error ? reject(error) : resolve())));
const openLocker = () =>
  new Promise<sqlite3.Database>((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => (error ? reject(error) : resolve(db)));
  });

beforeAll(async () => {
  h = await startHarness({
    maxActionsInFlight: 2,
    maxActionsPerWorkspace: 2,
    env: { STORE_URL: `sqlite://${file}`, CONSOLE_TIMEOUT_MS: '8000' },
  });
});
afterAll(async () => {
  h?.sandbox.setLatency(0);
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('refusals while the audit trail is behind', () => {
  it('answers every refusal at once and writes the ones past the backlog as one total', async () => {
    h.sandbox.setLatency(4_000, { pathIncludes: '/start' });
    for (const id of [4, 7]) expect((await h.driver.command({ text: `start ${id}` })).status).toBe(200);
    await h.emulator.waitFor(
      () =>
        h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/start')).length === 2,
      { timeoutMs: 5_000, message: 'the two slow starts did not reach the platform' },
    );
    const locker = await openLocker();
    await exec(locker, 'BEGIN IMMEDIATE');
    let answered = 0;
    try {
      // In batches sent at once: the flood must be over well inside the writer's 5 s busy timeout,
      // after which the writes held behind the lock would fail instead of waiting.
      for (let sent = 0; sent < REFUSALS; sent += 40) {
        const acks = await Promise.all(
          Array.from({ length: 40 }, () => h.driver.command({ text: 'start 123' })),
        );
        answered += acks.filter((ack) => ack.status === 200 && ack.body.includes('Too many actions')).length;
      }
    } finally {
      await exec(locker, 'ROLLBACK');
      await new Promise<void>((resolve) => locker.close(() => resolve()));
    }
    expect(answered).toBe(REFUSALS);
    h.sandbox.setLatency(0);
    await h.app.idle();
    const audit = await h.driver.command({ text: 'audit 123', userId: EMULATOR_DEFAULTS.adminUserId });
    await h.app.idle();
    const shown = [
      audit.body,
      ...h.emulator.responsePosts
        .filter((p) => audit.responseUrl.endsWith(`/${p.id}`))
        .map((p) => messageText(p.body as never)),
    ].join('\n');
    const total =
      /(\d+) refused for want of a slot (?:at|between) [\d: and]+ UTC, by <@U0MEMBER1>; counted, not written one by one/.exec(
        shown,
      );
    expect(total, shown).not.toBeNull();
    const counted = Number(total?.[1]);
    // Counted are those refused while 256 or more writes were under way: at least the flood past 256.
    expect(counted).toBeGreaterThanOrEqual(REFUSALS - 256);
    expect(counted).toBeLessThan(REFUSALS);
  }, 60_000);
});
