import type { EmulatedMessage } from '../../src/dev/slack-emulator/types.js';
import type { Harness } from './harness.js';

// What the tests of action requests share: fresh experiments, platform calls counted on the wire,
// the stored request read back, and a clock the due pass and the request store read.

/** A clock for startHarness({ start: { scheduleClock } }): moved ahead instead of waiting days. */
export function movableClock() {
  let aheadMs = 0;
  return {
    now: () => new Date(Date.now() + aheadMs),
    /** From now on the due pass and the request store read the time `ms` ahead of the wall clock. */
    set(ms: number) {
      aheadMs = ms;
    },
  };
}

/** Fresh experiments, copies of the sandbox's draft 4, so each case starts its own. */
export function experiments(h: () => Harness, firstId: number) {
  let next = firstId;
  return (status: 'draft' | 'running' | 'stopped' = 'draft'): number => {
    const id = next++;
    const template = h().sandbox.state.experiments.get(4);
    if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4');
    h().sandbox.state.experiments.set(id, {
      ...template,
      id,
      status,
      name: `Asked ${id}`,
      label: `asked_${id}`,
    });
    return id;
  };
}

/** How many times the platform was asked to do `action` to experiment `id`. */
export const platformCalls = (h: Harness, id: number, action: string) =>
  h.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/${action}`),
  ).length;

/** The part of a stored ActionRequest the tests read. */
export interface StoredRequest {
  id: string;
  state: string;
  why?: string;
  runAt?: string;
  what: { action: string; experimentId?: number };
  approval?: { validUntil: string; decidedBy?: string; reason?: string; messageTs?: string };
}

/** The request as the store holds it (namespace 'requests', key `request:<teamId>:<id>`). */
export async function storedRequest(h: Harness, id: string): Promise<StoredRequest | undefined> {
  return (await h.app.store.keyv('requests').get(`request:${h.emulator.identity.teamId}:${id}`)) as
    | StoredRequest
    | undefined;
}

/** The request id an approval request's Approve button carries. */
export function approvalIdOf(message: EmulatedMessage): string {
  for (const block of (message.blocks ?? []) as { elements?: { action_id?: string; value?: string }[] }[]) {
    const approve = block.elements?.find((e) => e.action_id === 'exp_approval_approve');
    if (approve?.value) return (JSON.parse(approve.value) as { id: string }).id;
  }
  throw new Error('no Approve button');
}

/** `at` an instant (seconds precision, UTC), as a person types it. */
export const atTime = (at: Date) => `at ${at.toISOString().slice(0, 19)}Z`;

/** An instant `ms` from now, in whole seconds. */
export const secondsFromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);

/** A person's direct-message channel with the app, as the emulator names it. */
export const dmOf = (user: string) => `D${user.slice(1)}`;
