import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import { lifecycleButton } from '../src/slack/lifecycle/buttons.js';
import { en } from '../src/slack/messages/index.js';
import { cardTitle, emulatorQueries, type TextPattern } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

const CHANNEL = 'C0GENERAL';
const USER = 'U0MEMBER1';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
beforeEach(() => {
  h.sandbox.setLatency(0);
});

function lifecycleRequests(path: string) {
  return h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(path));
}

const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL });
const waitForChannelText = (pattern: TextPattern) => slack.channelMessage(pattern);

/** The parent message of an experiment's thread (its card), once it says `text` and offers `actionId`. */
async function waitForCard(experimentId: number, text: string, actionId: string) {
  return h.emulator.waitFor(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find(
          (m) =>
            !m.ephemeral &&
            (m.thread_ts === undefined || m.thread_ts === m.ts) &&
            cardTitle(experimentId).test(messageText(m)) &&
            messageText(m).includes(text) &&
            JSON.stringify(m.blocks).includes(`"${actionId}"`),
        ),
    { timeoutMs: 8000, message: `no card of experiment ${experimentId} saying ${text} with ${actionId}` },
  );
}

const waitForEphemeral = (pattern: TextPattern, user = USER) => slack.ephemeralTo(user, pattern);

describe('/exp start, archive, unarchive over the real HTTP endpoint', () => {
  it('starts a draft experiment and tells the channel who did it, with a Stop button', async () => {
    const res = await h.driver.command({ text: 'start 4' });
    expect(res.status).toBe(200);
    const channel = await waitForChannelText('started experiment');
    expect(messageText(channel)).toContain(`<@${USER}>`);
    expect(messageText(channel)).toContain('4');
    expect(JSON.stringify(channel.blocks)).toContain('exp_lifecycle_stop');
    expectWithinBlockKitLimits({ kind: 'message', text: channel.text, blocks: channel.blocks ?? [] });
    expect(h.sandbox.state.experiments.get(4)?.status).toBe('running');
    expect(lifecycleRequests('/experiments/v1/4/start')).toHaveLength(1);
  });

  it('posts a status conflict in the channel with the status the platform said, by its label', async () => {
    await h.driver.command({ text: 'start 1' });
    const conflict = await waitForChannelText(/refused|current status/i);
    const text = messageText(conflict);
    expect(text).toContain('current status is Running');
    expect(text).toContain('1');
    expect(conflict.ephemeral).toBe(false);
  });

  it('answers an unknown experiment with an ephemeral not-found and changes nothing', async () => {
    await h.driver.command({ text: 'archive 424242' });
    const reply = await waitForEphemeral(/not found/i);
    expect(messageText(reply)).toContain('424242');
    expect(messageText(reply)).toMatch(/nothing changed/i);
  });

  it('archives then unarchives a stopped experiment', async () => {
    await h.driver.command({ text: 'archive 5' });
    await waitForChannelText('archived experiment');
    expect(h.sandbox.state.experiments.get(5)?.status).toBe('archived');
    await h.driver.command({ text: 'unarchive 5' });
    await waitForChannelText('unarchived experiment');
    expect(h.sandbox.state.experiments.get(5)?.status).toBe('stopped');
  });
});

describe('input refused before any platform call', () => {
  it.each([
    ['start abc', /positive integer|abc/i],
    ['start', /ID|id/],
    ['start 0', /positive/i],
    ['stop 1.5', /positive|1\.5/i],
    ['stop 3 nonsense', /reason/i],
    ['strat 3', /did you mean/i],
  ])('%s gets a clear answer and no platform call', async (text, pattern) => {
    const before = h.sandbox.state.requests.length;
    const res = await h.driver.command({ text });
    expect(res.status).toBe(200);
    const body = res.json as { text?: string; blocks?: unknown[]; response_type?: string };
    expect(body.response_type).toBe('ephemeral');
    expect(messageText(body)).toMatch(pattern);
    expect(h.sandbox.state.requests.length).toBe(before);
  });

  it('shows usage with examples for help and for an empty command', async () => {
    for (const text of ['help', '', '   ']) {
      const res = await h.driver.command({ text });
      const body = res.json as { text?: string; blocks?: unknown[] };
      // Slack reads an answer as a message only under this type.
      expect(res.contentType).toBe('application/json');
      expect(messageText(body)).toContain('comment…');
      expect(messageText(body)).toContain('/exp start');
      expect(messageText(body)).toContain('/exp stop');
      expectWithinBlockKitLimits({ kind: 'message', text: body.text, blocks: body.blocks ?? [] });
    }
  });

  it('gives an unknown word the closest command and the usage', async () => {
    const res = await h.driver.command({ text: 'archve 3' });
    const text = messageText(res.json as { text?: string; blocks?: unknown[] });
    expect(text).toContain('archive');
    expect(text).toContain('/exp start');
  });
});

describe('/exp stop', () => {
  it('stops without the modal with a reason alias and an escaped comment', async () => {
    await h.driver.command({ text: 'stop 2 bug Checkout <!channel> broke & <https://evil.example|click>' });
    const message = await waitForChannelText('stopped experiment *One-click checkout* (#2)');
    const text = messageText(message);
    expect(text).toContain('Bug');
    // Slack's escaped forms (should_escape) are turned back into what was typed, and never ping.
    expect(text).toContain('Checkout @channel broke');
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<https://evil.example|click>');
    const stop = lifecycleRequests('/experiments/v1/2/stop').at(-1);
    expect(JSON.parse(stop?.body ?? '{}')).toEqual({
      interruptReason: 'bug',
      interruptReasonComment: 'Checkout @channel broke & click (https://evil.example)',
    });
  });

  it('opens the modal, then stops with the right body', async () => {
    const res = await h.driver.command({ text: 'stop 3' });
    expect(res.status).toBe(200);
    const view = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => v.view.callback_id === 'exp_stop_modal' && v.userId === USER,
        ),
      { message: 'stop modal not opened' },
    );
    expectWithinBlockKitLimits({ kind: 'view', view: view.view });
    // Other without a comment is the workspace policy's to refuse (test/platform-rules.test.ts).

    const submitted = await h.driver.submitView(view.id, {
      exp_stop_reason: {
        exp_stop_reason_select: {
          type: 'static_select',
          selected_option: { value: 'critical_metric_impact' },
        },
      },
      exp_stop_comment: {
        exp_stop_comment_input: { type: 'plain_text_input', value: 'Revenue −12 % in test' },
      },
    });
    expect(submitted.outcome).toEqual({ kind: 'closed' });
    const message = await waitForChannelText('stopped experiment *Checkout button colour* (#3)');
    expect(messageText(message)).toContain('Critical metric impact');
    expect(messageText(message)).toContain('Revenue −12 % in test');
    expect(JSON.parse(lifecycleRequests('/experiments/v1/3/stop').at(-1)?.body ?? '{}')).toEqual({
      interruptReason: 'critical_metric_impact',
      interruptReasonComment: 'Revenue −12 % in test',
    });
    // The archive button that follows a stop carries a confirm dialog.
    expect(JSON.stringify(message.blocks)).toMatch(
      /exp_lifecycle_archive[\s\S]*confirm|confirm[\s\S]*exp_lifecycle_archive/,
    );
  });

  it('refuses a submission without a reason inside the modal', async () => {
    await h.driver.command({ text: 'stop 8' });
    const view = await h.emulator.waitFor(() =>
      [...h.emulator.views.values()].find(
        (v) =>
          v.view.callback_id === 'exp_stop_modal' &&
          String(v.view.private_metadata).includes('"experimentId":8'),
      ),
    );
    const result = await h.driver.submitView(view.id, {
      exp_stop_reason: { exp_stop_reason_select: { type: 'static_select', selected_option: null } },
      exp_stop_comment: { exp_stop_comment_input: { type: 'plain_text_input', value: 'x' } },
    });
    expect(result.outcome).toMatchObject({ kind: 'errors', errors: { exp_stop_reason: expect.any(String) } });
  });
});

describe('buttons run the command path', () => {
  it('archives from the button after a stop, once even when clicked twice quickly', async () => {
    await h.driver.command({ text: 'stop 123 sequential reached significance' });
    // 123 is a draft in the sandbox: stopping it is a conflict; start it first.
    await waitForChannelText(/123/);
    await h.driver.command({ text: 'start 123' });
    await waitForChannelText('started experiment *Recommendations carousel* (#123)');
    await h.driver.command({ text: 'stop 123 sequential reached significance' });
    // The experiment's thread parent shows the current state: after the stop, its button is Archive.
    const stopped = await waitForCard(
      123,
      'stopped experiment *Recommendations carousel* (#123)',
      'exp_lifecycle_archive',
    );
    const before = lifecycleRequests('/experiments/v1/123/archive').length;
    const [first, second] = await Promise.all([
      h.driver.clickButton(stopped, 'exp_lifecycle_archive'),
      h.driver.clickButton(stopped, 'exp_lifecycle_archive'),
    ]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    await waitForChannelText('archived experiment *Recommendations carousel* (#123)');
    await waitForEphemeral(/already/i);
    expect(lifecycleRequests('/experiments/v1/123/archive').length - before).toBe(1);
    expect(h.sandbox.state.experiments.get(123)?.status).toBe('archived');
  });

  it('opens the stop modal from the Stop… button', async () => {
    await h.driver.command({ text: 'start 7' });
    const started = await waitForChannelText('started experiment *Delivery slot hints: retro* (#7)');
    const before = lifecycleRequests('/experiments/v1/7/stop').length;
    await h.driver.clickButton(started, 'exp_lifecycle_stop');
    const view = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find((v) =>
          String(v.view.private_metadata).includes('"experimentId":7'),
        ),
      { message: 'no stop modal for experiment 7' },
    );
    expect(view.view.callback_id).toBe('exp_stop_modal');
    // Opening the modal is not stopping: nothing reaches the platform until it is submitted.
    expect(lifecycleRequests('/experiments/v1/7/stop')).toHaveLength(before);
  });

  it('refuses a forged button value without calling the platform', async () => {
    // Its own message with the app's real Stop button, so no earlier test's message is needed.
    const posted = await fetch(`${h.emulator.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.emulator.identity.botToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        channel: CHANNEL,
        text: 'experiment 9',
        blocks: [{ type: 'actions', block_id: 'forged', elements: [lifecycleButton('stop', 9, en, null)] }],
      }),
    });
    const { ts } = (await posted.json()) as { ts: string };
    const message = h.emulator.messages(CHANNEL).find((m) => m.ts === ts);
    if (!message) throw new Error('the emulator did not keep the posted message');
    const before = h.sandbox.state.requests.length;
    const res = await h.driver.clickButton(message, 'exp_lifecycle_stop', {
      value: '{"action":"archive","experimentId":-5}',
    });
    expect(res.status).toBe(200);
    await waitForEphemeral(/could not be read/i);
    await h.app.idle();
    expect(h.sandbox.state.requests.length).toBe(before);
  });
});

describe('a slow or failing platform', () => {
  it('acks at once when the platform takes 5 s, then reports the outcome as unknown', async () => {
    h.sandbox.setLatency(5000, { pathIncludes: '/start' });
    const res = await h.driver.command({ text: 'start 123' });
    expect(res.status).toBe(200);
    expect(res.ackMs).toBeLessThan(3000);
    const reply = await waitForEphemeral(/outcome[\s\S]*unknown/i);
    expect(messageText(reply)).toContain('start');
    h.sandbox.setLatency(0);
  });

  it.each([500, 502, 503, 504])(
    'never says "nothing changed" when the action was sent and came back %i: the outcome is unknown',
    async (status) => {
      h.sandbox.failNext({ status, body: 'upstream down' }, { pathIncludes: '/unarchive' });
      await h.driver.command({ text: 'unarchive 6' });
      const reply = messageText(await waitForEphemeral(new RegExp(`HTTP ${status}`)));
      expect(reply).toMatch(/outcome of \*unarchive\* on experiment \*6\* is unknown/);
      expect(reply).toContain('/exp show 6');
      expect(reply).not.toMatch(/nothing changed/i);
    },
  );
});

describe('signatures', () => {
  it('answers 401 to a bad or stale signature and runs nothing', async () => {
    const before = h.sandbox.state.requests.length;
    const body = 'command=%2Fexp&text=start+4&team_id=T1&user_id=U1&channel_id=C1';
    const now = Math.floor(Date.now() / 1000);
    const bad = await h.driver.raw(body, {
      'x-slack-request-timestamp': String(now),
      'x-slack-signature': 'v0=deadbeef',
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(bad.status).toBe(401);
    const { signSlackRequest } = await import('../src/dev/slack-emulator/driver.js');
    const stale = now - 10 * 60;
    const old = await h.driver.raw(body, {
      'x-slack-request-timestamp': String(stale),
      'x-slack-signature': signSlackRequest(h.signingSecret, stale, body),
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(old.status).toBe(401);
    // Signed correctly but from the future (a clock ahead, or a request kept for a replay later).
    for (const lead of [6 * 60, 60 * 60, 10 * 365 * 24 * 60 * 60]) {
      const ahead = now + lead;
      const future = await h.driver.raw(body, {
        'x-slack-request-timestamp': String(ahead),
        'x-slack-signature': signSlackRequest(h.signingSecret, ahead, body),
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(future.status).toBe(401);
      expect(future.body).toContain('in the future');
    }
    // Within Slack's five minutes either way, a signed request is served.
    const slightlyAhead = now + 60;
    const ok = await h.driver.raw('command=%2Fexp&text=help&team_id=T1&user_id=U1&channel_id=C1', {
      'x-slack-request-timestamp': String(slightlyAhead),
      'x-slack-signature': signSlackRequest(
        h.signingSecret,
        slightlyAhead,
        'command=%2Fexp&text=help&team_id=T1&user_id=U1&channel_id=C1',
      ),
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(ok.status).toBe(200);
    expect(h.sandbox.state.requests.length).toBe(before);
  });
});
