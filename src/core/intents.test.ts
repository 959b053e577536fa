import { Keyv } from 'keyv';
import { describe, expect, it, vi } from 'vitest';
import { backendFixture } from '../store/backends.test-helper.js';
import { withOutage } from '../store/outage.test-helper.js';
import { createIntentLog, LEASE_MS } from './intents.js';

const workspace = { teamId: 'T0TEAM001' };
const input = { workspace, action: 'start' as const, experimentId: 7, actorId: 'U0MEMBER1' };

function twoReplicas() {
  const keyv = new Keyv({ namespace: 'intents' });
  let now = new Date('2026-11-25T10:00:00Z');
  const clock = { advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
  const log = (owner: string) =>
    createIntentLog({ keyv, now: () => now, inFlightMs: 1_000, onError: () => {}, owner });
  return { keyv, clock, a: log('aaaaaaaaaaaaaaaa'), b: log('bbbbbbbbbbbbbbbb') };
}

describe('intent log', () => {
  it("reports a dead process's intent past its deadline, and never its own", async () => {
    const { clock, a, b } = twoReplicas();
    const id = await a.begin(input);
    expect(await b.orphans()).toEqual([]);
    clock.advance(2_000);
    // a never renewed a lease: to b it is gone. a itself is still at work on it.
    expect((await b.orphans()).map((i) => i.id)).toEqual([id]);
    expect(await a.orphans()).toEqual([]);
  });

  it("says when to look again: the later of a deadline and the owner's lease, never for its own", async () => {
    const { keyv, clock, a, b } = twoReplicas();
    await a.renewLease();
    const started = Date.parse('2026-11-25T10:00:00Z');
    await a.begin(input);
    // Deadline in 1 s, a's lease until 10 s: b looks again when the lease runs out.
    expect(await b.scanOrphans()).toEqual({ orphans: [], recheckAt: started + LEASE_MS });
    expect(await a.scanOrphans()).toEqual({ orphans: [], recheckAt: undefined });
    // Then the lease is gone (the store's TTL): the intent is an orphan, nothing left to wait for.
    clock.advance(LEASE_MS + 1);
    await keyv.delete('lease:aaaaaaaaaaaaaaaa');
    expect(await b.scanOrphans()).toMatchObject({ orphans: [{ experimentId: 7 }], recheckAt: undefined });
  });

  it('leaves a slow but living process its intents while its lease is renewed', async () => {
    const { clock, a, b } = twoReplicas();
    await a.renewLease();
    await a.begin(input);
    clock.advance(60_000);
    expect(await b.orphans()).toEqual([]);
  });

  it('lets the deadline alone decide for records written before leases', async () => {
    const { keyv, clock, b } = twoReplicas();
    await keyv.set('0123456789abcdef01234567', {
      v: 1,
      id: '0123456789abcdef01234567',
      teamId: 'T0TEAM001',
      action: 'stop',
      experimentId: 9,
      actorId: 'U0MEMBER1',
      at: '2026-11-25T09:59:00Z',
      deadline: '2026-11-25T10:00:01Z',
    });
    expect(await b.orphans()).toEqual([]);
    clock.advance(2_000);
    expect((await b.orphans()).map((i) => [i.id, i.phase])).toEqual([
      ['0123456789abcdef01234567', 'sending'],
    ]);
  });

  it('forgets an ended intent', async () => {
    const { clock, a, b } = twoReplicas();
    const { id, written } = a.receive(input);
    await written;
    await a.end(id);
    clock.advance(60_000);
    expect(await b.orphans()).toEqual([]);
  });

  it('keeps a receipt still being written, and ends it only once it is', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const map = new Map<string, unknown>();
    const slowKeyv = new Keyv({
      namespace: 'intents',
      store: {
        get: (key: string) => map.get(key),
        set: async (key: string, value: unknown) => {
          await gate;
          map.set(key, value);
          return true;
        },
        delete: (key: string) => map.delete(key),
        clear: () => map.clear(),
      } as never,
    });
    const now = new Date('2026-11-25T10:00:00Z');
    const a = createIntentLog({
      keyv: slowKeyv,
      now: () => now,
      inFlightMs: 1_000,
      onError: () => {},
      owner: 'aaaaaaaaaaaaaaaa',
    });
    const { id, written } = a.receive(input);
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    // Ended (the request was handled) before the store took it: the delete must follow the write.
    await a.end(id);
    release();
    await written;
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing left for a sweep to report as "nothing was sent" for a request that ran.
    expect([...map.keys()].some((key) => key.includes(id))).toBe(false);
  });

  it('advances the receipt into the action, marks it telling without reading it back, deletes it once', async () => {
    const { keyv, clock, a, b } = twoReplicas();
    const gets = vi.spyOn(keyv, 'get');
    const deletes = vi.spyOn(keyv, 'delete');
    const receipt = a.receive(input);
    await receipt.written;
    const id = await a.begin({ ...input, receipt: receipt.id });
    // One intent for the request: the receipt became the action's, under the same id.
    expect(id).toBe(receipt.id);
    expect(await keyv.get(id)).toMatchObject({ id, phase: 'sending' });
    // The command that received it cannot end an action still at work.
    await a.endReceipt(receipt.id);
    expect(deletes).not.toHaveBeenCalled();
    gets.mockClear();
    await a.telling(id, 'done');
    expect(gets).not.toHaveBeenCalled();
    const told = await keyv.get(id);
    expect(told).toMatchObject({ id, phase: 'telling', outcome: 'done' });
    expect(told).not.toHaveProperty('receipt');
    clock.advance(2_000);
    expect((await b.orphans()).map((i) => [i.id, i.phase, i.outcome])).toEqual([[id, 'telling', 'done']]);
    await a.end(id);
    // The command finishing after its action: already gone, no second delete.
    await a.endReceipt(receipt.id);
    expect(deletes.mock.calls.map(([key]) => key)).toEqual([id]);
    expect(await b.orphans()).toEqual([]);
    // Telling an intent already ended writes nothing back.
    await a.telling(id, 'done');
    expect(await keyv.get(id)).toBeUndefined();
  });

  it("waits for the receipt's own write before advancing it, so the receipt cannot land last", async () => {
    const { keyv, a } = twoReplicas();
    const set = keyv.set.bind(keyv);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.spyOn(keyv, 'set').mockImplementationOnce(async (...args: Parameters<typeof keyv.set>) => {
      await held;
      return set(...args);
    });
    const receipt = a.receive(input);
    const begun = a.begin({ ...input, receipt: receipt.id });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await keyv.get(receipt.id)).toBeUndefined();
    release();
    const id = await begun;
    expect(await keyv.get(id)).toMatchObject({ id: receipt.id, phase: 'sending' });
  });

  it('ends a receipt no action took over, as end does', async () => {
    const { keyv, a } = twoReplicas();
    const receipt = a.receive(input);
    await receipt.written;
    await a.endReceipt(receipt.id);
    expect(await keyv.get(receipt.id)).toBeUndefined();
  });

  it('marks telling an intent it did not begin by reading it from the store', async () => {
    const { keyv, clock, a, b } = twoReplicas();
    const id = await a.begin(input);
    const c = createIntentLog({
      keyv,
      now: () => new Date('2026-11-25T10:00:00Z'),
      inFlightMs: 1_000,
      onError: () => {},
      owner: 'cccccccccccccccc',
    });
    await c.telling(id, 'not-done');
    clock.advance(2_000);
    expect((await b.orphans()).map((i) => [i.id, i.phase, i.outcome, i.owner])).toEqual([
      [id, 'telling', 'not-done', 'aaaaaaaaaaaaaaaa'],
    ]);
  });

  it('ends an intent the store did not let it end once the store is back, before any sweep finds it', async () => {
    const real = await backendFixture('memory').open();
    const outage = withOutage(real);
    let now = new Date('2026-11-25T10:00:00Z');
    const errors: unknown[] = [];
    const log = (keyv: Keyv, owner: string) =>
      createIntentLog({ keyv, now: () => now, inFlightMs: 1_000, onError: (e) => errors.push(e), owner });
    const a = log(outage.store.keyv('intents'), 'aaaaaaaaaaaaaaaa');
    const b = log(real.keyv('intents'), 'bbbbbbbbbbbbbbbb');
    const id = await a.begin(input);
    outage.cut();
    // The platform answered and it was told; neither the mark nor the end reaches the store.
    await a.telling(id, 'not-done');
    await a.end(id);
    expect(errors).toHaveLength(2);
    expect(await a.writeKept()).toBe(1);
    outage.restore();
    expect(await a.writeKept()).toBe(0);
    // a is gone now (no lease): an intent left "sending" would be reported as outcome unknown.
    now = new Date(now.getTime() + 60_000);
    expect(await b.orphans()).toEqual([]);
    expect(await real.keyv('intents').get(id)).toBeUndefined();
  });
});
