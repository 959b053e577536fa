import { randomUUID } from 'node:crypto';
import { createClient } from '@keyv/redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIntentLog, INTENT_NAMESPACE } from '../src/core/intents.js';
import type { ActionRequest } from '../src/core/requests/action-request.js';
import { createRequestStore } from '../src/core/requests/request-store.js';
import { workspaceKey } from '../src/core/workspace.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { RunningApp } from '../src/start.js';
import { storedValues } from '../src/store/conditional-update.js';
import { redisClaimKey } from '../src/store/redis-backend.js';
import { addPublicChannel } from './support/channels.js';
import { messageText } from './support/harness.js';
import { type ReplicaWorld, startReplicaWorld } from './support/replica-world.js';

// An action left by a process that died after it may have sent it reaches the experiment's
// subscribed channels as "outcome unknown" (issue #53's recommended preset), not only the channel it
// was asked from: whether the orphan sweep reports it or the due pass gives up its stale run. Once,
// though several replicas look, and though a report cut before its intent ended is made again.

const GENERAL = EMULATOR_DEFAULTS.channelId;
const MEMBER = EMULATOR_DEFAULTS.userId;
/** Subscribed with no events named: the recommended preset. */
const SUBSCRIBED = 'C0SUBSCR1';
const WORKSPACE = { teamId: EMULATOR_DEFAULTS.teamId };
const HOUR = 3_600_000;
const APP_STOPPED = /the app stopped before it heard back/;
let world: ReplicaWorld;
const replicas: RunningApp[] = [];
let driver: SlackDriver;

beforeAll(async () => {
  world = await startReplicaWorld({ ids: [8301, 8302, 8303, 8304], label: 'Interrupted' });
  addPublicChannel(world.emulator, { id: SUBSCRIBED, name: 'subscribed', members: [MEMBER] });
  replicas.push(await world.replica());
  driver = createSlackDriver({
    appUrl: replicas[0]?.eventsUrl ?? '',
    signingSecret: world.signingSecret,
    emulator: world.emulator,
  });
  await driver.command({ text: 'subscribe', channelId: SUBSCRIBED, userId: MEMBER });
  await untilIn(SUBSCRIBED, /subscribed this channel/, 'the channel was not subscribed');
}, 120_000);

afterAll(async () => {
  await world?.close(replicas);
});

const inChannel = (channel: string, pattern: RegExp) =>
  world.emulator.messages(channel).filter((m) => !m.ephemeral && pattern.test(messageText(m)));
const untilIn = (channel: string, pattern: RegExp, message: string, count = 1) =>
  world.emulator.waitFor(() => inChannel(channel, pattern)[count - 1], { timeoutMs: 20_000, message });
const about = (id: number) =>
  new RegExp(`${APP_STOPPED.source}[^]*\\b${id}\\b|\\b${id}\\b[^]*${APP_STOPPED.source}`);

/**
 * Alerts of one channel go out in the order they were queued: once an alert queued after the
 * reports is in the channel, any second alert the reports queued would be there too.
 */
async function alertsSettled(id: number): Promise<void> {
  await driver.command({ text: `start ${id}`, channelId: GENERAL, userId: MEMBER });
  const started = new RegExp(`started experiment [^]*${id}`);
  await untilIn(SUBSCRIBED, started, `the start of ${id} was not alerted`);
}

describe('an action interrupted by a dead process, told to subscribed channels', () => {
  it('is alerted once by the orphan sweep of two replicas, and not again by a sweep made again', async () => {
    const keyv = replicas[0]?.store.keyv(INTENT_NAMESPACE);
    if (!keyv) throw new Error('no replica');
    // A process that died an hour ago while the platform had its stop of experiment 8301.
    const dead = createIntentLog({
      keyv,
      now: () => new Date(Date.now() - HOUR),
      inFlightMs: 1_000,
      onError: () => undefined,
      owner: 'dead0000dead0000',
    });
    const base = { workspace: WORKSPACE, actorId: MEMBER, channelId: GENERAL };
    const id = await dead.begin({ ...base, action: 'stop', experimentId: 8301 });
    const left = await keyv.get(id);

    // Two replicas start together; each sweeps at once.
    replicas.push(...(await Promise.all([world.replica(), world.replica()])));
    const reported = /The app stopped while it was sending \*stop\* on experiment \*8301\*/;
    await untilIn(GENERAL, reported, 'the interrupted stop was not reported where it was asked');
    const alert = await untilIn(SUBSCRIBED, about(8301), 'the subscribers were not alerted');
    expect(messageText(alert)).toContain(
      `<@${MEMBER}> asked to stop experiment *8301* in <#${GENERAL}>, and the app stopped before it heard back: whether it happened is unknown. \`/exp show 8301\``,
    );

    // The store lost the intent's end, and the report's claim ran out: a replica reports it again.
    await keyv.set(id, left);
    const redis = createClient({ url: world.storeUrl });
    await redis.connect();
    await redis.del(redisClaimKey(`intent-report:${id}`));
    await redis.quit();
    replicas.push(await world.replica());
    await untilIn(GENERAL, reported, 'the sweep made again did not report', 2);

    await alertsSettled(8302);
    expect(inChannel(SUBSCRIBED, about(8301))).toHaveLength(1);
  }, 90_000);

  it('is alerted once when the due pass of every replica gives up a stale run', async () => {
    const replica = replicas[0];
    if (!replica) throw new Error('no replica');
    // A stored request whose run began on a process that died 20 minutes ago: past its stale time.
    const since = new Date(Date.now() - 20 * 60_000).toISOString();
    const request: ActionRequest = {
      v: 1,
      id: randomUUID(),
      scope: workspaceKey(WORKSPACE),
      teamId: WORKSPACE.teamId,
      requestedBy: MEMBER,
      channelId: GENERAL,
      surface: 'command',
      what: { action: 'archive', experimentId: 8303 },
      state: 'running',
      createdAt: since,
      history: [{ state: 'running', at: since }],
    };
    const requests = createRequestStore({
      stored: storedValues(replica.store, 'requests'),
      now: () => new Date(),
    });
    expect(await requests.adopt(request)).toBe(true);

    const alert = await untilIn(SUBSCRIBED, about(8303), 'the subscribers were not alerted', 1);
    expect(messageText(alert)).toContain(
      `<@${MEMBER}> asked to archive experiment *8303* in <#${GENERAL}>, and the app stopped before it heard back`,
    );
    expect((await requests.get(request.scope, request.id))?.state).toBe('outcome-unknown');
    await alertsSettled(8304);
    expect(inChannel(SUBSCRIBED, about(8303))).toHaveLength(1);
  }, 60_000);
});
