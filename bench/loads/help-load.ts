import autocannon from 'autocannon';
import { settle } from '../support/process-stats.js';
import type { Subject } from '../support/subjects.js';
import type { BenchWorld } from '../support/world.js';
import { quantile } from './paced.js';

// `/exp help` under autocannon: each connection sends its next signed command (a trigger_id of its
// own, as Slack's) as soon as the last is answered. The subjects take turns round by round
// (forwards, then backwards), each left idle before its turn. autocannon's histogram keeps whole
// milliseconds, so each response time is kept from its response event instead.

export interface HelpRow {
  subject: string;
  connections: number;
  /** Over every answer of every round, ms. */
  ackP50: number;
  ackP99: number;
  /** Requests answered per second, median of the rounds. */
  perSecond: number;
  answered: number;
  /** Connection errors and timeouts (a machine too slow), and answers other than 200 (a wrong answer). */
  failed: number;
  non2xx: number;
}

export interface HelpOptions {
  connections: number;
  durationS: number;
  rounds: number;
  warmUpS: number;
}

async function load(url: string, connections: number, durationS: number, make: () => object) {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        requests: [{ setupRequest: (req) => ({ ...req, ...make() }) }],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 200) times.push(responseTime);
    });
  });
  return {
    times,
    perSecond: result.requests.average,
    failed: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export async function helpLoad(
  world: BenchWorld,
  subjects: ReadonlyMap<string, Subject>,
  options: HelpOptions,
): Promise<HelpRow[]> {
  const entries = [...subjects.entries()];
  const make = world.command('help');
  // Before any run that counts: the app has far more code than bare Bolt for the JIT to compile.
  if (options.warmUpS > 0)
    for (const [, subject] of entries) await load(subject.url, options.connections, options.warmUpS, make);
  const times = entries.map((): number[] => []);
  const rates = entries.map((): number[] => []);
  const failed = entries.map(() => 0);
  const non2xx = entries.map(() => 0);
  for (let round = 0; round < options.rounds; round++) {
    const order = entries.map((_, i) => i);
    if (round % 2 === 1) order.reverse();
    for (const i of order) {
      const [name, subject] = entries[i] as [string, Subject];
      process.stderr.write(`bench: /exp help ×${options.connections} → ${name}, round ${round + 1}\n`);
      await settle(entries.map(([, s]) => s.child));
      const run = await load(subject.url, options.connections, options.durationS, make);
      times[i]?.push(...run.times);
      rates[i]?.push(run.perSecond);
      failed[i] = (failed[i] ?? 0) + run.failed;
      non2xx[i] = (non2xx[i] ?? 0) + run.non2xx;
    }
  }
  return entries.map(([subject], i) => ({
    subject,
    connections: options.connections,
    ackP50: quantile(times[i] ?? [], 0.5),
    ackP99: quantile(times[i] ?? [], 0.99),
    perSecond: quantile(rates[i] ?? [], 0.5),
    answered: times[i]?.length ?? 0,
    failed: failed[i] ?? 0,
    non2xx: non2xx[i] ?? 0,
  }));
}
