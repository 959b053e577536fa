import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchWorld } from './bench-world.js';
import { run, spawnSubject } from './load.js';
import { paced } from './paced.js';
import { rssKb, settleAll } from './process-stats.js';

// Resident memory of the app (SQLite, the default store), of bare Bolt (bench/bare-bolt.ts) and of
// Bolt making the app's calls (bench/bolt-with-calls.ts, BOLT_CALLS=card), each a fresh process:
// idle once started, the highest under a `/exp help` load (autocannon, 50 connections) and under
// evenly spaced `/exp start` (each on a draft of its own; bare Bolt only acks them, the other Bolt
// starts, reads and posts a card as the app does), sampled every 100 ms from /proc, and what is left
// a minute after the load stopped. Issue #25's goal is against bare Bolt; the third says how much of
// a peak under starts is the work every app making those calls does.

export interface MemoryRow {
  subject: 'app' | 'bolt' | 'bolt-card';
  /** Right after start-up, once the process is idle (before V8's first idle-time GC). */
  idleKb: number;
  /** `restS` seconds after start-up with nothing asked of it: the start-up's garbage given back. */
  restKb: number;
  restS: number;
  helpPeakKb: number;
  startPeakKb: number;
  /** Resident memory `afterS` seconds after the last load stopped. */
  afterKb: number;
  afterS: number;
}

export interface MemoryOptions {
  durationS: number;
  startRate: number;
  /** How long after the load the last reading is taken (60 s in a full run). */
  afterS: number;
  /**
   * When the at-rest reading is taken, from start-up. V8's memory reducer runs its first
   * memory-reducing GC about 8 s after start-up's last full GC once the process allocates little
   * (it shrinks the young generation start-up grew); 20 s is past it for both subjects. The same
   * pause separates the help load from the start load.
   */
  restS: number;
}

const FIRST_ID = 500_000;

/** Runs `load` while sampling the process's resident memory; the highest sample, kB. */
async function peakDuring(child: ChildProcess, load: () => Promise<unknown>): Promise<number> {
  let peak = rssKb(child);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(child));
  }, 100);
  try {
    await load();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssKb(child));
}

export async function memoryBenchmark(options: MemoryOptions): Promise<MemoryRow[]> {
  const world = await startBenchWorld('bench');
  const dir = mkdtempSync(join(tmpdir(), 'exp-bench-mem-'));
  const subjects = [
    await spawnSubject('app', 'src/main.ts', {
      ...world.env,
      STORE_URL: `sqlite://${join(dir, 'app.sqlite')}`,
    }),
    await spawnSubject('bolt', 'bench/bare-bolt.ts', world.env),
    await spawnSubject('bolt', 'bench/bolt-with-calls.ts', { ...world.env, BOLT_CALLS: 'card' }),
  ];
  const names: MemoryRow['subject'][] = ['app', 'bolt', 'bolt-card'];
  // All were spawned within a moment of each other; the later one's start-up counts.
  const spawned = Date.now();
  const help = world.command('help');
  let nextId = FIRST_ID;
  try {
    await settleAll(subjects.map((s) => s.child));
    const rows = subjects.map(
      (s, i): MemoryRow => ({
        subject: names[i] ?? 'bolt',
        idleKb: rssKb(s.child),
        restKb: 0,
        restS: options.restS,
        helpPeakKb: 0,
        startPeakKb: 0,
        afterKb: 0,
        afterS: options.afterS,
      }),
    );
    const wait = spawned + options.restS * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    subjects.forEach((s, i) => {
      (rows[i] as MemoryRow).restKb = rssKb(s.child);
    });
    const stopped: number[] = [];
    for (const [i, subject] of subjects.entries()) {
      const row = rows[i] as MemoryRow;
      process.stderr.write(`bench: memory of ${row.subject} under /exp help and /exp start\n`);
      row.helpPeakKb = await peakDuring(subject.child, () => run(subject.url, 50, options.durationS, help));
      // The start load begins from rest, not from what the help load left: otherwise a subject's
      // start peak is partly its help's leftover, and bare Bolt's (which only acks the starts)
      // nearly all of it (docs/performance-log.md). The same pause for every subject.
      await settleAll([subject.child]);
      await new Promise((resolve) => setTimeout(resolve, options.restS * 1000));
      const count = Math.round(options.startRate * options.durationS);
      const from = nextId;
      nextId += count;
      await world.addDrafts(from, count);
      row.startPeakKb = await peakDuring(subject.child, async () => {
        await paced(subject.url, options.startRate, count, (n) => world.command(`start ${from + n}`)());
        await settleAll([subject.child]);
      });
      stopped.push(Date.now());
    }
    for (const [i, subject] of subjects.entries()) {
      const wait = (stopped[i] ?? 0) + options.afterS * 1000 - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      (rows[i] as MemoryRow).afterKb = rssKb(subject.child);
    }
    return rows;
  } finally {
    for (const subject of subjects) subject.child.kill('SIGKILL');
    await world.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatMemoryRows(rows: readonly MemoryRow[]): string {
  const app = rows.find((r) => r.subject === 'app');
  const bolt = rows.find((r) => r.subject === 'bolt');
  const card = rows.find((r) => r.subject === 'bolt-card');
  if (!app || !bolt) return '';
  const mb = (kb: number) => (kb / 1024).toFixed(0);
  const pick = (r: MemoryRow | undefined, field: keyof MemoryRow) => Number(r?.[field] ?? 0);
  const line = (label: string, field: keyof MemoryRow) => {
    const [a, b, c] = [pick(app, field), pick(bolt, field), pick(card, field)];
    const byCard = c ? `${mb(c)} | ${(a / c).toFixed(2)}` : 'n/a | n/a';
    return `| ${label} | ${mb(a)} | ${mb(b)} | ${(a / b).toFixed(2)} | ${byCard} |`;
  };
  return [
    "| resident memory MB | the app (SQLite) | bare Bolt | ratio | Bolt making the app's calls | ratio to it |",
    '|---|---|---|---|---|---|',
    line('idle, right after start-up', 'idleKb'),
    line(`at rest, ${app.restS} s after start-up`, 'restKb'),
    line('peak under /exp help (50 connections)', 'helpPeakKb'),
    line('peak under /exp start (evenly spaced)', 'startPeakKb'),
    line(`${app.afterS} s after the load`, 'afterKb'),
  ].join('\n');
}
