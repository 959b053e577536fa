// The lean guarded start: an App on the same @slack/bolt that makes the app's calls for one
// `/exp start` (as bolt-app-calls.ts) and, written by hand on the same kind of store (STORE_URL:
// redis:// or sqlite://), the guarantees the app gives a start, with nothing else:
// - before the ack: the request's replay claim and its intent as received;
// - the workspace's policy and its sealed connection, read together (the token decrypted with
//   AES-256-GCM, as the app's vault does on every read);
// - the intent marked before the platform call and again after it, so an interrupted start can be
//   reported;
// - the platform's start, the experiment read, the card posted;
// - the record read, then written with the action and the card's thread together with the audit
//   entry, the workspace's recent list and the intent's end; the subscriptions read.
// No retries, metrics, logs or languages. The CPU budget's yardstick: what the guarantees cost.
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { request } from 'undici';
import { createBenchBolt } from './bench-bolt.js';
import { card } from './card.js';
import { guardedRedis } from './guarded-redis.js';
import { guardedSqlite } from './guarded-sqlite.js';
import { connectionKey, type GuardedStore } from './guarded-store.js';

const consoleUrl = `${process.env.CONSOLE_BASE_URL ?? ''}/api/console`;
const storeUrl = process.env.STORE_URL ?? 'redis://127.0.0.1:6379/9';
const store: GuardedStore = storeUrl.startsWith('sqlite://')
  ? await guardedSqlite(storeUrl.slice('sqlite://'.length))
  : await guardedRedis(storeUrl);

const key = randomBytes(32);
const seal = (plain: string, aad: string) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad));
  const text = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), text].map((b) => b.toString('base64')).join(':');
};
const open = (blob: string, aad: string) => {
  const [iv = '', tag = '', text = ''] = blob.split(':');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
    .setAAD(Buffer.from(aad))
    .setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(text, 'base64')), decipher.final()]).toString('utf8');
};
// Each workspace's connection is stored once, sealed, as `/exp connect` would leave it.
const connected = new Set<string>();
async function connect(team: string): Promise<void> {
  if (connected.has(team)) return;
  const token = seal(process.env.CONSOLE_API_TOKEN ?? '', connectionKey(team));
  await store.connect(team, JSON.stringify({ host: consoleUrl, token }));
  connected.add(team);
}

const { app, listen } = createBenchBolt();

app.command('/exp', async ({ command, ack, client }) => {
  const id = /^start (\d{1,9})$/.exec(command.text.trim())?.[1];
  const team = command.team_id;
  const intentKey = `intents:${randomUUID()}`;
  const intent = {
    teamId: team,
    action: 'start',
    experimentId: Number(id),
    actorId: command.user_id,
    channelId: command.channel_id,
    at: new Date().toISOString(),
    phase: 'received',
  };
  const claimed = await store.claim(command.trigger_id, intentKey, JSON.stringify(intent));
  await ack();
  if (!claimed || !id) return;
  await connect(team);
  const context = await store.context(team);
  const denied = (JSON.parse(context.policy ?? '{"denied":[]}') as { denied: string[] }).denied;
  const stored = JSON.parse(context.connection ?? 'null') as { host: string; token: string } | null;
  if (denied.includes(command.user_id) || !stored) return;
  const headers = { authorization: `Bearer ${open(stored.token, connectionKey(team))}` };
  await store.mark(intentKey, JSON.stringify({ ...intent, phase: 'sending', at: new Date().toISOString() }));
  const res = await request(`${stored.host}/experiments/v1/${id}/start`, { method: 'POST', headers });
  const body = await res.body.text();
  await store.mark(intentKey, JSON.stringify({ ...intent, phase: 'answered', status: res.statusCode }));
  const outcome =
    res.statusCode === 200
      ? `Experiment ${id} started.`
      : `Experiment ${id} was not started: ${body.slice(0, 200)}`;
  const text = `${outcome} (<@${command.user_id}>)`;
  const read = await request(`${stored.host}/experiments/v1/${id}`, { headers });
  const experiment = (read.statusCode === 200 ? await read.body.json() : await read.body.text()) as Record<
    string,
    unknown
  >;
  const posted = await client.chat.postMessage({
    channel: command.channel_id,
    text,
    blocks: card(id, text, experiment),
  });
  const recordKey = `records:${team}:${id}`;
  const record = JSON.parse((await store.record(recordKey)) ?? '{"actions":[],"threads":[]}') as {
    actions: unknown[];
    threads: unknown[];
  };
  const at = new Date().toISOString();
  record.actions.push({ action: 'start', actorId: command.user_id, at, channelId: command.channel_id });
  record.threads.push({ channelId: command.channel_id, parentTs: posted.ts, at });
  const now = Date.now();
  await store.finish({
    team,
    recordKey,
    experimentId: String(id),
    record: JSON.stringify({ ...record, ...learnt(experiment, at), touchedAt: at }),
    at: now,
    auditEntry: JSON.stringify({ at: now, userId: command.user_id, action: 'start', experimentId: id }),
    intentKey,
  });
  await store.subscriptions(team);
});

/** What the record keeps of the experiment read, each value with where and when it was learnt. */
function learnt(experiment: Record<string, unknown>, at: string) {
  const fields = { name: 'name', type: 'type', team: 'teamId', layer: 'layerId', status: 'status' };
  return Object.fromEntries(
    Object.entries(fields).map(([field, from]) => [
      field,
      { value: experiment[from], source: 'platform-read', at },
    ]),
  );
}

await listen();
