import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedView } from '../src/dev/slack-emulator/server.js';
import {
  counterCatalogue,
  gaugeCatalogue,
  histogramCatalogue,
} from '../src/observability/metric-catalogue.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

const USER = 'U0MEMBER1';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function scrape(): Promise<string> {
  return (await fetch(`${h.app.url}/metrics`)).text();
}

/** The value of one sample line, as Prometheus would read it; 0 when the series does not exist yet. */
async function sample(series: string): Promise<number> {
  const line = (await scrape()).split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** For samples recorded after Slack answered the app, which the test can only see happen from outside. */
async function waitForSample(series: string, atLeast: number): Promise<void> {
  const deadline = Date.now() + 8000;
  while ((await sample(series)) < atLeast) {
    if (Date.now() > deadline) throw new Error(`${series} never reached ${atLeast}:\n${await scrape()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function newView(callbackId: string, command: string): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  await h.driver.command({ text: command, userId: USER });
  return h.emulator.waitFor(
    () => [...h.emulator.views.values()].find((v) => !before.has(v.id) && v.view.callback_id === callbackId),
    { timeoutMs: 8000, message: `no ${callbackId} view for /exp ${command}` },
  );
}

describe('/metrics', () => {
  it('answers the first scrape in Prometheus text with a TYPE line for every metric, before any sample', async () => {
    const res = await fetch(`${h.app.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    for (const name of Object.keys(counterCatalogue)) expect(text).toContain(`\n# TYPE ${name} counter\n`);
    for (const name of Object.keys(histogramCatalogue)) expect(text).toContain(`# TYPE ${name} histogram\n`);
    for (const name of Object.keys(gaugeCatalogue)) expect(text).toContain(`# TYPE ${name} gauge\n`);
    expect(text).toMatch(/^# TYPE process_resident_memory_bytes gauge$/m);
    expect(text).not.toContain('exp_ack_duration_seconds_count');
    expect(text).not.toContain('exp_commands_total{');
  });

  it('times the ack of each slash command by its subcommand kind', async () => {
    await h.driver.command({ text: 'help' });
    await h.driver.command({ text: 'help' });
    await h.driver.command({ text: 'frobnicate 3' });
    expect(await sample('exp_ack_duration_seconds_count{kind="help"}')).toBe(2);
    expect(await sample('exp_ack_duration_seconds_bucket{le="+Inf",kind="help"}')).toBe(2);
    expect(await sample('exp_ack_duration_seconds_count{kind="unknown"}')).toBe(1);
    expect(await sample('exp_commands_total{kind="help"}')).toBe(2);
  });

  it('times interaction acks by payload type and counts the Web API calls behind them', async () => {
    const stopModal = await newView('exp_stop_modal', 'stop 3');
    expect(await sample('exp_ack_duration_seconds_count{kind="stop-modal"}')).toBe(1);
    await waitForSample('exp_slack_api_calls_total{method="views.open",outcome="ok"}', 1);
    await waitForSample('exp_slack_api_call_duration_seconds_count{method="views.open",outcome="ok"}', 1);

    await h.driver.submitView(stopModal.id, {
      exp_stop_reason: {
        exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } },
      },
      exp_stop_comment: { exp_stop_comment_input: { type: 'plain_text_input', value: 'broken' } },
    });
    expect(await sample('exp_ack_duration_seconds_count{kind="view_submission"}')).toBe(1);
    const stopped = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages('C0GENERAL')
          .find((m) => messageText(m).includes('stopped experiment *Checkout button colour* (#3)')),
      { timeoutMs: 8000, message: 'no stop message' },
    );
    await waitForSample('exp_slack_api_calls_total{method="chat.postMessage",outcome="ok"}', 1);

    await h.driver.clickButton(stopped, 'exp_lifecycle_archive');
    expect(await sample('exp_ack_duration_seconds_count{kind="block_actions"}')).toBe(1);

    const form = await newView('exp_experiment_modal', 'create');
    await h.driver.suggestOptions(form.id, 'exp_xm_metrics', 'exp_xm_metrics_select', 'conv');
    expect(await sample('exp_ack_duration_seconds_count{kind="block_suggestion"}')).toBe(1);
  });

  it('shows how many signed requests the replay guard remembers (memory store: in the process)', async () => {
    const before = await sample('exp_replay_guard_requests');
    await h.driver.command({ text: 'help' });
    await h.driver.command({ text: 'help' });
    expect(await sample('exp_replay_guard_requests')).toBe(before + 2);
  });

  it('labels a failed Web API call with the Slack error code, and a 429 as rate_limited', async () => {
    h.emulator.failNext('views.open', 'expired_trigger_id');
    await h.driver.command({ text: 'stop 2' });
    await waitForSample('exp_slack_api_calls_total{method="views.open",outcome="expired_trigger_id"}', 1);

    h.emulator.failNext('views.open', 'ratelimited');
    await h.driver.command({ text: 'stop 2' });
    await waitForSample('exp_slack_api_calls_total{method="views.open",outcome="rate_limited"}', 1);
  });

  it('never logs the bot token or the signing secret along the way', () => {
    const logs = h.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    expect(logs).not.toContain(h.emulator.identity.botToken);
    expect(logs).not.toContain(h.signingSecret);
  });
});
