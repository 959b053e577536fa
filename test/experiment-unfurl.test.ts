import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import { createSlackDriver, type SlackDriver } from '../src/dev/slack-emulator/driver.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// CONSOLE_WEB_URL set: cards link to the console, and a console link pasted in a channel unfurls
// into the experiment's card (Slack's link_shared event → chat.unfurl), through the emulator.

const CHANNEL = 'C0GENERAL';
const CONSOLE = 'https://console.example.com/experiments/{id}';
let h: Harness;
let driver: SlackDriver;

beforeAll(async () => {
  h = await startHarness({ env: { CONSOLE_WEB_URL: CONSOLE } });
  driver = createSlackDriver({
    appUrl: h.app.eventsUrl,
    signingSecret: h.signingSecret,
    emulator: h.emulator,
    unfurlDomains: ['console.example.com'],
  });
});
afterAll(async () => {
  await h?.close();
});

describe('console links', () => {
  it('unfurl into the experiment’s card, without buttons', async () => {
    const url = 'https://console.example.com/experiments/5';
    const shared = await driver.shareLink({ text: `look at ${url} please`, channelId: CHANNEL });
    expect(shared.response?.status).toBe(200);
    const unfurled = await h.emulator.waitFor(
      () => h.emulator.messages(CHANNEL).find((m) => m.ts === shared.message.ts && m.unfurls?.[url]),
      { message: 'the link was not unfurled' },
    );
    const card = unfurled.unfurls?.[url] as { blocks?: unknown[] };
    const text = messageText({ blocks: card.blocks });
    expect(text).toContain('*<https://console.example.com/experiments/5|Delivery slot hints>* (#5)');
    expect(text).toContain('Stopped (');
    expect(JSON.stringify(card.blocks)).not.toContain('exp_lifecycle_');
    expectWithinBlockKitLimits({ kind: 'message', text: 'unfurl', blocks: card.blocks ?? [] });
  });

  it('leaves other links alone and links cards to the console', async () => {
    const shared = await driver.shareLink({
      text: 'https://console.example.com/dashboards/7',
      channelId: CHANNEL,
    });
    await h.app.idle();
    const message = h.emulator.messages(CHANNEL).find((m) => m.ts === shared.message.ts);
    expect(message?.unfurls).toBeUndefined();

    await h.driver.command({ text: 'start 4', channelId: CHANNEL });
    const posted = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => !m.ephemeral && /started experiment \*Onboarding tour\* \(#4\)/.test(messageText(m))),
      { message: 'no result of the start' },
    );
    expect(JSON.stringify(posted.blocks)).toContain(
      '*<https://console.example.com/experiments/4|Onboarding tour>* (#4)',
    );
  });
});
