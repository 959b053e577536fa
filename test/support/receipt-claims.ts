import { expect } from 'vitest';
import { EMULATOR_DEFAULTS } from '../../src/dev/slack-emulator/seed.js';
import type { Harness } from './harness.js';

/** What a store-specific test sees of a lifecycle command's receipt written with its replay claim. */
export interface ReceiptWatch {
  /** Forgets what was seen so far. */
  reset(): void;
  /** The claims seen since the reset that carried a receipt: its id, and the text sent with it. */
  claimsWithReceipt(): { id: string; sent: string }[];
  /** The app's other writes of one intent's key (not a claim's), each as the text sent. */
  writesOf(id: string): string[];
  /** How many times one intent's key was deleted. */
  deletesOf(id: string): number;
  /** The intents in the store (each process's lease left out). */
  intentsLeft(): Promise<string[]>;
}

/** An intent in its first phase, as sent: plain, or escaped once more inside a command's text. */
const RECEIVED = /\\?"phase\\?":\\?"received\\?"/;

/**
 * A start and its replay: the start made one claim carrying a receipt, and took it; the replay
 * asked three times (at once, then after each of its two waits for a refused claim), none taking.
 * The action advanced the first receipt (no receipt of its own), ended it once, and left nothing
 * behind; the replay's receipt was never written.
 */
export async function expectReceiptWrittenByClaim(h: Harness, watch: ReceiptWatch): Promise<void> {
  watch.reset();
  await startWithReplay(h);
  const claims = watch.claimsWithReceipt();
  expect(claims).toHaveLength(4);
  const [taken, refused, ...askedAgain] = claims;
  expect(askedAgain.map((c) => c.id)).toEqual([refused?.id, refused?.id]);
  expect(refused?.id).not.toBe(taken?.id);
  expect(taken?.sent).toMatch(RECEIVED);
  const writes = watch.writesOf(taken?.id ?? '');
  expect(writes.length).toBeGreaterThan(0);
  for (const sent of writes) expect(sent).not.toMatch(RECEIVED);
  expect(watch.writesOf(refused?.id ?? '')).toEqual([]);
  // Ended once, by the action that took it over: not again by the receiver's release.
  expect(watch.deletesOf(taken?.id ?? '')).toBe(1);
  expect(startsOf(h, 4)).toHaveLength(1);
  expect(await watch.intentsLeft()).toEqual([]);
}

/** The platform's start calls for one experiment. */
const startsOf = (h: Harness, id: number) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
  );

/**
 * A start refused by access, one from a workspace the app is not installed for, and one refused as
 * busy (the harness started with two action slots) leave no receipt behind; the busy one's claim
 * carries none.
 */
export async function expectNoReceiptForCommandsThatDoNotAct(h: Harness, watch: ReceiptWatch): Promise<void> {
  await h.driver.command({ text: 'start 7', userId: EMULATOR_DEFAULTS.guestUserId });
  await h.app.idle();
  expect(await watch.intentsLeft()).toEqual([]);
  // Refused before any listener, so the receipt written with its claim is ended by the receiver
  // once the request is answered, after it: waited for, not assumed.
  await h.driver.command({ text: 'start 7', teamId: 'T0OTHERWS' });
  await h.emulator.waitFor(async () => (await watch.intentsLeft()).length === 0, {
    message: 'a receipt was left behind by a command from another workspace',
  });

  h.sandbox.setLatency(1_500, { pathIncludes: '/start' });
  watch.reset();
  for (const id of [7, 123]) expect((await h.driver.command({ text: `start ${id}` })).status).toBe(200);
  await h.emulator.waitFor(() => startsOf(h, 7).length === 1 && startsOf(h, 123).length === 1, {
    timeoutMs: 5000,
  });
  const busy = await h.driver.command({ text: 'start 3' });
  expect(busy.body).toContain('Too many actions are in progress');
  // With no slot free when it was claimed, the busy command's claim carried no receipt.
  expect(watch.claimsWithReceipt()).toHaveLength(2);
  h.sandbox.setLatency(0);
  await h.app.idle();
  expect(startsOf(h, 3)).toHaveLength(0);
  expect(await watch.intentsLeft()).toEqual([]);
}

/** `/exp start 4` and its replay (the same signed body again): both answered, the start run. */
async function startWithReplay(h: Harness): Promise<void> {
  const form = h.driver.commandForm({ text: 'start 4' });
  const first = await h.driver.signed(form);
  const replay = await h.driver.signed(form);
  expect([first.status, replay.status]).toEqual([200, 200]);
  await h.emulator.waitFor(() => startsOf(h, 4).length === 1, { message: 'start 4 did not run' });
  await h.app.idle();
}
