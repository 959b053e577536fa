// Baseline of bench/help-reply.ts: bare Bolt (bench/bare-bolt.ts) whose /exp handler acks with the
// reply the app gives `/exp help` (BENCH_REPLY_FILE, the JSON body as the app answered it), so that
// what separates the app from it is the work before the reply, not the reply's size.
import { readFileSync } from 'node:fs';
import { createBenchBolt } from './bench-bolt.js';

const reply = JSON.parse(readFileSync(process.env.BENCH_REPLY_FILE ?? '', 'utf8'));
const { app, listen } = createBenchBolt();
app.command('/exp', async ({ ack }) => {
  await ack(reply);
});
await listen();
