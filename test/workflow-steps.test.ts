import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { STOP_COMMENT_MAX } from '../src/core/stop-reason.js';
import type { RunStepInput, RunStepResult } from '../src/dev/slack-emulator/driver.js';
import { definitionFromManifest, type FunctionDefinition } from '../src/dev/slack-emulator/functions.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/server.js';
import { en } from '../src/slack/messages/index.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Workflow Builder steps through the real entry point: Slack's function_executed event, signed,
// to the app's HTTP endpoint; the app answers the workflow with functions.completeSuccess or
// completeError on the emulator, and acts on the sandbox platform as the person who ran it.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const GUEST = EMULATOR_DEFAULTS.guestUserId;
const OTHER_ORG_ADMIN = EMULATOR_DEFAULTS.externalAdminId;
const m = en.workflowSteps;

// The steps as the manifest declares them: the emulator checks outputs against them, as Slack does.
const manifest = parse(readFileSync(new URL('../manifest.yml', import.meta.url), 'utf8')) as {
  functions: Record<string, Parameters<typeof definitionFromManifest>[0]>;
};
const definitions: Record<string, FunctionDefinition> = Object.fromEntries(
  Object.entries(manifest.functions).map(([id, fn]) => [id, definitionFromManifest(fn)]),
);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL });

/** Runs a step as a workflow would and waits until the app has completed or failed it. */
async function runStep(input: RunStepInput) {
  const run: RunStepResult = await h.driver.runStep({ definition: definitions[input.callbackId], ...input });
  expect(run.status).toBe(200);
  return h.emulator.waitFor(
    () => {
      const execution = h.emulator.functionExecution(run.execution.id);
      return execution && execution.state !== 'running' ? execution : undefined;
    },
    { timeoutMs: 8000, message: `step ${input.callbackId} was never completed nor failed` },
  );
}

const lifecycle = (callbackId: string, experimentId: string, ranBy: string = MEMBER, more = {}) =>
  runStep({ callbackId, ranBy, inputs: { experiment_id: experimentId, channel_id: CHANNEL, ...more } });

const platformCalls = () =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && /\/experiments\/v1\/\d+\//.test(r.url))
    .length;

/** An admin changes the policy; waits for the app's answer in the channel. */
const policy = async (text: string) => {
  const before = h.emulator.messages(CHANNEL).length;
  await h.driver.command({ text: `policy ${text}`, userId: ADMIN });
  await h.emulator.waitFor(() => h.emulator.messages(CHANNEL).length > before, {
    timeoutMs: 8000,
    message: `no answer to /exp policy ${text}`,
  });
};

describe('Workflow Builder steps over the signed events endpoint', () => {
  it('Start experiment acts as the person who ran the workflow and completes with typed outputs', async () => {
    const execution = await lifecycle('start_experiment', '4');
    expect(execution.state).toBe('completed');
    expect(execution.outputs).toEqual({ experiment_id: 4, outcome: 'done' });
    expect(h.sandbox.state.experiments.get(4)?.status).toBe('running');
    // The channel hears it as from a command: who did it, in the experiment's thread.
    const line = await slack.channelMessage('started experiment');
    expect(messageText(line)).toContain(`<@${MEMBER}>`);
  });

  it('Stop experiment sends the reason and comment to the platform', async () => {
    const execution = await lifecycle('stop_experiment', '2', MEMBER, {
      reason: 'bug',
      comment: 'checkout broken on iOS',
    });
    expect(execution.state).toBe('completed');
    expect(h.sandbox.state.experiments.get(2)?.status).toBe('stopped');
    const sent = h.sandbox.state.requests.find((r) => r.url.endsWith('/experiments/v1/2/stop'));
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      interruptReason: 'bug',
      interruptReasonComment: 'checkout broken on iOS',
    });
  });

  it('Stop experiment takes a comment at the app’s limit', async () => {
    const comment = `🧪${'a'.repeat(STOP_COMMENT_MAX - 1)}`;
    const execution = await lifecycle('stop_experiment', '8', MEMBER, { reason: 'bug', comment });
    expect(execution.state).toBe('completed');
    const sent = h.sandbox.state.requests.find((r) => r.url.endsWith('/experiments/v1/8/stop'));
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      interruptReason: 'bug',
      interruptReasonComment: comment,
    });
  });

  it('Archive and Unarchive experiment complete in turn', async () => {
    expect((await lifecycle('archive_experiment', '5')).outputs).toEqual({
      experiment_id: 5,
      outcome: 'done',
    });
    expect(h.sandbox.state.experiments.get(5)?.status).toBe('archived');
    expect((await lifecycle('unarchive_experiment', '#5')).state).toBe('completed');
    expect(h.sandbox.state.experiments.get(5)?.status).toBe('stopped');
  });

  it('fails with the platform’s refusal when the status does not allow the action', async () => {
    const execution = await lifecycle('start_experiment', '1');
    expect(execution.state).toBe('failed');
    expect(execution.error).toMatch(/^Could not start experiment 1: /);
    expect(execution.error).toContain('running');
    // Plain text: Slack shows a step's error as it is.
    expect(execution.error).not.toMatch(/[*`]|<@/);
  });

  it('Get experiment completes with what is known of it', async () => {
    const execution = await runStep({
      callbackId: 'get_experiment',
      ranBy: MEMBER,
      inputs: { experiment_id: '1' },
    });
    expect(execution.state).toBe('completed');
    expect(execution.outputs).toMatchObject({
      experiment_id: 1,
      name: 'Search ranking v2',
      status: 'running',
    });
    const missing = await runStep({
      callbackId: 'get_experiment',
      ranBy: MEMBER,
      inputs: { experiment_id: '424242' },
    });
    expect(missing).toMatchObject({ state: 'failed', error: m.notFound({ experimentId: 424242 }) });
  });
});

describe('the function surface of the listener registry', () => {
  it('acks a step no listener takes (a callback_id of another manifest) and says so in the log', async () => {
    const run = await h.driver.runStep({ callbackId: 'no_such_step', ranBy: MEMBER });
    expect(run.status).toBe(200);
    expect(h.logs.some((line) => line.includes('no listener') && line.includes('no_such_step'))).toBe(true);
    expect(h.emulator.functionExecution(run.execution.id)?.state).toBe('running');
  });
});

describe('inputs are checked like the command’s, and refused with the reason', () => {
  it.each([
    ['no id', { channel_id: CHANNEL }, m.missingId],
    ['a word', { experiment_id: 'abc', channel_id: CHANNEL }, m.badId({ got: 'abc' })],
    ['zero', { experiment_id: '0', channel_id: CHANNEL }, m.badId({ got: '0' })],
    [
      'beyond a safe integer',
      { experiment_id: '9007199254740993', channel_id: CHANNEL },
      m.badId({ got: '9007199254740993' }),
    ],
    ['no channel', { experiment_id: '3' }, m.missingChannel],
    ['not a channel', { experiment_id: '3', channel_id: 'general' }, m.badChannel({ got: 'general' })],
    [
      'an unknown reason',
      { experiment_id: '3', channel_id: CHANNEL, reason: 'paused' },
      m.badReason({ got: 'paused' }),
    ],
    [
      'no reason where the policy requires one',
      { experiment_id: '3', channel_id: CHANNEL },
      m.reasonRequired,
    ],
    [
      'a comment over the app’s limit, with its length',
      { experiment_id: '3', channel_id: CHANNEL, reason: 'bug', comment: 'x'.repeat(3_200) },
      m.commentTooLong({ length: 3_200, max: STOP_COMMENT_MAX }),
    ],
  ])('%s', async (_name, inputs, error) => {
    const before = platformCalls();
    const execution = await runStep({ callbackId: 'stop_experiment', ranBy: MEMBER, inputs });
    expect(execution).toMatchObject({ state: 'failed', error });
    expect(platformCalls()).toBe(before);
    expect(h.sandbox.state.experiments.get(3)?.status).toBe('running');
  });

  it('Other needs a comment when the policy says so', async () => {
    await policy('other-comment required');
    const execution = await lifecycle('stop_experiment', '3', MEMBER, { reason: 'other' });
    expect(execution).toMatchObject({ state: 'failed', error: m.commentRequiredForOther });
    expect(h.sandbox.state.experiments.get(3)?.status).toBe('running');
    await policy('other-comment optional');
  });
});

describe('a step acts only for a person the policy lets act', () => {
  it.each([
    ['a guest', GUEST, /guest/i],
    ['an admin of another organisation', OTHER_ORG_ADMIN, /another organi[sz]ation|external/i],
  ])('refuses %s and changes nothing', async (_name, userId, error) => {
    const before = platformCalls();
    const execution = await lifecycle('start_experiment', '123', userId);
    expect(execution.state).toBe('failed');
    expect(execution.error).toMatch(error);
    expect(platformCalls()).toBe(before);
    expect(h.sandbox.state.experiments.get(123)?.status).toBe('draft');
  });

  it('refuses Get experiment to a guest too', async () => {
    const execution = await runStep({
      callbackId: 'get_experiment',
      ranBy: GUEST,
      inputs: { experiment_id: '1' },
    });
    expect(execution).toMatchObject({ state: 'failed', error: m.guest });
  });

  it('refuses a workflow of a workspace the app is not installed for', async () => {
    const execution = await runStep({
      callbackId: 'start_experiment',
      ranBy: ADMIN,
      teamId: 'T0ELSEWHERE',
      inputs: { experiment_id: '123', channel_id: CHANNEL },
    });
    expect(execution).toMatchObject({ state: 'failed', error: m.otherOrganisation });
    expect(h.sandbox.state.experiments.get(123)?.status).toBe('draft');
  });

  it('refuses a step nobody ran (no user_context)', async () => {
    const execution = await runStep({
      callbackId: 'start_experiment',
      inputs: { experiment_id: '123', channel_id: CHANNEL },
    });
    expect(execution).toMatchObject({ state: 'failed', error: m.noPerson });
  });

  it('follows the policy’s who: a member is refused where only admins may start', async () => {
    await policy('set start admins');
    try {
      const refused = await lifecycle('start_experiment', '7', MEMBER);
      expect(refused.state).toBe('failed');
      expect(refused.error).toMatch(/admin/i);
      expect(h.sandbox.state.experiments.get(7)?.status).toBe('draft');
      const allowed = await lifecycle('start_experiment', '7', ADMIN);
      expect(allowed.state).toBe('completed');
      expect(h.sandbox.state.experiments.get(7)?.status).toBe('running');
    } finally {
      await policy('set start members');
    }
  });

  it('posts the approval request when the policy asks for a second person, and completes saying so', async () => {
    await policy('approval stop on');
    try {
      const before = platformCalls();
      const execution = await lifecycle('stop_experiment', '3', MEMBER, {
        reason: 'bug',
        comment: 'from a form',
      });
      expect(execution.state).toBe('completed');
      expect(execution.outputs).toEqual({ experiment_id: 3, outcome: 'approval_requested' });
      const request = await h.emulator.waitFor(() =>
        h.emulator
          .messages(CHANNEL)
          .find((msg) => JSON.stringify(msg.blocks ?? []).includes('exp_approval_approve')),
      );
      expect(messageText(request)).toContain(`<@${MEMBER}>`);
      expect(platformCalls()).toBe(before);
      expect(h.sandbox.state.experiments.get(3)?.status).toBe('running');
      // A private channel the bot is not in: it cannot tell whether the person is there (nor post the
      // request there), so the step says what to do and nothing is asked.
      const hidden = await runStep({
        callbackId: 'stop_experiment',
        ranBy: MEMBER,
        inputs: { experiment_id: '3', channel_id: EMULATOR_DEFAULTS.privateChannelId, reason: 'bug' },
      });
      expect(hidden).toMatchObject({
        state: 'failed',
        error: expect.stringMatching(/cannot see who is in .*invite it there/),
      });
      expect(h.sandbox.state.experiments.get(3)?.status).toBe('running');
    } finally {
      await policy('approval stop off');
    }
  });
});
