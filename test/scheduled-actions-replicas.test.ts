import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackDriver } from '../src/dev/slack-emulator/driver.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { RunningApp } from '../src/start.js';
import { messageText } from './support/harness.js';
import { type ReplicaWorld, startReplicaWorld } from './support/replica-world.js';

// Two replicas on one Redis: a start is scheduled through one, which is then stopped, and a new
// replica started before the due time. The action runs once, at its time, from a replica that did
// not schedule it (the request kept by Redis, found due by one replica's due pass).

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const USER = EMULATOR_DEFAULTS.userId;
let world: ReplicaWorld;
const replicas: RunningApp[] = [];

beforeAll(async () => {
  world = await startReplicaWorld({ ids: [8001, 8002], label: 'Replicas' });
  replicas.push(await world.replica(), await world.replica());
}, 120_000);

afterAll(async () => {
  await world?.close(replicas);
});

const replica = () => world.replica();

const said = (pattern: RegExp) =>
  world.emulator.messages(CHANNEL).filter((m) => !m.ephemeral && pattern.test(messageText(m)));
const waitFor = (pattern: RegExp, what: string) =>
  world.emulator.waitFor(() => said(pattern)[0], { timeoutMs: 30_000, message: what });
const starts = (id: number) =>
  world.sandbox.state.requests.filter(
    (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
  ).length;
const at = (ms: number) => `at ${new Date(Date.now() + ms).toISOString().slice(0, 19)}Z`;

describe('a scheduled action across replicas and a restart', () => {
  it('runs once, at its time, though the replica that scheduled it is gone', async () => {
    const [first] = replicas;
    if (!first) throw new Error('no replica');
    const driver = createSlackDriver({
      appUrl: first.eventsUrl,
      signingSecret: world.signingSecret,
      emulator: world.emulator,
    });
    await driver.command({ text: `start 8001 ${at(8_000)}`, userId: USER });
    await waitFor(/scheduled the app to \*start\* experiment \*8001\*/, 'not scheduled');
    // A later one: once it has run, the first has had every chance to run twice.
    await driver.command({ text: `start 8002 ${at(10_000)}`, userId: USER });
    await waitFor(/scheduled the app to \*start\* experiment \*8002\*/, 'the second was not scheduled');
    await first.close();
    replicas.shift();
    expect(starts(8001)).toBe(0);
    replicas.push(await replica());

    await waitFor(/started experiment \*Replicas 8001\* \(#8001\)/, 'the scheduled start did not run');
    await waitFor(/started experiment \*Replicas 8002\* \(#8002\)/, 'the later scheduled start did not run');
    expect(starts(8001)).toBe(1);
    expect(starts(8002)).toBe(1);
    expect(said(/started experiment \*Replicas 8001\* \(#8001\)/)).toHaveLength(1);
  }, 90_000);
});
