import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { Store } from '../src/store/store-types.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { experiments, platformCalls } from './support/requests.js';

// An ask for approval that the store fails part-way through, after the request was stored: the
// policy it is posted with cannot be read, or the posted message cannot be remembered with it.
// Either way the request is taken back (no Approve button acts on a request whose end could never be
// shown), the person hears that nothing was done, and nothing reaches the platform. The store fails
// as a Redis client with no offline queue fails (ClientOfflineError), at one chosen call of the
// app's real store.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
let h: Harness;
const fresh = experiments(() => h, 8_700);
const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });

beforeAll(async () => {
  h = await startHarness();
  await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
  await h.app.idle();
});
afterAll(async () => {
  await h?.close();
});

const offline = () => Object.assign(new Error('The client is offline'), { name: 'ClientOfflineError' });

/** Store calls made to fail once, when armed: the policy read after a waiting request is written, the message's attachment. */
function faults(store: Store) {
  const conditional = store.conditional;
  const swap = conditional.swap.bind(conditional);
  const requests = store.keyv('requests');
  const set = requests.set.bind(requests);
  const policies = store.keyv('policies');
  const get = policies.get.bind(policies);
  const state = { policyDownAfterPending: false, attachDown: false, policyDown: false };
  conditional.swap = async (namespace, key, expected, next, ttlMs) => {
    const request = namespace === 'requests' && key.startsWith('request:');
    if (request && state.attachDown && next?.includes('messageTs')) {
      state.attachDown = false;
      throw offline();
    }
    return swap(namespace, key, expected, next, ttlMs);
  };
  // A request is created with a plain write (no earlier value to compare with).
  requests.set = (async (...args: Parameters<typeof set>) => {
    const written = await set(...args);
    const [key, value] = args;
    const pending = (value as { state?: unknown } | undefined)?.state === 'pending-approval';
    if (String(key).startsWith('request:') && pending && state.policyDownAfterPending) {
      state.policyDownAfterPending = false;
      state.policyDown = true;
    }
    return written;
  }) as typeof requests.set;
  policies.get = (async (...args: Parameters<typeof get>) => {
    if (state.policyDown) {
      state.policyDown = false;
      throw offline();
    }
    return get(...args);
  }) as typeof policies.get;
  return state;
}

async function storedFor(id: number) {
  const stored: { state: string; what: { experimentId?: number } }[] = [];
  const keyv = h.app.store.keyv('requests');
  for await (const [key, value] of keyv.iterator?.(undefined) ?? []) {
    if (String(key).startsWith('request:') && (value as (typeof stored)[0]).what?.experimentId === id)
      stored.push(value as (typeof stored)[0]);
  }
  return stored;
}

const toldMember = (pattern: RegExp) =>
  slack.until(
    () => h.emulator.messages(CHANNEL).find((m) => m.ephemeral && pattern.test(messageText(m))),
    `the member was never told ${pattern}`,
  );

describe('an ask for approval cut by the store after the request was stored', () => {
  let armed: ReturnType<typeof faults>;
  beforeAll(() => {
    armed = faults(h.app.store);
  });

  it('is taken back, unposted, when the policy it is posted with cannot be read', async () => {
    const id = fresh('running');
    armed.policyDownAfterPending = true;
    await h.driver.command({ text: `stop ${id} bug`, userId: MEMBER });
    await h.app.idle();
    const told = await toldMember(new RegExp(`experiment \\*?${id}\\*?`));
    expect(messageText(told)).toMatch(/cannot reach its own store/);
    expect(armed.policyDown).toBe(false);
    const asked = h.emulator
      .messages(CHANNEL)
      .filter((m) => JSON.stringify(m.blocks ?? []).includes(`${id}`));
    expect(asked.some((m) => JSON.stringify(m.blocks ?? []).includes('exp_approval_approve'))).toBe(false);
    expect((await storedFor(id)).map((r) => r.state)).toEqual(['cancelled']);
    expect(platformCalls(h, id, 'stop')).toBe(0);
  });

  it('is taken back, its message saying so, when the posted message cannot be remembered', async () => {
    const id = fresh('running');
    armed.attachDown = true;
    await h.driver.command({ text: `stop ${id} bug`, userId: MEMBER });
    await h.app.idle();
    const told = await toldMember(new RegExp(`experiment \\*?${id}\\*?`));
    expect(messageText(told)).toMatch(/cannot reach its own store/);
    expect(armed.attachDown).toBe(false);
    const request = await slack.until(
      () => h.emulator.messages(CHANNEL).find((m) => !m.ephemeral && messageText(m).includes(`${id}`)),
      'the request was never posted',
    );
    // Its buttons are gone: the message says it was taken back.
    expect(JSON.stringify(request.blocks ?? [])).not.toContain('exp_approval_approve');
    expect(messageText(request)).toMatch(/Taken back .*nothing ran/);
    expect((await storedFor(id)).map((r) => r.state)).toEqual(['cancelled']);
    expect(platformCalls(h, id, 'stop')).toBe(0);
  });
});
