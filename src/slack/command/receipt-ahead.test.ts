import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { createIntentLog, INTENT_NAMESPACE } from '../../core/intents.js';
import { createActionSlots } from '../../core/lifecycle/action-slots.js';
import { createMemoryOnceGuard } from '../../store/memory-once-guard.js';
import type { ClaimedWrite } from '../../store/store-types.js';
import { receiptAhead } from './receipt-ahead.js';

// The receipt written with a request's replay claim, against the real intent log on a Keyv in
// memory; the claim, the in-process guard of the SQLite and memory stores, stands in for Redis's
// script by writing what it is handed only when it takes, as the script does (the script itself is
// tested against Redis in src/store/once-guard.test.ts).

const body = (text: string, extra: Record<string, unknown> = {}) => ({
  command: '/exp',
  text,
  team_id: 'T0TEAM001',
  user_id: 'U0MEMBER1',
  channel_id: 'C0GENERAL',
  ...extra,
});

function world() {
  const keyv = new Keyv({ namespace: INTENT_NAMESPACE });
  const intents = createIntentLog({ keyv, now: () => new Date(), inFlightMs: 1_000, onError: () => {} });
  const guard = createMemoryOnceGuard();
  const writes: ClaimedWrite[] = [];
  const claims = async (key: string, ttlMs: number, write: ClaimedWrite) => {
    if (!(await guard.claim(key, ttlMs))) return false;
    writes.push(write);
    await keyv.set(write.key, write.value);
    return true;
  };
  const stored = async () => {
    const ids: string[] = [];
    for await (const [key] of keyv.iterator?.(undefined) ?? []) ids.push(String(key));
    return ids;
  };
  const actionSlots = createActionSlots(2, { perWorkspace: 1 });
  return { keyv, deps: { intents, actionSlots }, actionSlots, claims, writes, stored };
}

/** The receipt a request's claim carries, as the command's chain finds it. */
function receiptOf(ahead: ReturnType<typeof receiptAhead>): { id: string; written: Promise<void> } {
  const receipt = ahead?.properties.expReceiptAhead as { id: string; written: Promise<void> } | undefined;
  if (!receipt) throw new Error('no receipt was prepared');
  return receipt;
}
const idOf = (ahead: ReturnType<typeof receiptAhead>) => receiptOf(ahead).id;

describe('a receipt written with the replay claim', () => {
  it('is prepared only for a command that acts (start, archive, unarchive, a stop with its reason)', () => {
    const { deps, claims } = world();
    const acting = ['start 4', 'archive 4', 'unarchive 4', 'stop 4 bug', 'start 4 in 3d'];
    for (const text of acting) expect(receiptAhead(deps, claims, body(text)), text).toBeDefined();
    const reading = ['help', 'show 4', 'stop 4', 'dict', 'start', 'start x', 'create'];
    for (const text of reading) expect(receiptAhead(deps, claims, body(text)), text).toBeUndefined();
    expect(receiptAhead(deps, claims, body('start 4', { command: '/other' }))).toBeUndefined();
    expect(receiptAhead(deps, claims, body('start 4', { command: '/exp-staging' }))).toBeDefined();
    expect(receiptAhead(deps, claims, body(`start 4 ${'x'.repeat(4_000)}`))).toBeUndefined();
    expect(receiptAhead(deps, claims, body('start 4', { channel_id: undefined }))).toBeUndefined();
    expect(receiptAhead(deps, claims, { payload: '{}' })).toBeUndefined();
  });

  it('is not prepared while the workspace has no action slot free: the chain refuses it with none', () => {
    const { deps, actionSlots, claims } = world();
    expect(actionSlots.tryTake('T0TEAM001')).toBe(true);
    expect(actionSlots.tryTake('T0TEAM001')).toBe(false);
    expect(receiptAhead(deps, claims, body('start 4'))).toBeUndefined();
    // Another workspace still has its share.
    expect(receiptAhead(deps, claims, body('start 4', { team_id: 'T0OTHER01' }))).toBeDefined();
    actionSlots.give('T0TEAM001');
    expect(receiptAhead(deps, claims, body('start 4'))).toBeDefined();
  });

  describe('claimed with its write', () => {
    it('writes the intent as received once the claim takes, and ends it at release', async () => {
      const { deps, claims, keyv } = world();
      const ahead = receiptAhead(deps, claims, body('start 4'));
      const id = idOf(ahead);
      expect(await keyv.get(id)).toBeUndefined();
      expect(await ahead?.claimOnce('seen:1', 60_000, 'h1')).toBe(true);
      await receiptOf(ahead).written;
      expect(await keyv.get(id)).toMatchObject({ phase: 'received', action: 'start', experimentId: 4 });
      ahead?.release();
      await expect.poll(() => keyv.get(id)).toBeUndefined();
    });

    it('writes nothing and ends nothing for a replay', async () => {
      const { deps, claims, stored } = world();
      const first = receiptAhead(deps, claims, body('start 4'));
      expect(await first?.claimOnce('seen:2', 60_000, 'h1')).toBe(true);
      await receiptOf(first).written;
      const replay = receiptAhead(deps, claims, body('start 4'));
      expect(await replay?.claimOnce('seen:2', 60_000, 'h2')).toBe(false);
      replay?.release();
      await expect(receiptOf(replay).written).rejects.toThrow(/a replay/);
      expect(await stored()).toEqual([idOf(first)]);
    });

    it('settles a receipt never claimed at release', async () => {
      const { deps, claims } = world();
      const unclaimed = receiptAhead(deps, claims, body('start 4'));
      unclaimed?.release();
      // The intent log holds a receipt until its write settles: one never made must settle too.
      await expect(receiptOf(unclaimed).written).rejects.toThrow(/refused before its claim/);
    });
  });

  it('deletes at release a receipt whose claim failed after the store may have taken it', async () => {
    const { deps, keyv } = world();
    let written = '';
    const lost = async (_key: string, _ttlMs: number, write: ClaimedWrite) => {
      written = write.key;
      await keyv.set(write.key, write.value);
      throw new Error('the connection was lost before the reply');
    };
    const ahead = receiptAhead(deps, lost, body('archive 5'));
    await expect(ahead?.claimOnce('seen:3', 60_000, 'h3')).rejects.toThrow(/connection was lost/);
    expect(await keyv.get(written)).toBeDefined();
    ahead?.release();
    await expect(receiptOf(ahead).written).rejects.toThrow(/connection was lost/);
    await expect.poll(() => keyv.get(written)).toBeUndefined();
  });

  it("is the chain's receipt when the claim asked again after a lost answer says it landed", async () => {
    const { deps, keyv } = world();
    const holders = new Map<string, string>();
    let answers = 0;
    // Lands every time; the first answer is lost on its way back.
    const landsOnce = async (key: string, _ttlMs: number, write: ClaimedWrite, holder?: string) => {
      const held = holders.get(key);
      if (held !== undefined && held !== holder) return false;
      holders.set(key, holder ?? '');
      await keyv.set(write.key, write.value);
      answers += 1;
      if (answers === 1) throw new Error('the connection was lost before the reply');
      return true;
    };
    const ahead = receiptAhead(deps, landsOnce, body('archive 6'));
    await expect(ahead?.claimOnce('seen:4', 60_000, 'h4')).rejects.toThrow(/connection was lost/);
    expect(await ahead?.claimOnce('seen:4', 60_000, 'h4')).toBe(true);
    await receiptOf(ahead).written;
    expect(await keyv.get(idOf(ahead))).toMatchObject({ phase: 'received', action: 'archive' });
    // A second try after it took is a defect of the caller's.
    await expect(ahead?.claimOnce('seen:4', 60_000, 'h4')).rejects.toThrow(/claimed twice/);
  });
});
