import { defaultDeserialize, defaultSerialize } from '@keyv/serialize';
import { deserialize, serialize } from '../src/store/keyv-json.js';
import { type Comparison, compareSync } from './measure.js';

// The store's serializer (src/store/keyv-json.ts) against Keyv's own (@keyv/serialize), which it
// replaces: same stored format, the engine's JSON instead of a hand-built walk and a reviver.
// Both sides must produce the same text and read it back to the same value.

/** An experiment record as the app keeps one, inside Keyv's { value, expires } wrapper. */
function experimentRecord(actions: number) {
  return {
    value: {
      v: 1,
      experimentId: 4,
      name: 'Checkout button colour',
      status: { value: 'running', at: '2026-11-25T06:00:00.000Z', source: 'app-action' },
      team: 'growth',
      type: 'ab',
      threads: [{ channelId: 'C0123', parentTs: '1700000000.000100' }],
      actions: Array.from({ length: actions }, (_, i) => ({
        action: i % 2 ? 'stop' : 'start',
        actorId: 'U0MEMBER1',
        at: '2026-11-25T06:00:00.000Z',
        source: 'slack',
        channelId: 'C0123',
        comment: `note ${i}: "quoted" and :colon-led`,
      })),
    },
    expires: 1_790_000_000_000,
  };
}

export function storeSerializerBenchmarks(budgetMs: number): Comparison[] {
  const record = experimentRecord(10);
  const text = defaultSerialize(record);
  if (serialize(record) !== text) throw new Error('the store serializer writes another format than Keyv');
  if (JSON.stringify(deserialize(text)) !== JSON.stringify(defaultDeserialize(text)))
    throw new Error('the store serializer reads Keyv text differently');
  const opts = { budgetMs, note: `a record of ${text.length} characters` };
  return [
    compareSync(
      'store write, experiment record',
      { baseline: () => defaultSerialize(record), candidate: () => serialize(record) },
      opts,
    ),
    compareSync(
      'store read, experiment record',
      { baseline: () => defaultDeserialize(text), candidate: () => deserialize(text) },
      opts,
    ),
  ];
}
