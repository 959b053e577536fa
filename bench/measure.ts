// Side-by-side timing: a baseline and a candidate run in the same process, interleaved round by
// round (A B, then B A) so that CPU frequency changes, GC and noisy neighbours hit both alike. Only
// the ratio between the two is meant to be compared across machines, never the absolute numbers.

export interface Stats {
  p50: number;
  p95: number;
  mean: number;
  samples: number;
}

export interface Comparison {
  name: string;
  /** Unit of p50/p95/mean on both sides. */
  unit: 'µs/op' | 'ms';
  baseline: Stats;
  candidate: Stats;
  /** candidate p50 / baseline p50: 1 = as fast as the baseline, 2 = twice as slow, 0.5 = twice as fast. */
  ratioP50: number;
  ratioP95: number;
  note?: string;
}

/** Nearest-rank quantile of sorted values. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

export function stats(values: readonly number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95), mean, samples: sorted.length };
}

export function compare(
  name: string,
  unit: Comparison['unit'],
  baseline: readonly number[],
  candidate: readonly number[],
  note?: string,
): Comparison {
  const b = stats(baseline);
  const c = stats(candidate);
  const result: Comparison = {
    name,
    unit,
    baseline: b,
    candidate: c,
    ratioP50: c.p50 / b.p50,
    ratioP95: c.p95 / b.p95,
  };
  if (note !== undefined) result.note = note;
  return result;
}

// Results are kept here so the optimiser cannot drop a call whose result is never used.
let sink: unknown;
export function keep(value: unknown): void {
  sink = value;
}
/** Read by nobody in practice; exported so the sink is observable and cannot be optimised away. */
export const kept = (): unknown => sink;

/** Calls per sample so that one sample lasts at least `minSampleMs` (timer resolution, call overhead). */
function batchSize(fn: () => unknown, minSampleMs: number): number {
  for (let n = 1; ; n *= 2) {
    const started = performance.now();
    for (let i = 0; i < n; i++) keep(fn());
    if (performance.now() - started >= minSampleMs || n >= 1 << 20) return n;
  }
}

/** µs per call of one batch. */
function sample(fn: () => unknown, n: number): number {
  const started = performance.now();
  for (let i = 0; i < n; i++) keep(fn());
  return ((performance.now() - started) * 1000) / n;
}

export interface SyncPair {
  baseline: () => unknown;
  candidate: () => unknown;
}

export interface SyncOptions {
  /** Wall time for the measured rounds of this comparison (warm-up excluded). */
  budgetMs: number;
  minSampleMs?: number;
  maxRounds?: number;
  note?: string;
}

/** Synchronous code: warm both sides up (JIT), then interleave batches until the budget is spent. */
export function compareSync(name: string, pair: SyncPair, opts: SyncOptions): Comparison {
  const minSampleMs = opts.minSampleMs ?? 2;
  const maxRounds = opts.maxRounds ?? 200;
  const nb = batchSize(pair.baseline, minSampleMs);
  const nc = batchSize(pair.candidate, minSampleMs);
  const baseline: number[] = [];
  const candidate: number[] = [];
  const deadline = performance.now() + opts.budgetMs;
  for (let round = 0; round < maxRounds && (round < 10 || performance.now() < deadline); round++) {
    if (round % 2 === 0) {
      baseline.push(sample(pair.baseline, nb));
      candidate.push(sample(pair.candidate, nc));
    } else {
      candidate.push(sample(pair.candidate, nc));
      baseline.push(sample(pair.baseline, nb));
    }
  }
  return compare(name, 'µs/op', baseline, candidate, opts.note);
}

export interface AsyncPair {
  /** Each call performs one operation and returns its own duration in ms. */
  baseline: () => Promise<number>;
  candidate: () => Promise<number>;
}

/** One operation per sample (e.g. an HTTP round trip), interleaved the same way. */
export async function compareAsync(
  name: string,
  pair: AsyncPair,
  opts: { warmup: number; rounds: number; note?: string },
): Promise<Comparison> {
  for (let i = 0; i < opts.warmup; i++) {
    await pair.baseline();
    await pair.candidate();
  }
  const baseline: number[] = [];
  const candidate: number[] = [];
  for (let round = 0; round < opts.rounds; round++) {
    if (round % 2 === 0) {
      baseline.push(await pair.baseline());
      candidate.push(await pair.candidate());
    } else {
      candidate.push(await pair.candidate());
      baseline.push(await pair.baseline());
    }
  }
  return compare(name, 'ms', baseline, candidate, opts.note);
}
