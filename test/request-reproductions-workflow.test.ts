import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { definitionFromManifest, type FunctionDefinition } from '../src/dev/slack-emulator/functions.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, startHarness } from './support/harness.js';
import { connectViaModal } from './support/oauth-harness.js';
import { experiments, platformCalls } from './support/requests.js';

// Issue #50's reproduction about workflow steps: a step followed the channel its author typed, so
// a member who is not in a private channel acted there, with that channel's own platform
// connection, under a channel rule that refuses them everywhere else. A step is for a channel its
// runner is in, like every other surface.

const GENERAL = EMULATOR_DEFAULTS.channelId;
const OPS = 'G0OPS0001';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const OPS_TOKEN = 'ops team';

const manifest = parse(readFileSync(new URL('../manifest.yml', import.meta.url), 'utf8')) as {
  functions: { start_experiment: Parameters<typeof definitionFromManifest>[0] };
};
const startStep: FunctionDefinition = definitionFromManifest(manifest.functions.start_experiment);

let h: Harness;
const fresh = experiments(() => h, 8_500);
const slack = emulatorQueries(() => h.emulator, { channel: GENERAL });

beforeAll(async () => {
  h = await startHarness();
  // #ops: private, the bot and the admin in it, the member not.
  h.emulator.channels.set(OPS, {
    id: OPS,
    name: 'ops',
    is_private: true,
    botIsMember: true,
    members: [ADMIN],
  });
  await connectOps();
  await h.driver.command({ text: `policy channels start <#${OPS}|ops>`, userId: ADMIN });
  await h.app.idle();
});
afterAll(async () => {
  await h?.close();
});

/** #ops gets its own platform connection, the way an admin makes one there. */
async function connectOps(): Promise<void> {
  const token = await h.sandbox.issueToken({ name: OPS_TOKEN });
  await connectViaModal({ ...h, adminId: ADMIN, baseUrl: h.sandbox.url, token, channelId: OPS });
  await slack.ephemeralTo(ADMIN, new RegExp(`This is <#${OPS}>'s own connection`), OPS);
}

async function startStepIn(channelId: string, ranBy: string, experimentId: number) {
  const run = await h.driver.runStep({
    definition: startStep,
    callbackId: 'start_experiment',
    ranBy,
    inputs: { experiment_id: String(experimentId), channel_id: channelId },
  });
  expect(run.status).toBe(200);
  return h.emulator.waitFor(
    () => {
      const execution = h.emulator.functionExecution(run.execution.id);
      return execution && execution.state !== 'running' ? execution : undefined;
    },
    { timeoutMs: 8000, message: 'the step was never completed nor failed' },
  );
}

const opsPosts = () => h.emulator.messages(OPS).filter((m) => !m.ephemeral).length;

describe('issue #50: a workflow step', () => {
  it('does not act for the channel its author typed when its runner is not in it', async () => {
    const id = fresh();
    const posted = opsPosts();
    const execution = await startStepIn(OPS, MEMBER, id);
    expect(execution.state).toBe('failed');
    expect(execution.error).toMatch(/is not in .*an action there is for its members/);
    await h.app.idle();
    expect(platformCalls(h, id, 'start')).toBe(0);
    expect(h.sandbox.state.requests.some((r) => r.tokenName === OPS_TOKEN && r.method === 'POST')).toBe(
      false,
    );
    expect(opsPosts()).toBe(posted);

    // Typed in #general, the same start is refused by the channel rule.
    await slack.replyToCommand(MEMBER, /can only be done from/, () =>
      h.driver.command({ text: `start ${id}`, userId: MEMBER, channelId: GENERAL }),
    );
    await h.app.idle();
    expect(platformCalls(h, id, 'start')).toBe(0);
  });

  it('acts there, with that channel’s connection, for a runner who is in it', async () => {
    const id = fresh();
    const execution = await startStepIn(OPS, ADMIN, id);
    expect(execution).toMatchObject({ state: 'completed', outputs: { experiment_id: id, outcome: 'done' } });
    const started = h.sandbox.state.requests.filter(
      (r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`),
    );
    expect(started.map((r) => r.tokenName)).toEqual([OPS_TOKEN]);
    await slack.channelMessage(
      new RegExp(`<@${ADMIN}> started experiment \\*Asked ${id}\\* \\(#${id}\\)`),
      OPS,
    );
  });
});
