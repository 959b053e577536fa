import { startBenchWorld } from './bench-world.js';
import { spawnSubject } from './load.js';

// What a team feels when everyone acts at once: a burst of simultaneous `/exp start ID`, each on its
// own draft experiment, as people (not a closed-loop load generator) send them. Measured: each ack's
// time, against bare Bolt under the same burst, and for the app the time until every outcome is in
// the channel (the platform call, the thread post and the reply included). Rounds alternate.

export interface BurstRow {
  size: number;
  platformMs: number;
  subject: 'app' | 'bolt';
  ackP50: number[];
  ackMax: number[];
  /** App only: from the first request to the last outcome told in the channel. */
  allToldMs: number[];
  notAcked: number;
}

const FIRST_ID = 6000;

export async function burstBenchmarks(options: {
  sizes: readonly number[];
  rounds: number;
  platformMs: number;
}): Promise<BurstRow[]> {
  const world = await startBenchWorld('burst');
  const { env } = world;
  await world.addDrafts(FIRST_ID, options.sizes.reduce((n, s) => n + s, 0) * options.rounds);
  await world.setStartLatency(options.platformMs);
  const subjects = [
    await spawnSubject('app', 'src/main.ts', env),
    await spawnSubject('bolt', 'bench/bare-bolt.ts', env),
  ];
  const rows = new Map<string, BurstRow>();
  let nextId = FIRST_ID;
  try {
    for (const size of options.sizes) {
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? subjects : [...subjects].reverse();
        for (const subject of order) {
          const name = subject.name as BurstRow['subject'];
          const key = `${size}|${name}`;
          const row = rows.get(key) ?? {
            size,
            platformMs: options.platformMs,
            subject: name,
            ackP50: [],
            ackMax: [],
            allToldMs: [],
            notAcked: 0,
          };
          rows.set(key, row);
          // Bare Bolt does nothing with the id; the app gets fresh drafts every burst.
          const ids = Array.from({ length: size }, () => (name === 'app' ? nextId++ : 4));
          const requests = ids.map((id) => world.command(`start ${id}`)());
          const started = performance.now();
          const acks = await Promise.all(
            requests.map(async (request) => {
              const sent = performance.now();
              try {
                const res = await fetch(subject.url, {
                  method: 'POST',
                  headers: request.headers,
                  body: request.body,
                  signal: AbortSignal.timeout(3_000),
                });
                await res.arrayBuffer();
                return res.status === 200 ? performance.now() - sent : undefined;
              } catch {
                return undefined;
              }
            }),
          );
          const times = acks.filter((t): t is number => t !== undefined).sort((a, b) => a - b);
          row.notAcked += size - times.length;
          row.ackP50.push(times[Math.floor(times.length / 2)] ?? Number.NaN);
          row.ackMax.push(times[times.length - 1] ?? Number.NaN);
          if (name === 'app') {
            const deadline = Date.now() + 60_000 + options.platformMs;
            let allTold = false;
            while (!allTold && Date.now() < deadline) {
              allTold = (await world.toldStarted(ids)).length === ids.length;
              if (!allTold) await new Promise((r) => setTimeout(r, 10));
            }
            row.allToldMs.push(allTold ? performance.now() - started : Number.NaN);
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

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? Number.NaN;
};

export function formatBurstTable(rows: readonly BurstRow[]): string {
  const lines = [
    '| burst of /exp start | platform | app ack p50 ms | app slowest ack ms | Bolt slowest ack ms | slowest ÷ Bolt | all outcomes told s | not acked |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const app of rows.filter((r) => r.subject === 'app')) {
    const bolt = rows.find((r) => r.subject === 'bolt' && r.size === app.size);
    const boltMax = bolt ? median(bolt.ackMax) : Number.NaN;
    lines.push(
      `| ${app.size} at once | ${app.platformMs} ms | ${median(app.ackP50).toFixed(1)} | ${median(app.ackMax).toFixed(1)} | ${boltMax.toFixed(1)} | ${(median(app.ackMax) / boltMax).toFixed(2)} | ${(median(app.allToldMs) / 1000).toFixed(2)} | ${app.notAcked} |`,
    );
  }
  return lines.join('\n');
}
