import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../dev/slack-emulator/driver.js';
import { createInFlight, type InFlight } from './in-flight.js';
import { createListenerRegistry } from './listener-registry.js';

const SECRET = 'in-flight-test-secret';

let app: App;
let server: Server;
let inFlight: InFlight;
let eventsUrl: string;
/** Opens the gate the listener waits on after its ack; one per command, by text. */
const gates = new Map<string, () => void>();
const finished: string[] = [];
/** Resolved when the listener for a text has done its work (Node 20 has no Promise.withResolvers). */
const done = new Map<string, { promise: Promise<void>; resolve: () => void }>();
const doneOf = (text: string) => {
  let entry = done.get(text);
  if (!entry) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    entry = { promise, resolve };
    done.set(text, entry);
  }
  return entry;
};

beforeAll(async () => {
  // No Slack here: a fixed authorization instead of auth.test.
  app = new App({
    signingSecret: SECRET,
    authorize: async () => ({ botToken: 'xoxb-test', botId: 'B1', botUserId: 'U1' }),
    logLevel: LogLevel.ERROR,
  });
  // Counted as the app counts it: in the listeners' one global middleware.
  const counter = createInFlight();
  inFlight = counter;
  const registry = createListenerRegistry(
    () => undefined,
    () => ({}),
  );
  registry.listeners.command('/exp', () => [
    async ({ ack, command }) => {
      await ack();
      await new Promise<void>((resolve) => gates.set(command.text, resolve));
      finished.push(command.text);
      doneOf(command.text).resolve();
    },
  ]);
  registry.attachTo(app, counter);
  server = (await app.start(0)) as Server;
  eventsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
});
afterAll(async () => {
  await app?.stop();
});

async function command(text: string): Promise<number> {
  const body = new URLSearchParams({ command: '/exp', text, team_id: 'T1', user_id: 'U2', channel_id: 'C1' });
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await fetch(eventsUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(SECRET, timestamp, body.toString()),
    },
    body: body.toString(),
  });
  await res.text();
  return res.status;
}

function openGate(text: string): void {
  const open = gates.get(text);
  if (!open) throw new Error(`no listener waits for ${text}`);
  open();
}

describe('the in-flight count', () => {
  it('is idle at once when no listener runs', async () => {
    await expect(inFlight.idle()).resolves.toBeUndefined();
  });

  it('stays busy after the ack until every listener has finished its work', async () => {
    expect(await command('one')).toBe(200);
    expect(await command('two')).toBe(200);
    let idle = false;
    const waiting = inFlight.idle().then(() => {
      idle = true;
    });
    openGate('one');
    await doneOf('one').promise;
    // The second listener still waits at its gate, so idle() cannot have resolved.
    expect(finished).toEqual(['one']);
    expect(idle).toBe(false);
    openGate('two');
    await waiting;
    expect(finished).toEqual(['one', 'two']);
  });
});
