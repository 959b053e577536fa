// The baselines of bench/work-cost.ts: an App on the same @slack/bolt that makes the calls for one
// `/exp start`, written as a Bolt tutorial would and nothing more. No access check, no intents, no
// audit, no record, no alerts, no error handling beyond reading the status. It answers "what does
// the work itself cost in Bolt", which bare Bolt's no-op ack cannot. (The app posts a "working"
// note through the response_url only when a start has said nothing for a while; at the benchmark's
// rates it never does, and the platform and Slack counts of each run show it.)
//
// BOLT_CALLS=start (issue #25's baseline): ack, POST the platform's start, post a line of text.
// BOLT_CALLS=card: the calls the app makes when it starts an experiment it has never seen: ack,
// POST the start, GET the experiment (the start answers only `{ok: true}`, so its name and new
// status must be read), and post a card of the app's shape (a title with four fields, a hint, two
// buttons) instead of a line. What separates the app from this row is its guarantees, not its calls.
// Started as its own process by bench/work-cost.ts, bench/profile.ts and bench/syscalls.ts.
import { request } from 'undici';
import { createBenchBolt } from './bench-bolt.js';
import { card } from './bolt-card.js';

const consoleUrl = `${process.env.CONSOLE_BASE_URL ?? ''}/api/console`;
const platformToken = process.env.CONSOLE_API_TOKEN ?? '';
const withCard = process.env.BOLT_CALLS === 'card';
const { app, listen } = createBenchBolt();

app.command('/exp', async ({ command, ack, client }) => {
  await ack();
  const id = /^start (\d{1,9})$/.exec(command.text.trim())?.[1];
  if (!id) return;
  const headers = { authorization: `Bearer ${platformToken}` };
  const res = await request(`${consoleUrl}/experiments/v1/${id}/start`, { method: 'POST', headers });
  const body = await res.body.text();
  const outcome =
    res.statusCode === 200
      ? `Experiment ${id} started.`
      : `Experiment ${id} was not started: ${body.slice(0, 200)}`;
  const text = `${outcome} (<@${command.user_id}>)`;
  if (!withCard) {
    await client.chat.postMessage({ channel: command.channel_id, text });
    return;
  }
  const read = await request(`${consoleUrl}/experiments/v1/${id}`, { headers });
  const experiment = (read.statusCode === 200 ? await read.body.json() : await read.body.text()) as Record<
    string,
    unknown
  >;
  await client.chat.postMessage({ channel: command.channel_id, text, blocks: card(id, text, experiment) });
});

await listen();
