import { describe, expect, it, vi } from 'vitest';
import { ENGINES, FAST, recorder, useEngine } from './job-queue.contract.test-helper.js';

// One contract, every engine: BullMQ on Redis, and the store engine on memory, SQLite and
// PostgreSQL. Lanes are Slack channels in the app; here they are letters. Scheduled jobs (runAt)
// and remove() have their part of the contract in job-queue-scheduled.test.ts.

describe.each(ENGINES)('job queue contract: %s', (_label, makeEngine) => {
  const { open } = useEngine(makeEngine);

  it('runs each job once, in order within a lane, lanes side by side, paced per lane', async () => {
    const q = await open();
    const { runs, handler } = recorder();
    q.start(handler);
    const jobs = ['A', 'B', 'C'].flatMap((lane) =>
      [1, 2, 3, 4].map((n) => ({ id: `${lane}${n}`, lane, data: { n } })),
    );
    await q.enqueue(jobs);
    // The same ids again (a retry, another replica): nothing more runs.
    await q.enqueue(jobs.slice(0, 5));
    await q.idle(20_000);
    expect(runs).toHaveLength(12);
    for (const lane of ['A', 'B', 'C']) {
      const mine = runs.filter((r) => r.lane === lane);
      expect(mine.map((r) => r.n)).toEqual([1, 2, 3, 4]);
      for (let i = 1; i < mine.length; i++) {
        expect((mine[i]?.at ?? 0) - (mine[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(FAST.laneIntervalMs - 5);
      }
    }
    // Lanes are not serialised behind each other: the first job of every lane ran before any lane's last.
    const lastOfAll = Math.min(
      ...['A', 'B', 'C'].map((l) => runs.filter((r) => r.lane === l).at(-1)?.at ?? 0),
    );
    expect(Math.max(...runs.filter((r) => r.n === 1).map((r) => r.at))).toBeLessThan(lastOfAll);
    expect(await q.depth()).toBe(0);
  });

  it('waits out a Retry-After on the whole lane, keeping its order, without using up tries', async () => {
    const q = await open();
    let limited = 0;
    const { runs, handler } = recorder((job) => {
      if (job.data.n === 1 && limited < 4) {
        limited += 1;
        return { kind: 'retry-after', ms: 40 };
      }
      return { kind: 'done' };
    });
    q.start(handler);
    await q.enqueue([1, 2].map((n) => ({ id: `L${n}`, lane: 'L', data: { n } })));
    await q.idle(20_000);
    expect(runs.map((r) => r.n)).toEqual([1, 1, 1, 1, 1, 2]);
    // A Retry-After is not a failed try: more of them than attempts still ends in delivery.
    expect(limited).toBeGreaterThan(FAST.attempts);
  });

  it('tries a passing failure again with backoff, then gives up and moves the lane on', async () => {
    const q = await open();
    const given: string[] = [];
    const { runs, handler } = recorder((job) =>
      job.data.n === 1 || (job.data.n === 2 && job.attempt === 1) ? { kind: 'retry' } : { kind: 'done' },
    );
    q.start(handler, { onGiveUp: (job) => given.push(job.id) });
    await q.enqueue([1, 2, 3].map((n) => ({ id: `R${n}`, lane: 'R', data: { n } })));
    await q.idle(20_000);
    expect(runs.map((r) => [r.n, r.attempt])).toEqual([
      [1, 1],
      [1, 2],
      [1, 3],
      [2, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(given).toEqual(['R1']);
  });

  it('keeps jobs enqueued before a restart and runs them after it', async () => {
    const before = await open();
    await before.enqueue([1, 2, 3].map((n) => ({ id: `S${n}`, lane: 'S', data: { n } })));
    await before.close();
    const after = await open();
    const { runs, handler } = recorder();
    after.start(handler);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await after.idle(20_000);
    expect(runs.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(runs.every((r) => !r.interrupted)).toBe(true);
  });

  it('runs each job on one replica when two share the state', async () => {
    const [a, b] = [await open(), await open()];
    const { runs, handler } = recorder();
    a.start(handler);
    b.start(handler);
    const jobs = Array.from({ length: 30 }, (_, i) => ({
      id: `M${i}`,
      lane: `lane${i % 5}`,
      data: { n: i },
    }));
    await Promise.all([a.enqueue(jobs), b.enqueue(jobs)]);
    // The store engine learns of the other replica's rows on its rescan: idle may come before it.
    await vi.waitUntil(() => runs.length >= jobs.length, { timeout: 20_000, interval: 20 });
    await Promise.all([a.idle(20_000), b.idle(20_000)]);
    expect(runs.map((r) => r.n).sort((x, y) => x - y)).toEqual(jobs.map((j) => j.data.n));
  });
});
