import { describe, expect, it } from 'vitest';
import { eventually } from '../store/backends.test-helper.js';
import { ENGINES, recorder, useEngine } from './job-queue.contract.test-helper.js';
import type { JobOutcome } from './job-queue.js';

// The scheduled part of the job queue contract, every engine: jobs with a runAt, and remove().
// Scheduled actions use one lane per job; lanes shared with due jobs are checked too.

const until = (check: () => boolean, timeoutMs = 10_000) => eventually(async () => check(), timeoutMs);
/** Waits for a moment to pass (the condition is the clock itself). */
const passed = (at: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now() + 1)));

describe.each(ENGINES)('job queue contract, scheduled jobs: %s', (_label, makeEngine) => {
  const { open } = useEngine(makeEngine);

  it('runs a job no earlier than its runAt, holding up no job of its lane due before it', async () => {
    const q = await open();
    const { runs, handler } = recorder();
    q.start(handler);
    const runAt = Date.now() + 1_500;
    await q.enqueue([{ id: 'X', lane: 'L', data: { n: 0 }, runAt }]);
    await q.enqueue([1, 2].map((n) => ({ id: `L${n}`, lane: 'L', data: { n } })));
    // Waiting for its time is not work in the queue: idle and depth leave it out.
    await q.idle(10_000);
    expect(runs.map((r) => r.id)).toEqual(['L1', 'L2']);
    expect(await q.depth()).toBe(0);
    await until(() => runs.length === 3);
    const x = runs[2];
    expect(x?.id).toBe('X');
    expect(x?.at).toBeGreaterThanOrEqual(runAt);
    expect(x?.runAt).toBe(runAt);
    // A job due on enqueueing carries that time as its runAt.
    expect(Math.abs((runs[0]?.runAt ?? 0) - runAt + 1_500)).toBeLessThan(1_000);
  });

  it('runs a job whose runAt is already past at once, in its lane', async () => {
    const q = await open();
    const { runs, handler } = recorder();
    q.start(handler);
    const runAt = Date.now() - 60_000;
    await q.enqueue([{ id: 'P', lane: 'P', data: { n: 1 }, runAt }]);
    await until(() => runs.length === 1);
    expect(runs[0]?.runAt).toBe(runAt);
  });

  it('takes back a job waiting for its time, in its lane or for pacing, and not one running or done', async () => {
    const q = await open({ laneIntervalMs: 1_000 });
    let release: () => void = () => {};
    const held = new Promise<JobOutcome>((resolve) => {
      release = () => resolve({ kind: 'done' });
    });
    const { runs, handler } = recorder((job) => (job.id === 'Q1' ? held : { kind: 'done' }));
    q.start(handler);
    const runAt = Date.now() + 800;
    await q.enqueue([{ id: 'D', lane: 'D', data: { n: 0 }, runAt }]);
    await q.enqueue([1, 2, 3].map((n) => ({ id: `Q${n}`, lane: 'Q', data: { n } })));
    await until(() => runs.some((r) => r.id === 'Q1'));
    expect(await q.remove('D')).toBe(true);
    expect(await q.remove('Q2')).toBe(true);
    // Running, even past the engine's lock time (it is 1 s at most here): too late to take back.
    await passed((runs.find((r) => r.id === 'Q1')?.at ?? 0) + 1_100);
    expect(await q.remove('Q1')).toBe(false);
    release();
    // Once Q1 is done (depth 1), Q3 is the lane's head, waiting out the lane's pacing: still waiting.
    await eventually(async () => (await q.depth()) === 1);
    expect(await q.remove('Q3')).toBe(true);
    await q.enqueue([{ id: 'Q4', lane: 'Q', data: { n: 4 } }]);
    await q.enqueue([{ id: 'D2', lane: 'D', data: { n: 5 }, runAt: runAt + 200 }]);
    await until(() => runs.some((r) => r.id === 'Q4') && runs.some((r) => r.id === 'D2'));
    expect(runs.map((r) => r.id).sort()).toEqual(['D2', 'Q1', 'Q4']);
    // Done, removed, never known: false; a removed id stays taken.
    expect(await q.remove('Q1')).toBe(false);
    expect(await q.remove('D')).toBe(false);
    expect(await q.remove('nobody')).toBe(false);
    await q.enqueue([{ id: 'D', lane: 'D', data: { n: 9 } }]);
    await q.idle(10_000);
    expect(runs.map((r) => r.id).sort()).toEqual(['D2', 'Q1', 'Q4']);
  });

  it('gives exactly one of "removed" or "run" when a remove on another replica races the run', async () => {
    const [a, b] = [await open(), await open()];
    const { runs, handler } = recorder();
    a.start(handler);
    const base = Date.now() + 1_000;
    const jobs = Array.from({ length: 12 }, (_, n) => ({
      id: `R${n}`,
      lane: `R${n}`,
      data: { n },
      runAt: base + n * 15,
    }));
    await a.enqueue(jobs);
    // Each remove comes at another moment around its job's time: from 20 ms before to 68 ms after.
    const removed = new Map<string, boolean>();
    for (const [n, job] of jobs.entries()) {
      await passed(job.runAt - 20 + n * 8);
      removed.set(job.id, await b.remove(job.id));
    }
    // Every job either ran or was taken back, and a sentinel scheduled after all of them has run.
    await a.enqueue([{ id: 'S', lane: 'S', data: { n: 99 }, runAt: Date.now() + 300 }]);
    await until(
      () =>
        runs.some((r) => r.id === 'S') &&
        jobs.every((j) => removed.get(j.id) || runs.some((r) => r.id === j.id)),
    );
    await a.idle(10_000);
    for (const job of jobs) {
      const ran = runs.filter((r) => r.id === job.id).length;
      expect({ id: job.id, ran, removed: removed.get(job.id) }).toEqual({
        id: job.id,
        ran: removed.get(job.id) ? 0 : 1,
        removed: removed.get(job.id),
      });
    }
  });

  it('keeps scheduled jobs over a restart, runs those due meanwhile once two replicas start, each once', async () => {
    const before = await open();
    const runAt = Date.now() + 400;
    const jobs = Array.from({ length: 6 }, (_, n) => ({ id: `T${n}`, lane: `T${n}`, data: { n }, runAt }));
    await before.enqueue(jobs);
    await before.close();
    // No queue runs while their time passes.
    await passed(runAt + 100);
    const [a, b] = [await open(), await open()];
    const { runs, handler } = recorder();
    a.start(handler);
    b.start(handler);
    // Scheduled while both run: also run once.
    const later = Date.now() + 300;
    await b.enqueue([{ id: 'U', lane: 'U', data: { n: 7 }, runAt: later }]);
    await a.enqueue([{ id: 'U', lane: 'U', data: { n: 7 }, runAt: later }]);
    await until(() => runs.length >= 7);
    // Another rescan or sweep round, in which a second run would show.
    await passed(Date.now() + 500);
    await Promise.all([a.idle(10_000), b.idle(10_000)]);
    expect(runs.map((r) => r.id).sort()).toEqual([...jobs.map((j) => j.id), 'U'].sort());
    for (const run of runs.filter((r) => r.id !== 'U')) {
      expect(run.runAt).toBe(runAt);
      expect(run.at).toBeGreaterThan(runAt + 100);
    }
    expect(runs.find((r) => r.id === 'U')?.at).toBeGreaterThanOrEqual(later);
  });
});
