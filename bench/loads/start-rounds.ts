import { peakRssDuring, settle } from '../support/process-stats.js';
import { busyRefusals, type Subject } from '../support/subjects.js';
import type { BenchWorld } from '../support/world.js';
import { endToEnd, paced, quantile } from './paced.js';
import { median } from './paired-rounds.js';

// `/exp start` at a steady, evenly spaced rate (paced.ts), each subject in turn, round after round
// (forwards, then backwards). Each start is on a draft of its own, so its outcome can be found in
// the channel: the outcome time runs from the moment the request is written to the moment the post
// telling it reaches the Slack emulator (its own clock). CPU per start is the subject process's
// user + system time from /proc over the round and until it is idle again (its work after the acks
// included), divided by the starts sent. The platform counts the starts each subject made; the
// resident memory is sampled throughout, the warm-up included.

interface StartRound {
  sent: number;
  acked: number;
  /** Starts whose outcome reached the channel. */
  told: number;
  /** Start calls the platform received. */
  platformStarts: number;
  /** Starts the subject refused because too many were in flight (told so in the ack). */
  refused: number;
  cpuMsPerStart: number;
  ackP99: number;
  outcomeP99: number;
  /** How late the sender was on its schedule, p99 ms: a large value means arrivals bunched up. */
  lateP99: number;
}

export interface StartRow {
  subject: string;
  rate: number;
  rounds: StartRound[];
  /** Median of the rounds. */
  cpuMsPerStart: number;
  /** Over every start of every round. */
  ackP50: number;
  ackP99: number;
  outcomeP50: number;
  outcomeP99: number;
  sent: number;
  acked: number;
  told: number;
  platformStarts: number;
  refused: number;
  /** The highest resident memory sampled while it served starts, kB. */
  peakRssKb: number;
}

export interface StartOptions {
  rate: number;
  durationS: number;
  rounds: number;
  /** Starts each subject makes before any round counts, while V8 compiles what a start runs. */
  warmUpStarts: number;
}

interface Samples {
  rounds: StartRound[];
  acks: number[];
  outcomes: number[];
  peakRssKb: number;
}

export async function startRounds(
  world: BenchWorld,
  subjects: ReadonlyMap<string, Subject>,
  options: StartOptions,
): Promise<StartRow[]> {
  const entries = [...subjects.entries()];
  const samples = entries.map((): Samples => ({ rounds: [], acks: [], outcomes: [], peakRssKb: 0 }));
  let nextId = 100_000;
  const ids = (count: number) => {
    const from = nextId;
    nextId += count;
    return Array.from({ length: count }, (_, i) => from + i);
  };
  const under = async (i: number, load: () => Promise<void>) => {
    const [, subject] = entries[i] as [string, Subject];
    const peak = await peakRssDuring(subject.child, load);
    const sample = samples[i] as Samples;
    sample.peakRssKb = Math.max(sample.peakRssKb, peak);
  };
  for (const [i, [name, subject]] of entries.entries()) {
    process.stderr.write(`bench: warming up ${name} with ${options.warmUpStarts} starts\n`);
    const warm = ids(options.warmUpStarts);
    await world.addDrafts(warm[0] ?? 0, warm.length);
    await under(i, async () => {
      await paced(subject.url, options.rate, warm.length, (n) => world.command(`start ${warm[n]}`)());
      await allTold(world, warm);
    });
  }
  const children = entries.map(([, subject]) => subject.child);
  for (let round = 0; round < options.rounds; round++) {
    const order = entries.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const [name, subject] = entries[i] as [string, Subject];
      process.stderr.write(`bench: /exp start at ${options.rate}/s → ${name}, round ${round + 1}\n`);
      const roundIds = ids(Math.round(options.rate * options.durationS));
      await world.addDrafts(roundIds[0] ?? 0, roundIds.length);
      const cpuBefore = (await settle(children))[i] ?? 0;
      const startsBefore = (await world.counts()).starts;
      const refusedBefore = await busyRefusals(subject);
      await under(i, async () => {
        const { sends, lateP99 } = await paced(subject.url, options.rate, roundIds.length, (n) =>
          world.command(`start ${roundIds[n]}`)(),
        );
        const toldAt = await allTold(world, roundIds);
        const cpuAfter = (await settle([subject.child]))[0] ?? 0;
        const acks = sends.flatMap((s) => (s.status === 200 && s.ackMs !== undefined ? [s.ackMs] : []));
        const outcomes = endToEnd(sends, toldAt);
        const sample = samples[i] as Samples;
        sample.acks.push(...acks);
        sample.outcomes.push(...outcomes);
        sample.rounds.push({
          sent: sends.length,
          acked: acks.length,
          told: outcomes.length,
          platformStarts: (await world.counts()).starts - startsBefore,
          refused: (await busyRefusals(subject)) - refusedBefore,
          cpuMsPerStart: (cpuAfter - cpuBefore) / Math.max(1, sends.length),
          ackP99: quantile(acks, 0.99),
          outcomeP99: quantile(outcomes, 0.99),
          lateP99,
        });
      });
    }
  }
  return entries.map(([subject], i) => summarise(subject, options.rate, samples[i] as Samples));
}

function summarise(subject: string, rate: number, { rounds, acks, outcomes, peakRssKb }: Samples): StartRow {
  const sum = (pick: (r: StartRound) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  return {
    subject,
    rate,
    rounds,
    cpuMsPerStart: median(rounds.map((r) => r.cpuMsPerStart)),
    ackP50: quantile(acks, 0.5),
    ackP99: quantile(acks, 0.99),
    outcomeP50: quantile(outcomes, 0.5),
    outcomeP99: quantile(outcomes, 0.99),
    sent: sum((r) => r.sent),
    acked: sum((r) => r.acked),
    told: sum((r) => r.told),
    platformStarts: sum((r) => r.platformStarts),
    refused: sum((r) => r.refused),
    peakRssKb,
  };
}

/**
 * When each start was told, once all were or none more came for 10 s (on a busy machine a process
 * starved of CPU can look idle, so idleness alone does not say the work is done).
 */
async function allTold(world: BenchWorld, ids: readonly number[]): Promise<(number | null)[]> {
  let told = await world.outcomes(ids);
  let count = told.filter((at) => at !== null).length;
  let progressAt = Date.now();
  while (count < ids.length && Date.now() - progressAt < 10_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    told = await world.outcomes(ids);
    const now = told.filter((at) => at !== null).length;
    if (now > count) progressAt = Date.now();
    count = now;
  }
  return told;
}
