// Baseline (a) of the load benchmark: an App on the same @slack/bolt whose /exp handler only acks,
// with the same signature check. Started as its own process by bench/load.ts; prints "listening".
// With BENCH_REPLY_FILE (bench/help-reply.ts) it acks with that JSON body instead, the reply the
// app gives `/exp help`, so that what separates the app from it is the work before the reply.
import { readFileSync } from 'node:fs';
import { createBenchBolt } from './bench-bolt.js';

const replyFile = process.env.BENCH_REPLY_FILE;
const reply: unknown = replyFile ? JSON.parse(readFileSync(replyFile, 'utf8')) : undefined;
const { app, listen } = createBenchBolt();
app.command('/exp', async ({ ack }) => {
  await (reply === undefined ? ack() : ack(reply as Parameters<typeof ack>[0]));
});
await listen();
