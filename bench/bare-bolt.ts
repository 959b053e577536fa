// Baseline (a) of the load benchmark: an App on the same @slack/bolt whose /exp handler only acks,
// with the same signature check. Started as its own process by bench/load.ts; prints "listening".
import { createBenchBolt } from './bench-bolt.js';

const { app, listen } = createBenchBolt();
app.command('/exp', async ({ ack }) => {
  await ack();
});
await listen();
