// Bare Bolt: an App on the same @slack/bolt whose `/exp` handler only acks, with the same signature
// check as the app. The memory budget's idle baseline and the `/exp help` load's yardstick.
import { createBenchBolt } from './bench-bolt.js';

const { app, listen } = createBenchBolt();
app.command('/exp', async ({ ack }) => {
  await ack();
});
await listen();
