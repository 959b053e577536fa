// Bolt making the app's calls: an App on the same @slack/bolt that does for `/exp start` the calls
// the app makes for an experiment it has not seen yet, written as a Bolt tutorial would and nothing
// more: ack, POST the platform's start, GET the experiment (the start answers only `{ok: true}`, so
// its name and new status must be read), post a card of the app's shape. No access check, intents,
// record, audit or alerts. The memory budget's baseline under the start load.
import { request } from 'undici';
import { createBenchBolt } from './bench-bolt.js';
import { card } from './card.js';

const consoleUrl = `${process.env.CONSOLE_BASE_URL ?? ''}/api/console`;
const platformToken = process.env.CONSOLE_API_TOKEN ?? '';
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
  const read = await request(`${consoleUrl}/experiments/v1/${id}`, { headers });
  const experiment = (read.statusCode === 200 ? await read.body.json() : await read.body.text()) as Record<
    string,
    unknown
  >;
  await client.chat.postMessage({ channel: command.channel_id, text, blocks: card(id, text, experiment) });
});

await listen();
