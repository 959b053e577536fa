import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { createIntentLog, INTENT_NAMESPACE } from '../../core/intents.js';
import type { ClaimedWrite } from '../../store/store-types.js';
import { receiptAhead } from './receipt-ahead.js';

// The receipt written with a request's replay claim, against the real intent log on a Keyv in
// memory; the claim stands in for Redis's script by writing what it is handed, as the script does.

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
  const claimed = new Set<string>();
  const writes: ClaimedWrite[] = [];
  const claimWith = async (key: string, _ttlMs: number, write: ClaimedWrite) => {
    if (claimed.has(key)) return false;
    claimed.add(key);
    writes.push(write);
    await keyv.set(write.key, write.value);
    return true;
  };
  const stored = async () => {
    const ids: string[] = [];
    for await (const [key] of keyv.iterator?.(undefined) ?? []) ids.push(String(key));
    return ids;
  };
  return { keyv, intents, claimWith, writes, stored };
}

describe('a receipt written with the replay claim', () => {
  it('is prepared only for a command that acts (start, archive, unarchive, a stop with its reason)', () => {
    const { intents, claimWith } = world();
    const acting = ['start 4', 'archive 4', 'unarchive 4', 'stop 4 bug', 'start 4 in 3d'];
    for (const text of acting) expect(receiptAhead({ intents }, claimWith, body(text)), text).toBeDefined();
    const reading = ['help', 'show 4', 'stop 4', 'dict', 'start', 'start x', 'create'];
    for (const text of reading)
      expect(receiptAhead({ intents }, claimWith, body(text)), text).toBeUndefined();
    expect(receiptAhead({ intents }, claimWith, body('start 4', { command: '/other' }))).toBeUndefined();
    expect(receiptAhead({ intents }, claimWith, body('start 4', { command: '/exp-staging' }))).toBeDefined();
    expect(receiptAhead({ intents }, claimWith, body(`start 4 ${'x'.repeat(4_000)}`))).toBeUndefined();
    expect(receiptAhead({ intents }, claimWith, body('start 4', { channel_id: undefined }))).toBeUndefined();
    expect(receiptAhead({ intents }, claimWith, { payload: '{}' })).toBeUndefined();
  });

  it('writes the intent as received with the claim, and ends it at release', async () => {
    const { intents, claimWith, writes, keyv } = world();
    const ahead = receiptAhead({ intents }, claimWith, body('start 4'));
    expect(await ahead?.claimOnce('seen:1', 60_000)).toBe(true);
    const id = writes[0]?.key ?? '';
    expect(await keyv.get(id)).toMatchObject({ phase: 'received', action: 'start', experimentId: 4 });
    ahead?.release();
    await expect.poll(() => keyv.get(id)).toBeUndefined();
  });

  it('writes nothing and ends nothing for a replay', async () => {
    const { intents, claimWith, writes, stored } = world();
    expect(await receiptAhead({ intents }, claimWith, body('start 4'))?.claimOnce('seen:2', 60_000)).toBe(
      true,
    );
    const replay = receiptAhead({ intents }, claimWith, body('start 4'));
    expect(await replay?.claimOnce('seen:2', 60_000)).toBe(false);
    replay?.release();
    expect(writes).toHaveLength(1);
    expect(await stored()).toEqual([writes[0]?.key]);
  });

  it('settles a receipt never claimed at release, and ends one whose claim failed', async () => {
    const { intents, keyv } = world();
    const unclaimed = receiptAhead({ intents }, async () => true, body('start 4'));
    unclaimed?.release();
    // The intent log holds a receipt until its write settles: one never made must settle too.
    const never = unclaimed?.properties.expReceiptAhead as { written: Promise<void> };
    await expect(never.written).rejects.toThrow(/refused before its claim/);

    // The store failed after the script may have run: the receipt is deleted, not left to the sweep.
    let written = '';
    const failing = async (_key: string, _ttlMs: number, write: ClaimedWrite) => {
      written = write.key;
      await keyv.set(write.key, write.value);
      throw new Error('the connection was lost before the reply');
    };
    const lost = receiptAhead({ intents }, failing, body('archive 5'));
    await expect(lost?.claimOnce('seen:3', 60_000)).rejects.toThrow(/connection was lost/);
    expect(await keyv.get(written)).toBeDefined();
    lost?.release();
    await expect.poll(() => keyv.get(written)).toBeUndefined();
  });
});
