import { Pool } from 'undici';
import type { BenchWorld, signedCommand } from '../support/world.js';

// An open-loop sender whose arrivals are evenly spaced: request i leaves at start + i / rate,
// whatever happened to the earlier ones. autocannon's rate option sends each second's budget back to
// back at the start of the second, so its p99 is the tail of a burst, not of a steady arrival.
// Each request goes on a connection of its own while earlier ones are still being answered (a pool
// large enough that nothing waits for a free socket), as Slack's requests arrive.

export interface PacedSend {
  /** Wall-clock time the request was written (epoch ms), to compare with the emulator's clock. */
  sentAt: number;
  /** ms from writing the request to reading its whole answer; undefined when it failed. */
  ackMs: number | undefined;
  status: number | undefined;
}

export interface PacedResult {
  sends: PacedSend[];
  /** How late the sender was on its schedule, p99 ms: a large value means arrivals bunched up. */
  lateP99: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function paced(
  url: string,
  rate: number,
  count: number,
  make: (i: number) => ReturnType<ReturnType<typeof signedCommand>>,
): Promise<PacedResult> {
  const target = new URL(url);
  const pool = new Pool(target.origin, { connections: 256, pipelining: 1 });
  const interval = 1000 / rate;
  const sends: PacedSend[] = [];
  const late: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now() + 20;
  try {
    for (let i = 0; i < count; i++) {
      const request = make(i);
      const due = start + i * interval;
      const wait = due - performance.now();
      // setTimeout fires a millisecond or so late; the schedule is absolute, so that does not add up.
      if (wait >= 1) await sleep(wait);
      late.push(Math.max(0, performance.now() - due));
      const send: PacedSend = { sentAt: Date.now(), ackMs: undefined, status: undefined };
      sends.push(send);
      const sent = performance.now();
      pending.push(
        pool
          .request({ path: target.pathname, method: 'POST', headers: request.headers, body: request.body })
          .then(async (res) => {
            await res.body.dump();
            send.status = res.statusCode;
            send.ackMs = performance.now() - sent;
          })
          .catch(() => undefined),
      );
    }
    await Promise.all(pending);
  } finally {
    await pool.close();
  }
  return { sends, lateP99: quantile(late, 0.99) };
}

/** The q-quantile of xs (nearest rank), NaN when empty. */
export function quantile(xs: readonly number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/**
 * Each told start's end-to-end time, ms: when its outcome's post reached Slack (the emulator's clock,
 * `toldAt[i]`, null when never told) minus when request i was written.
 */
export function endToEnd(sends: readonly PacedSend[], toldAt: readonly (number | null)[]): number[] {
  return toldAt.flatMap((at, i) => {
    const sentAt = sends[i]?.sentAt;
    return at === null || sentAt === undefined ? [] : [at - sentAt];
  });
}

/**
 * Batches of evenly spaced `/exp start`s, each start on a draft of its own made first (a real start
 * every time), the drafts' ids counted on from `firstId` batch after batch.
 */
export function pacedStarts(
  world: Pick<BenchWorld, 'addDrafts' | 'command'>,
  url: string,
  rate: number,
  firstId: number,
) {
  let nextId = firstId;
  return async (count: number): Promise<PacedResult> => {
    const from = nextId;
    nextId += count;
    await world.addDrafts(from, count);
    return paced(url, rate, count, (i) => world.command(`start ${from + i}`)());
  };
}
