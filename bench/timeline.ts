// One start's store commands in time, on an idle app on Redis: Redis's MONITOR stamps every command
// the app sends; each of N starts (5 a second, each on a draft of its own, after 60 to warm up) is
// matched with the commands of the 150 ms after it was sent, and each command's median offset from
// the send is printed in order, with the ack's and the told outcome's medians. The gaps between
// commands are the platform's calls, Slack's post and the app's work: what a start's chain waits on.
// Not part of `npm run bench`.
//   npm run bench:timeline -- 30
import { createClient } from '@keyv/redis';
import { getGlobalDispatcher } from 'undici';
import { BENCH_REDIS_URL, flushBenchRedis } from './bench-redis.js';
import { startBenchWorld } from './bench-world.js';
import { spawnSubject } from './load.js';
import { paced } from './paced.js';

const N = Number(process.argv[2] ?? '30');
if (!(N >= 1 && N <= 200)) throw new Error('starts: 1 to 200');
await flushBenchRedis();
const world = await startBenchWorld('bench');
const s = await spawnSubject('app', 'src/main.ts', { ...world.env, STORE_URL: BENCH_REDIS_URL });
let next = 500_000;
await world.addDrafts(next, 100);
await paced(s.url, 20, 60, (i) => world.command(`start ${next + i}`)());
next += 60;
const mon = createClient({ url: BENCH_REDIS_URL });
await mon.connect();
const lines: string[] = [];
await mon.monitor((line) => lines.push(String(line)));
await new Promise((r) => setTimeout(r, 500));
await world.addDrafts(next, N);
const { sends } = await paced(s.url, 5, N, (i) => world.command(`start ${next + i}`)());
await new Promise((r) => setTimeout(r, 1000));
mon.destroy();
const cmds = lines
  .map((l) => /^(\d+\.\d+) \[9 [^\]]+\] "(\w+)" ?"?([^"]*)"?/.exec(l))
  .filter((m): m is RegExpExecArray => m !== null && !m[0].includes(' lua]'))
  .map((m) => ({ t: Number(m[1]) * 1000, cmd: m[2], key: (m[3] ?? '').replace(/exp-chatops:/, '') }));
const offsets = new Map<string, number[]>();
for (const send of sends) {
  const mine = cmds.filter((c) => c.t >= send.sentAt - 2 && c.t < send.sentAt + 150);
  const seen = new Map<string, number>();
  for (const c of mine) {
    const shape = `${c.cmd} ${c.key
      .replace(/[0-9a-f]{24}/, '<id>')
      .replace(/\d{6}/, '<n>')
      .replace(/slack-request:\S+/, 'slack-request')
      .slice(0, 50)}`;
    const k = `${shape}#${(seen.get(shape) ?? 0) + 1}`;
    seen.set(shape, (seen.get(shape) ?? 0) + 1);
    offsets.set(k, [...(offsets.get(k) ?? []), c.t - send.sentAt]);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)] ?? 0;
for (const [k, v] of [...offsets].sort((a, b) => med(a[1]) - med(b[1])))
  if (v.length >= N / 2) console.log(med(v).toFixed(2).padStart(7), 'ms', v.length, k);
const acks = sends.map((x) => x.ackMs ?? 0);
console.log('ack median', med(acks).toFixed(2));
const told = await world.outcomes(sends.map((_, i) => next + i));
console.log(
  'told median (ms after send)',
  med(told.map((at, i) => (at ?? 0) - (sends[i]?.sentAt ?? 0))).toFixed(1),
);
s.child.kill();
await world.close();
await getGlobalDispatcher().close();
