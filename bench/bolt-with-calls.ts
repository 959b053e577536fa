// The baseline of bench/work-cost.ts: an App on the same @slack/bolt that makes the calls the app
// makes for one `/exp start`, written as a Bolt tutorial would and nothing more: ack, POST the
// platform's start, and post the outcome in the channel. No access check, no intents, no audit, no
// record, no alerts, no error handling beyond reading the status. It answers "what does the work
// itself cost in Bolt", which bare Bolt's no-op ack cannot. (The app posts a "working" note through
// the response_url only when a start has said nothing for a while; at the benchmark's rates it
// never does, and the platform and Slack counts of each run show it.) Started as its own process by
// bench/work-cost.ts and bench/profile.ts.
import { request } from 'undici';
import { createBenchBolt } from './bench-bolt.js';

const consoleUrl = `${process.env.CONSOLE_BASE_URL ?? ''}/api/console`;
const platformToken = process.env.CONSOLE_API_TOKEN ?? '';
const { app, listen } = createBenchBolt();

app.command('/exp', async ({ command, ack, client }) => {
  await ack();
  const id = /^start (\d{1,9})$/.exec(command.text.trim())?.[1];
  if (!id) return;
  const res = await request(`${consoleUrl}/experiments/v1/${id}/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformToken}` },
  });
  const body = await res.body.text();
  const outcome =
    res.statusCode === 200
      ? `Experiment ${id} started.`
      : `Experiment ${id} was not started: ${body.slice(0, 200)}`;
  await client.chat.postMessage({ channel: command.channel_id, text: `${outcome} (<@${command.user_id}>)` });
});

await listen();
