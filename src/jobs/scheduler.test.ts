import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import { createScheduler, type PeriodicJob } from './scheduler.js';

// A pure unit test: nothing here does I/O, so the fake clock cannot hang a fetch.
beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A run that stays in flight until released. */
function deferred() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { done, release };
}

function counting(overrides: Partial<PeriodicJob> = {}) {
  const runs: number[] = [];
  const job: PeriodicJob = {
    name: 'test',
    everyMs: 1_000,
    failure: 'the test job failed',
    run: async () => {
      runs.push(Date.now());
      return undefined;
    },
    ...overrides,
  };
  return { job, runs };
}

const everyone = { claim: async () => true };

describe('the scheduler', () => {
  it('runs a job every interval, first one interval after start by default', async () => {
    const scheduler = createScheduler({ logger: createMemoryLogger(), ...everyone });
    const { job, runs } = counting();
    await scheduler.start([job]);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runs).toEqual([1_001_000, 1_002_000, 1_003_000]);
    await scheduler.stop();
  });

  it('waits for an awaited first run and starts an at-start run without waiting', async () => {
    const scheduler = createScheduler({ logger: createMemoryLogger(), ...everyone });
    const slow = deferred();
    const order: string[] = [];
    const awaited = counting({
      firstRun: 'awaited',
      run: async () => {
        order.push('awaited');
        return undefined;
      },
    });
    const atStart = counting({
      firstRun: 'at-start',
      run: async () => {
        order.push('at-start');
        await slow.done;
        return undefined;
      },
    });
    await scheduler.start([awaited.job, atStart.job]);
    expect(order).toEqual(['awaited', 'at-start']);
    slow.release();
    await scheduler.stop();
  });

  it('runs a leased job only on the replica that claims the interval', async () => {
    const claims: Array<[string, number]> = [];
    let granted = true;
    const scheduler = createScheduler({
      logger: createMemoryLogger(),
      claim: async (key, ttlMs) => {
        claims.push([key, ttlMs]);
        return granted;
      },
    });
    const { job, runs } = counting({ lease: 'poll:round', everyMs: 500 });
    await scheduler.start([job]);
    await vi.advanceTimersByTimeAsync(500);
    granted = false;
    await vi.advanceTimersByTimeAsync(500);
    expect(claims).toEqual([
      ['poll:round:2001', 500],
      ['poll:round:2002', 500],
    ]);
    expect(runs).toEqual([1_000_500]);
    await scheduler.stop();
  });

  it('runs once more when a run asks for it, keeping one recheck at a time', async () => {
    const scheduler = createScheduler({ logger: createMemoryLogger(), ...everyone });
    const runs: number[] = [];
    const job: PeriodicJob = {
      name: 'sweep',
      everyMs: 60_000,
      firstRun: 'at-start',
      failure: 'the sweep failed',
      run: async () => {
        runs.push(Date.now());
        // Only the first two runs ask to look again, at 5 s and then (already pending) 1 s.
        return runs.length <= 2 ? { againInMs: runs.length === 1 ? 5_000 : 1_000 } : undefined;
      },
    };
    await scheduler.start([job]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([1_000_000, 1_005_000, 1_006_000]);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(runs).toEqual([1_000_000, 1_005_000, 1_006_000, 1_060_000]);
    await scheduler.stop();
  });

  it('folds the ticks that fall during a run into one run right after it', async () => {
    const scheduler = createScheduler({ logger: createMemoryLogger(), ...everyone });
    const slow = deferred();
    const { job, runs } = counting({
      run: async () => {
        runs.push(Date.now());
        if (runs.length === 1) await slow.done;
        return undefined;
      },
    });
    await scheduler.start([job]);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(runs).toEqual([1_001_000]);
    slow.release();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toEqual([1_001_000, 1_003_500]);
    await scheduler.stop();
  });

  it('logs a failed run and keeps the job running', async () => {
    const logger = createMemoryLogger();
    const scheduler = createScheduler({ logger, ...everyone });
    const { job, runs } = counting({
      run: async () => {
        runs.push(Date.now());
        throw new Error('platform down');
      },
    });
    await scheduler.start([job]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toHaveLength(2);
    expect(logger.lines.filter((line) => line.includes('the test job failed'))).toHaveLength(2);
    await scheduler.stop();
  });

  it('tries a failed run again after retryAfterFailureMs, before the next interval', async () => {
    const scheduler = createScheduler({ logger: createMemoryLogger(), ...everyone });
    let failing = true;
    const { job, runs } = counting({
      everyMs: 60_000,
      firstRun: 'at-start',
      retryAfterFailureMs: 5_000,
      run: async () => {
        runs.push(Date.now());
        if (failing) {
          failing = false;
          throw new Error('store down');
        }
        return undefined;
      },
    });
    await scheduler.start([job]);
    await vi.advanceTimersByTimeAsync(10_000);
    // Tried again once after 5 s; succeeding, it waits for the interval.
    expect(runs).toEqual([1_000_000, 1_005_000]);
    await scheduler.stop();
  });

  it('stops: waits for the run in flight, then no interval, recheck or folded tick fires', async () => {
    const scheduler = createScheduler({ logger: createMemoryLogger(), ...everyone });
    const slow = deferred();
    let ended = false;
    const { job, runs } = counting({
      run: async () => {
        runs.push(Date.now());
        if (runs.length === 1) {
          await slow.done;
          ended = true;
        }
        return { againInMs: 100 };
      },
    });
    await scheduler.start([job]);
    await vi.advanceTimersByTimeAsync(2_500);
    expect(runs).toHaveLength(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    slow.release();
    await stopping;
    expect(ended).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(1);
  });

  it('starts nothing once stopped', async () => {
    const scheduler = createScheduler({ logger: createMemoryLogger(), ...everyone });
    const { job, runs } = counting({ firstRun: 'at-start' });
    await scheduler.stop();
    await scheduler.start([job]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
