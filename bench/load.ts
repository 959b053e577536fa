import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../test/support/app-process.js';
import { metricTotal, type signedCommand, startBenchWorld } from './bench-world.js';
import { compiled } from './compiled.js';
import { peakRssKb, rssKb, settleAll } from './process-stats.js';

// Slash-command acks under load, measured with autocannon (signed form bodies, each with its own
// trigger_id as Slack's are), against the app and two baselines, each its own process: bare Bolt
// (an App whose /exp handler only acks) and bare node:http. (What the work after a start's ack
// costs against Bolt making the same calls is bench/work-cost.ts: acks per second cannot say,
// since the work follows the ack.) Subjects alternate round by round; the platform and Slack run in
// a process of their own for the app's background work (bench-world.ts).

export interface LoadRow {
  request: string;
  connections: number;
  platform: 'fast' | 'slow';
  subject: 'app' | 'bolt' | 'http';
  p50: number[];
  p99: number[];
  rps: number[];
  errors: number;
  non2xx: number;
  /** `/exp start` acks that refused the action (no action slot free), from the app's metrics. */
  busy: number;
  /** Peak resident memory of the subject process (kB), after the run. */
  peakRssKb: number;
  /** Resident memory (kB) of the subject right after it started, before any load. */
  idleRssKb: number;
  /** Resident memory (kB) of the subject after this cell's last run. */
  afterRssKb: number;
}

interface Subject {
  name: LoadRow['subject'];
  url: string;
  child: ChildProcess;
}

export async function spawnSubject(
  name: Subject['name'],
  script: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<Subject> {
  const { child, url } = await spawnListening(name, [...nodeArgs, await compiled(script)], { env });
  return { name, url, child };
}

/** Starts `node args…` on a free PORT and resolves once it prints "listening on". */
export async function spawnListening(
  label: string,
  args: readonly string[],
  options: { env: Record<string, string>; cwd?: string },
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '', ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-4000);
  });
  // Generous: on a machine shared with other builds, loading the app can take several seconds.
  const deadline = Date.now() + 120_000;
  while (!/listening on/.test(out)) {
    if (child.exitCode !== null) throw new Error(`${label} exited: ${out}`);
    if (Date.now() > deadline) throw new Error(`${label} did not start: ${out}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, url: `http://127.0.0.1:${port}/slack/events` };
}

/** autocannon's histogram keeps whole milliseconds; acks here take fractions of one, so each response time is kept. */
export async function run(
  url: string,
  connections: number,
  durationS: number,
  make: ReturnType<typeof signedCommand>,
  /** Requests per second over all connections; absent: each connection sends as soon as answered. */
  overallRate?: number,
) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        ...(overallRate ? { overallRate } : {}),
        requests: [{ setupRequest: (req) => ({ ...req, ...make() }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) times.push(responseTime);
    });
  });
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { result, p50: at(0.5), p99: at(0.99) };
}

/**
 * Requests before any that count: the app has far more code than bare Bolt for the JIT to compile,
 * and its first round ran at half its later rate (three runs of bench/help-reply.ts, 2026-11-28).
 */
export async function warmUp(
  urls: readonly string[],
  make: ReturnType<typeof signedCommand>,
  seconds: number,
) {
  for (const url of urls) await run(url, 10, seconds, make);
}

export interface LoadOptions {
  durationS: number;
  rounds: number;
  connections: readonly number[];
}

export async function loadBenchmarks(options: LoadOptions): Promise<LoadRow[]> {
  const world = await startBenchWorld('bench');
  const { env } = world;
  const subjects = [
    await spawnSubject('app', 'src/main.ts', env),
    await spawnSubject('bolt', 'bench/bare-bolt.ts', env),
    await spawnSubject('http', 'bench/bare-http.ts', env),
  ];
  const idle = new Map(subjects.map((subject) => [subject.name, rssKb(subject.child)]));
  const rows = new Map<string, LoadRow>();
  const rowOf = (request: string, connections: number, platform: LoadRow['platform'], subject: Subject) => {
    const key = `${request}|${connections}|${platform}|${subject.name}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        request,
        connections,
        platform,
        subject: subject.name,
        p50: [],
        p99: [],
        rps: [],
        errors: 0,
        non2xx: 0,
        busy: 0,
        peakRssKb: 0,
        idleRssKb: idle.get(subject.name) ?? 0,
        afterRssKb: 0,
      };
      rows.set(key, row);
    }
    return row;
  };
  const plan: { text: string; platform: LoadRow['platform'] }[] = [
    { text: 'help', platform: 'fast' },
    { text: 'start 4', platform: 'fast' },
    { text: 'start 4', platform: 'slow' },
  ];
  try {
    await warmUp(
      subjects.map((s) => s.url),
      world.command('help'),
      options.durationS > 2 ? 2 : 1,
    );
    for (const step of plan) {
      await world.setStartLatency(step.platform === 'slow' ? 5_000 : 0);
      for (const connections of options.connections) {
        for (let round = 0; round < options.rounds; round++) {
          // Alternate the order so no subject always runs first (warm caches, a busy machine).
          const order = round % 2 === 0 ? subjects : [...subjects].reverse();
          for (const subject of order) {
            process.stderr.write(
              `bench: /exp ${step.text} (${step.platform}) x${connections} → ${subject.name}\n`,
            );
            const make = world.command(step.text);
            await settleAll(subjects.map((s) => s.child));
            const busyBefore = subject.name === 'app' ? await busyCount(subject.url) : 0;
            const { result, p50, p99 } = await run(subject.url, connections, options.durationS, make);
            const row = rowOf(`/exp ${step.text}`, connections, step.platform, subject);
            row.p50.push(p50);
            row.p99.push(p99);
            row.rps.push(result.requests.average);
            row.errors += result.errors + result.timeouts;
            row.non2xx += result.non2xx;
            if (subject.name === 'app') row.busy += (await busyCount(subject.url)) - busyBefore;
            row.peakRssKb = Math.max(row.peakRssKb, peakRssKb(subject.child));
            row.afterRssKb = rssKb(subject.child);
          }
        }
      }
    }
  } finally {
    for (const subject of subjects) subject.child.kill('SIGKILL');
    await world.close();
  }
  return [...rows.values()];
}

/**
 * Lifecycle actions the app refused because too many were in flight: their acks are cheap, so a
 * cell where many were refused measures refusals, and the table says how many.
 */
const busyCount = (eventsUrl: string) => metricTotal(eventsUrl, 'exp_lifecycle_total', 'outcome="busy"');

/** The middle value, or the mean of the two middle ones. */
export const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0
    ? Number.NaN
    : sorted.length % 2
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
const spread = (xs: readonly number[]) => (xs.length < 2 ? 0 : Math.max(...xs) - Math.min(...xs));

/**
 * One line per request, concurrency and platform speed: the app's p50/p99 (ms) and requests per
 * second, each as a ratio to bare Bolt and to bare node:http (medians over rounds, spread in
 * brackets), errors, and the peak RSS of the app and bare Bolt since each started (VmHWM: it only
 * grows down the table).
 */
export function formatLoadTable(rows: readonly LoadRow[]): string {
  const lines = [
    '| request | conn | platform | app p50 ms | app p99 ms | app req/s | p99 ÷ Bolt | req/s ÷ Bolt | p99 ÷ http | errors | refused (busy) | app / Bolt peak RSS since start MB |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const find = (r: LoadRow, subject: LoadRow['subject']) =>
    rows.find(
      (x) =>
        x.request === r.request &&
        x.connections === r.connections &&
        x.platform === r.platform &&
        x.subject === subject,
    );
  for (const app of rows.filter((r) => r.subject === 'app')) {
    const bolt = find(app, 'bolt');
    const http = find(app, 'http');
    const ratio = (a: number, b: number | undefined) =>
      b === undefined || b === 0 ? 'n/a' : (a / b).toFixed(2);
    lines.push(
      `| ${app.request} | ${app.connections} | ${app.platform} | ${median(app.p50).toFixed(2)} | ${median(app.p99).toFixed(2)} (±${spread(app.p99).toFixed(2)}) | ${median(app.rps).toFixed(0)} (±${spread(app.rps).toFixed(0)}) | ${ratio(median(app.p99), bolt && median(bolt.p99))} | ${ratio(median(app.rps), bolt && median(bolt.rps))} | ${ratio(median(app.p99), http && median(http.p99))} | ${app.errors + app.non2xx} | ${app.busy} | ${(app.peakRssKb / 1024).toFixed(0)} / ${((bolt?.peakRssKb ?? 0) / 1024).toFixed(0)} |`,
    );
  }
  return lines.join('\n');
}

/**
 * Does the ack move when the platform takes 5 s? Each slow-platform row against the fast-platform
 * row of the same request and concurrency, for the app and for bare Bolt (which never calls the
 * platform, so its ratio is what the machine alone moved between the two cells).
 */
export function formatSlowPlatform(rows: readonly LoadRow[]): string {
  const lines = [
    '| request | conn | app p50 slow ÷ fast | app p99 slow ÷ fast | Bolt p99 slow ÷ fast | app errors (slow) |',
    '|---|---|---|---|---|---|',
  ];
  const cell = (r: LoadRow, subject: LoadRow['subject'], platform: LoadRow['platform']) =>
    rows.find(
      (x) =>
        x.request === r.request &&
        x.connections === r.connections &&
        x.platform === platform &&
        x.subject === subject,
    );
  const ratio = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
    a && b && a.length > 0 && b.length > 0 && median(b) > 0 ? (median(a) / median(b)).toFixed(2) : 'n/a';
  for (const slow of rows.filter((r) => r.subject === 'app' && r.platform === 'slow')) {
    const fast = cell(slow, 'app', 'fast');
    const boltSlow = cell(slow, 'bolt', 'slow');
    const boltFast = cell(slow, 'bolt', 'fast');
    lines.push(
      `| ${slow.request} | ${slow.connections} | ${ratio(slow.p50, fast?.p50)} | ${ratio(slow.p99, fast?.p99)} | ${ratio(boltSlow?.p99, boltFast?.p99)} | ${slow.errors + slow.non2xx} |`,
    );
  }
  return lines.join('\n');
}

/** Resident memory of the app and bare Bolt: idle (after start), after each cell, and peak. */
export function formatMemory(rows: readonly LoadRow[]): string {
  const mb = (kb: number) => (kb / 1024).toFixed(0);
  const lines = ['| after | app RSS MB | Bolt RSS MB | app ÷ Bolt |', '|---|---|---|---|'];
  const app = rows.filter((r) => r.subject === 'app');
  const boltOf = (r: LoadRow) =>
    rows.find(
      (x) =>
        x.subject === 'bolt' &&
        x.request === r.request &&
        x.connections === r.connections &&
        x.platform === r.platform,
    );
  const first = app[0];
  const firstBolt = first && boltOf(first);
  if (first && firstBolt)
    lines.push(
      `| start (idle) | ${mb(first.idleRssKb)} | ${mb(firstBolt.idleRssKb)} | ${(first.idleRssKb / firstBolt.idleRssKb).toFixed(2)} |`,
    );
  for (const r of app) {
    const bolt = boltOf(r);
    if (!bolt) continue;
    lines.push(
      `| ${r.request} x${r.connections} (${r.platform}) | ${mb(r.afterRssKb)} | ${mb(bolt.afterRssKb)} | ${(r.afterRssKb / bolt.afterRssKb).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}
