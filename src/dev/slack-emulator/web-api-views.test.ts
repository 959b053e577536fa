import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { untilPast } from '../../../test/support/clock.js';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

const TTL_MS = 100;
const userId = EMULATOR_DEFAULTS.userId;
let emu: SlackEmulator;
let client: WebClient;

beforeAll(async () => {
  emu = await startSlackEmulator();
  client = new WebClient(emu.identity.botToken, {
    slackApiUrl: emu.apiUrl,
    logLevel: LogLevel.ERROR,
    retryConfig: { retries: 0 },
  });
});
afterEach(() => emu.reset());
afterAll(() => emu.close());

async function errorOf(call: Promise<unknown>): Promise<string> {
  const failure = (await call.then(
    () => undefined,
    (e: unknown) => e,
  )) as { data?: { error: string } } | undefined;
  if (!failure?.data) throw new Error('expected the call to fail with a Slack error');
  return failure.data.error;
}

const modal = (title: string, extra: Record<string, unknown> = {}) => ({
  type: 'modal' as const,
  title: { type: 'plain_text' as const, text: title },
  blocks: [{ type: 'section', block_id: 'b', text: { type: 'mrkdwn', text: title } }],
  ...extra,
});

describe('views.open', () => {
  it('opens a modal for a fresh trigger and returns its id and hash', async () => {
    const res = await client.views.open({ trigger_id: emu.mintTriggerId({ userId }), view: modal('Hello') });
    const id = String(res.view?.id);
    expect(id).toMatch(/^V/);
    expect(res.view?.hash).toMatch(/^\d+\.[0-9a-f]{8}$/);
    expect(res.view?.root_view_id).toBe(id);
    expect(emu.views.get(id)).toMatchObject({ id, hash: res.view?.hash, userId, rootViewId: id });
    expect(emu.views.get(id)?.view.title).toEqual({ type: 'plain_text', text: 'Hello' });
  });

  it('refuses unknown, reused and expired triggers', async () => {
    expect(await errorOf(client.views.open({ trigger_id: 'nope', view: modal('x') }))).toBe(
      'invalid_trigger_id',
    );
    const trigger = emu.mintTriggerId({ userId });
    await client.views.open({ trigger_id: trigger, view: modal('first') });
    expect(await errorOf(client.views.open({ trigger_id: trigger, view: modal('again') }))).toBe(
      'exchanged_trigger_id',
    );
    expect(emu.views.size).toBe(1);
  });

  it('refuses a trigger older than its lifetime', async () => {
    const quick = await startSlackEmulator({ triggerTtlMs: TTL_MS });
    try {
      const quickClient = new WebClient(quick.identity.botToken, {
        slackApiUrl: quick.apiUrl,
        logLevel: LogLevel.ERROR,
      });
      const stale = quick.mintTriggerId({ userId });
      await untilPast(Date.now() + TTL_MS);
      expect(await errorOf(quickClient.views.open({ trigger_id: stale, view: modal('late') }))).toBe(
        'expired_trigger_id',
      );
      expect(quick.views.size).toBe(0);
    } finally {
      await quick.close();
    }
  });

  it('answers invalid_blocks for a view over the limits without spending the trigger', async () => {
    const trigger = emu.mintTriggerId({ userId });
    const failure = await client.views
      .open({ trigger_id: trigger, view: modal('x'.repeat(25)) })
      .catch((e) => e);
    expect(failure.data.error).toBe('invalid_blocks');
    expect(failure.data.response_metadata.messages).toEqual(['[ERROR] view.title.text: 25 chars exceeds 24']);
    const withMetadata = modal('ok', { private_metadata: 'm'.repeat(3001) });
    expect(await errorOf(client.views.open({ trigger_id: trigger, view: withMetadata }))).toBe(
      'invalid_blocks',
    );
    await client.views.open({ trigger_id: trigger, view: modal('ok') });
    expect(emu.views.size).toBe(1);
  });
});

describe('views.update', () => {
  it('changes the hash on every update and rejects a stale hash with hash_conflict', async () => {
    const opened = await client.views.open({ trigger_id: emu.mintTriggerId({ userId }), view: modal('v1') });
    const id = String(opened.view?.id);
    const first = String(opened.view?.hash);
    const updated = await client.views.update({ view_id: id, hash: first, view: modal('v2') });
    expect(updated.view?.hash).not.toBe(first);
    expect(emu.views.get(id)?.hash).toBe(updated.view?.hash);
    expect(await errorOf(client.views.update({ view_id: id, hash: first, view: modal('v3') }))).toBe(
      'hash_conflict',
    );
    expect(emu.views.get(id)?.view.title).toEqual({ type: 'plain_text', text: 'v2' });
    await client.views.update({ view_id: id, view: modal('no hash, no check') });
  });

  it('finds views by external_id and answers not_found otherwise', async () => {
    const view = modal('ext', { external_id: 'exp-123-edit' });
    await client.views.open({ trigger_id: emu.mintTriggerId({ userId }), view });
    const res = await client.views.update({ external_id: 'exp-123-edit', view: modal('ext v2') });
    expect(res.view?.external_id).toBe('exp-123-edit');
    expect(await errorOf(client.views.update({ external_id: 'other', view: modal('x') }))).toBe('not_found');
    expect(await errorOf(client.views.update({ view_id: 'V404', view: modal('x') }))).toBe('not_found');
    const dup = await errorOf(client.views.open({ trigger_id: emu.mintTriggerId({ userId }), view }));
    expect(dup).toBe('duplicate_external_id');
  });
});

describe('views.push', () => {
  it('stacks up to 3 views, then answers push_limit_reached', async () => {
    const root = await client.views.open({ trigger_id: emu.mintTriggerId({ userId }), view: modal('1') });
    const rootId = String(root.view?.id);
    const second = await client.views.push({
      trigger_id: emu.mintTriggerId({ userId, viewId: rootId }),
      view: modal('2'),
    });
    expect(second.view).toMatchObject({ root_view_id: rootId, previous_view_id: rootId });
    const secondId = String(second.view?.id);
    await client.views.push({
      trigger_id: emu.mintTriggerId({ userId, viewId: secondId }),
      view: modal('3'),
    });
    const fourth = emu.mintTriggerId({ userId, viewId: secondId });
    expect(await errorOf(client.views.push({ trigger_id: fourth, view: modal('4') }))).toBe(
      'push_limit_reached',
    );
    expect(emu.views.size).toBe(3);
  });

  it('applies the trigger rules and needs an open modal', async () => {
    const trigger = emu.mintTriggerId({ userId });
    expect(await errorOf(client.views.push({ trigger_id: trigger, view: modal('x') }))).toBe('not_found');
    await client.views.open({ trigger_id: trigger, view: modal('root') });
    expect(await errorOf(client.views.push({ trigger_id: trigger, view: modal('x') }))).toBe(
      'exchanged_trigger_id',
    );
    expect(await errorOf(client.views.push({ trigger_id: 'bogus', view: modal('x') }))).toBe(
      'invalid_trigger_id',
    );
  });
});
