// A baseline for issue #25's question "what do the app's guarantees cost": an App on the same
// @slack/bolt that makes the app's calls for one `/exp start` (as BOLT_CALLS=card in
// bench/bolt-with-calls.ts) AND the same durable reads and writes on the same Redis, written
// directly with the Redis client, as a careful hand-written Bolt app would, with nothing else:
// - before the ack: the request's replay claim and its receipt in one script (SET NX PX + SET);
// - the asker's language choices, the access policy and the workspace's connection (read together,
//   the token decrypted with AES-256-GCM as the app's vault does on every read);
// - the intent marked before the platform call and again after it (crash safety: an interrupted
//   start can be reported);
// - the platform's start, the experiment read, the card posted;
// - the experiment's record read and written with the action and the card's thread, an audit entry
//   appended to a sorted set trimmed to a year, the intent deleted, the channel's subscriptions read.
// Store operations per start: the app's on Redis (`npm run bench:store-ops`) less the dictionary
// generation read (its card shows raw ids, not names) and the new experiment's index entry.
// No error handling beyond the status, no retries, no metrics, no logs, no languages beyond reading
// the choice. STORE_URL: the Redis to use (its keys start with `bolt-guarded:`).
import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { request } from 'undici';
import { createBenchBolt } from './bench-bolt.js';
import { card } from './bolt-card.js';

const consoleUrl = `${process.env.CONSOLE_BASE_URL ?? ''}/api/console`;
const P = 'bolt-guarded';
const REPLAY_MS = 660_000;
const AUDIT_KEEP_MS = 365 * 24 * 3600 * 1000;
const CLAIM = `if not redis.call('SET', KEYS[1], '1', 'NX', 'PX', ARGV[1]) then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1`;

const redis = createClient({ url: process.env.STORE_URL ?? 'redis://127.0.0.1:6379/9' });
await redis.connect();
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
const connectionKey = (teamId: string) => `${P}:connections:${teamId}`;
// Each workspace's connection is stored once, sealed, as the app's `/exp login` would leave it.
const connected = new Set<string>();
async function connect(teamId: string): Promise<void> {
  if (connected.has(teamId)) return;
  const token = seal(process.env.CONSOLE_API_TOKEN ?? '', connectionKey(teamId));
  await redis.set(connectionKey(teamId), JSON.stringify({ host: consoleUrl, token }));
  connected.add(teamId);
}

const { app, listen } = createBenchBolt();

app.command('/exp', async ({ command, ack, client }) => {
  const id = /^start (\d{1,9})$/.exec(command.text.trim())?.[1];
  const team = command.team_id;
  const intentKey = `${P}:intents:${randomUUID()}`;
  const intent = {
    teamId: team,
    action: 'start',
    experimentId: Number(id),
    actorId: command.user_id,
    channelId: command.channel_id,
    at: new Date().toISOString(),
    phase: 'received',
  };
  const claimed = await redis.eval(CLAIM, {
    keys: [`${P}:once:${command.trigger_id}`, intentKey],
    arguments: [String(REPLAY_MS), JSON.stringify(intent)],
  });
  await ack();
  if (claimed !== 1 || !id) return;
  await connect(team);
  const [languages, policy, connection] = await Promise.all([
    redis.mGet([`${P}:languages:${team}:${command.user_id}`, `${P}:languages:${team}`]),
    redis.get(`${P}:policies:${team}`),
    redis.mGet([
      connectionKey(team),
      `${connectionKey(team)}:${command.channel_id}`,
      `${connectionKey(team)}:${command.user_id}`,
    ]),
  ]);
  void languages;
  const denied = (JSON.parse(policy ?? '{"denied":[]}') as { denied: string[] }).denied;
  const stored = JSON.parse(connection[0] ?? 'null') as { host: string; token: string } | null;
  if (denied.includes(command.user_id) || !stored) {
    await redis.unlink(intentKey);
    return;
  }
  const headers = { authorization: `Bearer ${open(stored.token, connectionKey(team))}` };
  await redis.set(intentKey, JSON.stringify({ ...intent, phase: 'sending', at: new Date().toISOString() }));
  const res = await request(`${stored.host}/experiments/v1/${id}/start`, { method: 'POST', headers });
  const body = await res.body.text();
  await redis.set(intentKey, JSON.stringify({ ...intent, phase: 'answered', status: res.statusCode }));
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
  const recordKey = `${P}:records:${team}:${id}`;
  const record = JSON.parse((await redis.get(recordKey)) ?? '{"actions":[],"threads":[]}') as {
    actions: unknown[];
    threads: unknown[];
  };
  const at = new Date().toISOString();
  record.actions.push({ action: 'start', actorId: command.user_id, at, channelId: command.channel_id });
  record.threads.push({ channelId: command.channel_id, parentTs: posted.ts, at });
  const now = Date.now();
  const auditKey = `${P}:audit:${team}`;
  const entry = JSON.stringify({ at: now, userId: command.user_id, action: 'start', experimentId: id });
  await Promise.all([
    redis.set(recordKey, JSON.stringify({ ...record, ...learnt(experiment, at), touchedAt: at })),
    redis
      .multi()
      .zAdd(auditKey, { score: 0, value: `${String(now).padStart(15, '0')}-${randomUUID()}|${entry}` })
      .zRemRangeByLex(auditKey, '-', `(${String(now - AUDIT_KEEP_MS).padStart(15, '0')}`)
      .pExpire(auditKey, AUDIT_KEEP_MS)
      .exec(),
    redis.unlink(intentKey),
  ]);
  await redis.get(`${P}:subscriptions:${team}`);
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
