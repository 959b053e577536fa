import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signSlackRequest } from '../dev/slack-emulator/driver.js';
import { createListenerRegistry, type SlackListeners } from './listener-registry.js';

const SECRET = 'listener-registry-test-secret';
let app: App;
let listeners: SlackListeners<{ asker: string }>;
let server: Server;
let eventsUrl: string;
const ran: string[] = [];
const unknown: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  app = new App({
    signingSecret: SECRET,
    authorize: async () => ({ botToken: 'xoxb-test', botId: 'B1', botUserId: 'U1' }),
    logLevel: LogLevel.ERROR,
  });
  // Each request's deps name who sent it: the chains below are built from them.
  const registry = createListenerRegistry<{ asker: string }>(
    (kind, id) => unknown.push(`${kind}:${id}`),
    async (args) => ({ asker: (args.body as { user?: { id?: string } }).user?.id ?? 'nobody' }),
  );
  listeners = registry.listeners;
  listeners.action('exact_button', () => [
    async ({ ack }) => {
      ran.push('exact');
      await ack();
    },
  ]);
  listeners.action(/^page_(prev|next)$/, () => [
    async ({ ack, action }) => {
      ran.push(`pattern:${(action as { action_id: string }).action_id}`);
      await ack();
    },
  ]);
  // Two listeners on one id both run, in the order they were registered.
  listeners.action('twice', () => [
    async ({ ack }) => {
      ran.push('twice:1');
      await ack();
    },
  ]);
  listeners.action('twice', () => [
    async () => {
      ran.push('twice:2');
    },
  ]);
  listeners.action('guarded', () => [
    async ({ ack, body, next }) => {
      // Listener middleware: lets admins through, answers everyone else itself.
      if ((body as { user: { id: string } }).user.id === 'UADMIN') return next();
      ran.push('guarded:refused');
      await ack();
    },
    async ({ ack }) => {
      ran.push('guarded:ran');
      await ack();
    },
  ]);
  listeners.action('whose_deps', (deps) => [
    async ({ ack }) => {
      ran.push(`built for ${deps.asker}`);
      await ack();
    },
  ]);
  // A chain with no listener in it is a programming error: reported for the request, nothing run.
  listeners.action('empty_chain', () => []);
  listeners.action('fails', () => [
    async ({ ack }) => {
      await ack();
      throw new Error('listener failed on purpose');
    },
  ]);
  // A middleware that throws before any await (a plain function), and one that calls next twice.
  listeners.action('throws_at_once', () => [
    ({ ack }) => {
      void ack();
      throw new Error('middleware threw at once');
    },
    async () => void ran.push('after throws_at_once'),
  ]);
  listeners.action('next_twice', () => [
    async ({ ack, next }) => {
      await ack();
      await next();
      await next();
    },
    async () => void ran.push('next_twice:listener'),
  ]);
  listeners.view('the_modal', () => [
    async ({ ack, view }) => {
      ran.push(`view:${view.callback_id}`);
      await ack();
    },
  ]);
  listeners.options('picker', () => [
    async ({ ack }) => {
      ran.push('options');
      await ack({ options: [{ text: { type: 'plain_text', text: 'A' }, value: 'a' }] });
    },
  ]);
  listeners.command(/^\/exp$/, () => [
    async ({ ack, command }) => {
      ran.push(`command:${command.text}`);
      await ack();
    },
  ]);
  listeners.event('app_home_opened', () => [
    async () => {
      ran.push('event:app_home_opened');
    },
  ]);
  app.error(async (error) => {
    errors.push(error.message);
  });
  registry.attachTo(app);
  server = (await app.start(0)) as Server;
  eventsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
});
afterAll(async () => {
  await app?.stop();
});

async function post(body: string, contentType: string): Promise<{ status: number; text: string }> {
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await fetch(eventsUrl, {
    method: 'POST',
    headers: {
      'content-type': contentType,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(SECRET, timestamp, body),
    },
    body,
    signal: AbortSignal.timeout(2_500),
  });
  return { status: res.status, text: await res.text() };
}

const interaction = (payload: Record<string, unknown>) =>
  post(
    new URLSearchParams({
      payload: JSON.stringify({ team: { id: 'T1' }, user: { id: 'U2' }, api_app_id: 'A1', ...payload }),
    }).toString(),
    'application/x-www-form-urlencoded',
  );
const click = (actionId: string, userId = 'U2') =>
  interaction({
    type: 'block_actions',
    user: { id: userId },
    trigger_id: '1.2.3',
    actions: [{ type: 'button', action_id: actionId, block_id: 'b', value: 'v', action_ts: '1' }],
  });

// Listeners keep going after their ack, so a test waits for what it expects to have run. That also
// proves nothing else ran: every listener here records itself before its first await, and the
// registry starts the listeners of a request in one dispatch, so a wrongly matched one would be
// recorded by the time the expected ones are, and the list would never equal the expected one.

describe('listener registry', () => {
  it('runs only the listener filed under the id, exact or by pattern', async () => {
    ran.length = 0;
    expect((await click('exact_button')).status).toBe(200);
    expect((await click('page_next')).status).toBe(200);
    await vi.waitFor(() => expect(ran).toEqual(['exact', 'pattern:page_next']));
  });

  it('runs every listener of one id in registration order', async () => {
    ran.length = 0;
    await click('twice');
    await vi.waitFor(() => expect(ran).toEqual(['twice:1', 'twice:2']));
  });

  it("runs a listener's middleware first, which may answer instead of it", async () => {
    ran.length = 0;
    await click('guarded', 'U2');
    await click('guarded', 'UADMIN');
    await vi.waitFor(() => expect(ran).toEqual(['guarded:refused', 'guarded:ran']));
  });

  it('routes views, options, commands and events by their own ids', async () => {
    ran.length = 0;
    await interaction({
      type: 'view_submission',
      view: { id: 'V1', callback_id: 'the_modal', state: { values: {} } },
    });
    const options = await interaction({
      type: 'block_suggestion',
      action_id: 'picker',
      block_id: 'b',
      value: 'a',
    });
    expect(JSON.parse(options.text).options).toHaveLength(1);
    await post(
      new URLSearchParams({
        command: '/exp',
        text: 'help',
        team_id: 'T1',
        user_id: 'U2',
        channel_id: 'C1',
      }).toString(),
      'application/x-www-form-urlencoded',
    );
    await post(
      JSON.stringify({
        type: 'event_callback',
        team_id: 'T1',
        api_app_id: 'A1',
        event_id: 'Ev1',
        event_time: 1,
        event: { type: 'app_home_opened', user: 'U2', channel: 'D1', tab: 'home' },
      }),
      'application/json',
    );
    await vi.waitFor(() =>
      expect(ran).toEqual(['view:the_modal', 'options', 'command:help', 'event:app_home_opened']),
    );
  });

  it('acks what no listener takes at once, with nothing run', async () => {
    ran.length = 0;
    unknown.length = 0;
    const started = Date.now();
    expect((await click('button_of_an_older_version')).status).toBe(200);
    const options = await interaction({
      type: 'block_suggestion',
      action_id: 'gone',
      block_id: 'b',
      value: '',
    });
    expect(JSON.parse(options.text)).toEqual({ options: [] });
    expect(
      (await interaction({ type: 'view_submission', view: { id: 'V2', callback_id: 'old_modal' } })).status,
    ).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(ran).toEqual([]);
    expect(unknown).toEqual(['action:button_of_an_older_version', 'options:gone', 'view:old_modal']);
  });

  it("builds a listener's chain for each request from the deps given for that request", async () => {
    ran.length = 0;
    await click('whose_deps', 'U2');
    await click('whose_deps', 'U3');
    await vi.waitFor(() => expect(ran).toEqual(['built for U2', 'built for U3']));
  });

  it('reports a chain that holds no listener as a failure, with nothing run', async () => {
    errors.length = 0;
    ran.length = 0;
    // Nothing acks it: Bolt's own receiver keeps the request open until its timeout, so it is not awaited.
    const pending = click('empty_chain').catch(() => undefined);
    await vi.waitFor(() => expect(errors).toEqual(['action: a listener function is required']));
    expect(ran).toEqual([]);
    await pending;
  });

  it("hands a listener's failure to the app's error handler, as Bolt does", async () => {
    errors.length = 0;
    expect((await click('fails')).status).toBe(200);
    await vi.waitFor(() => expect(errors).toEqual(['listener failed on purpose']));
  });

  it('hands on a middleware that throws before any await, and a second next(), as failures', async () => {
    errors.length = 0;
    ran.length = 0;
    await click('throws_at_once');
    await click('next_twice');
    await vi.waitFor(() =>
      expect(errors).toEqual(['middleware threw at once', 'next() called multiple times']),
    );
    // The listener ran once, for the first next(); nothing ran after the middleware that threw.
    expect(ran).toEqual(['next_twice:listener']);
  });

  it('refuses, at registration, a constraint it would not match as Bolt does', () => {
    const constraint = { block_id: 'b', action_id: 'x' } as unknown as string;
    expect(() => listeners.action(constraint, () => [async () => {}])).toThrow(/string or RegExp/);
  });
});
