import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signHookBody } from '../src/core/hooks/signature.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Inbound lifecycle events over real HTTP: signed like Slack's requests, bounded, strict, once per
// event id, recorded on the experiment and alerted to subscribed channels like the app's own actions.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const CONFIGURED_SECRET = 'c'.repeat(48);
let h: Harness;
let hookUrl: string;
let secret: string;

beforeAll(async () => {
  h = await startHarness({
    env: { LIFECYCLE_HOOK_SECRET: CONFIGURED_SECRET, PUBLIC_URL: 'https://exp.example.com/' },
  });
});
afterAll(async () => {
  await h?.close();
});

const { until, replyTo } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

const now = () => Math.floor(Date.now() / 1000);

async function post(
  url: string,
  body: string,
  opts: { secret?: string; timestamp?: number; signature?: string } = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const timestamp = String(opts.timestamp ?? now());
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-exp-timestamp': timestamp,
      'x-exp-signature': opts.signature ?? signHookBody(opts.secret ?? secret, timestamp, body),
    },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const event = (fields: Record<string, unknown>) => JSON.stringify(fields);

describe('inbound lifecycle events', () => {
  it('shows the hook to admins only, with its address and secret', async () => {
    await h.driver.command({ text: 'hooks', userId: MEMBER });
    await replyTo(MEMBER, /Only workspace admins can see or rotate the lifecycle hook/);
    await h.driver.command({ text: 'hooks', userId: ADMIN });
    const text = messageText(await replyTo(ADMIN, /Lifecycle events from outside Slack/));
    const path = /https:\/\/exp\.example\.com(\/hooks\/lifecycle\/[A-Za-z0-9_-]+)/.exec(text)?.[1];
    const shown = /Secret:\* `([^`]+)`/.exec(text)?.[1];
    expect(path).toBeDefined();
    // LIFECYCLE_HOOK_SECRET is the configured workspace's secret.
    expect(shown).toBe(CONFIGURED_SECRET);
    hookUrl = `${h.app.url}${path}`;
    secret = shown ?? '';
  });

  it('records an accepted event and alerts subscribed channels once per event id', async () => {
    await h.driver.command({ text: 'subscribe events:all', userId: MEMBER });
    await until(
      () => h.emulator.messages(CHANNEL).find((m) => /subscribed/i.test(messageText(m))),
      'not subscribed',
    );
    const body = event({
      id: 'ci-run-42',
      experimentId: 5,
      action: 'archive',
      actor: 'nightly-cleanup',
      name: 'Old banner test',
      team: 'growth',
    });
    const first = await post(hookUrl, body);
    expect(first).toEqual({ status: 202, json: { status: 'accepted', id: 'ci-run-42' } });
    const alert = await until(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) =>
            /\*nightly-cleanup\* archived experiment \*Old banner test\* \(#5\)/.test(messageText(m)),
          ),
      'no alert for the event',
    );
    expect(messageText(alert)).toContain('via platform event');
    const again = await post(hookUrl, body);
    expect(again).toEqual({ status: 202, json: { status: 'duplicate', id: 'ci-run-42' } });
    // The duplicate was answered and every alert queued by then has been sent: a second one would show.
    await h.app.idle();
    expect(
      h.emulator
        .messages(CHANNEL)
        .filter((m) =>
          /\*nightly-cleanup\* archived experiment \*Old banner test\* \(#5\)/.test(messageText(m)),
        ),
    ).toHaveLength(1);

    await h.driver.command({ text: 'show 5', userId: MEMBER });
    const card = messageText(await replyTo(MEMBER, /\*Delivery slot hints\* \(#5\)/));
    // The platform's own read (newer than the event) wins for name and status; the event is history.
    expect(card).toMatch(/\*nightly-cleanup\* archived it <!date\^\d+\^\{ago\}\|[^>]+> _via platform event_/);
  });

  it('alerts a bare status change and escapes what the sender wrote', async () => {
    const body = event({
      id: 'status-1',
      experimentId: 7,
      action: 'status',
      status: 'running',
      actor: '<!channel> bot',
    });
    expect((await post(hookUrl, body)).status).toBe(202);
    const alert = await until(
      () =>
        h.emulator.messages(CHANNEL).find((m) => /reported experiment \*7\* as Running/.test(messageText(m))),
      'no status alert',
    );
    expect(messageText(alert)).toContain('&lt;!channel&gt; bot');
    expect(JSON.stringify(alert.blocks)).not.toContain('<!channel>');
  });

  it('refuses bad signatures (401), timestamps more than 5 minutes away (400), bad bodies (400), big bodies (413), unknown hooks (404)', async () => {
    const body = event({ id: 'x-1', experimentId: 4, action: 'start' });
    expect((await post(hookUrl, body, { secret: 'wrong-secret' })).status).toBe(401);
    expect((await post(hookUrl, body, { signature: 'v1=00' })).status).toBe(401);
    const stale = await post(hookUrl, body, { timestamp: now() - 301 });
    expect(stale).toMatchObject({ status: 400, json: { error: expect.stringContaining('past') } });
    const future = await post(hookUrl, body, { timestamp: now() + 3600 });
    expect(future).toMatchObject({ status: 400, json: { error: expect.stringContaining('future') } });
    const tenYears = await post(hookUrl, body, { timestamp: now() + 10 * 365 * 86400 });
    expect(tenYears.status).toBe(400);
    const negative = await post(hookUrl, event({ id: 'x-2', experimentId: -1, action: 'start' }));
    expect(negative).toMatchObject({
      status: 400,
      json: { error: expect.stringMatching(/^experimentId: /) },
    });
    const unknownField = await post(
      hookUrl,
      event({ id: 'x-3', experimentId: 4, action: 'start', by: 'me' }),
    );
    expect(unknownField).toMatchObject({ status: 400, json: { error: expect.stringContaining('by') } });
    const badAction = await post(hookUrl, event({ id: 'x-4', experimentId: 4, action: 'explode' }));
    expect(badAction).toMatchObject({ status: 400, json: { error: expect.stringMatching(/^action: /) } });
    expect((await post(hookUrl, 'not json')).status).toBe(400);
    const huge = event({ id: 'x-5', experimentId: 4, action: 'start', comment: 'a'.repeat(70 * 1024) });
    expect((await post(hookUrl, huge)).status).toBe(413);
    expect((await post(`${h.app.url}/hooks/lifecycle/AAAAAAAAAAAAAAAAAAAAAA`, body)).status).toBe(404);
    // None of these was acted on.
    await h.app.idle();
    expect(
      h.emulator.messages(CHANNEL).filter((m) => /experiment \*4\*|\(#4\)/.test(messageText(m))),
    ).toHaveLength(0);
  });

  it('keeps the old secret working for a day after a rotation', async () => {
    await h.driver.command({ text: 'hooks rotate', userId: ADMIN });
    const text = messageText(await replyTo(ADMIN, /The hook has a new secret/));
    const fresh = /Secret:\* `([^`]+)`/.exec(text)?.[1] ?? '';
    expect(fresh).not.toBe(secret);
    expect(fresh.length).toBeGreaterThanOrEqual(32);
    expect(
      (await post(hookUrl, event({ id: 'r-1', experimentId: 6, action: 'status', status: 'x' }))).status,
    ).toBe(202);
    expect(
      (
        await post(hookUrl, event({ id: 'r-2', experimentId: 6, action: 'status', status: 'y' }), {
          secret: fresh,
        })
      ).status,
    ).toBe(202);
  });

  it('accepts what the curl + openssl example of docs/hooks.md sends', async () => {
    const readme = readFileSync(new URL('../docs/hooks.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## From a CI job'));
    const script = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(script).toContain('openssl dgst -sha256 -hmac');
    // The example's placeholders become this hook's URL and secret; the rest runs as written.
    const runnable = script
      .replace(/^HOOK_URL=.*$/m, `HOOK_URL='${hookUrl}'`)
      .replace(/^HOOK_SECRET=.*$/m, `HOOK_SECRET='${secret}'`);
    // Asynchronously: the app answers from this very process.
    const { stdout: out } = await promisify(execFile)('sh', ['-c', runnable], {
      env: { ...process.env, CI_PIPELINE_ID: 'readme-1' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(JSON.parse(out)).toEqual({ status: 'accepted', id: 'readme-1-stop' });
  });

  it('answers on /hooks/lifecycle for the configured workspace (single-workspace mode)', async () => {
    const res = await post(
      `${h.app.url}/hooks/lifecycle`,
      event({ id: 's-1', experimentId: 8, action: 'stop' }),
      {
        secret: CONFIGURED_SECRET,
      },
    );
    expect(res.status).toBe(202);
  });
});
