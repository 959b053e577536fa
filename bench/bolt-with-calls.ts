// Baseline (c) of the load benchmark, for `/exp start` only: an App on the same @slack/bolt that
// makes the calls the app makes for one start, written as a Bolt tutorial would and nothing more:
// ack with a "working" line, POST the platform's start, post in the experiment's thread, update its
// card, and respond() with the outcome. No access check, no intents, no audit, no record, no
// alerts, no error handling beyond reading the status. It answers "what does the work itself cost
// in Bolt", which bare Bolt's no-op ack cannot. Started as its own process by bench/work-cost.ts
// and bench/profile.ts.
import { request } from 'undici';
import { createBenchBolt } from './bench-bolt.js';

const consoleUrl = `${process.env.CONSOLE_BASE_URL ?? ''}/api/console`;
const platformToken = process.env.CONSOLE_API_TOKEN ?? '';
const { app, listen } = createBenchBolt();

// The experiment's card, posted once per channel (the app posts it on the first action too).
const cards = new Map<string, Promise<string | undefined>>();

app.command('/exp', async ({ command, ack, respond, client }) => {
  const id = /^start (\d{1,9})$/.exec(command.text.trim())?.[1];
  if (!id) {
    await ack();
    return;
  }
  await ack({ response_type: 'ephemeral', text: `Starting experiment ${id}…` });
  const res = await request(`${consoleUrl}/experiments/v1/${id}/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${platformToken}` },
  });
  const body = await res.body.text();
  const outcome =
    res.statusCode === 200
      ? `Experiment ${id} started.`
      : `Experiment ${id} was not started: ${body.slice(0, 200)}`;
  const channel = command.channel_id;
  let card = cards.get(channel);
  if (!card) {
    card = client.chat.postMessage({ channel, text: `Experiment ${id}` }).then((r) => r.ts);
    cards.set(channel, card);
  }
  const ts = await card;
  await client.chat.postMessage({ channel, thread_ts: ts, text: `${outcome} (<@${command.user_id}>)` });
  if (ts) await client.chat.update({ channel, ts, text: `Experiment ${id}: ${outcome}` });
  await respond({ response_type: 'ephemeral', replace_original: true, text: outcome });
});

await listen();
