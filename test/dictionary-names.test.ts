import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { LABELS_BUDGET_MS } from '../src/slack/dictionaries/read-dictionary-labels.js';
import { cardTitle } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Cards, lists and alerts name dictionary values as the sandbox's dictionaries do (team 211 is
// "Checkout", layer 201 "Checkout flow"), beside the value; a value the dictionary does not name, or
// one a slow platform has not named yet, is shown bare. A type the interface names reads as the form
// names it (src/slack/labels), whatever the types dictionary calls it.

const ORIGIN = 'C0GENERAL';
const SUBSCRIBED = 'C0RANDOM0';
const USER = 'U0MEMBER1';

/** Latency of the slow dictionary. */
const SLOW_MS = 1_800;

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  h?.sandbox.setLatency(0);
  await h?.close();
});

const ephemerals = () => h.emulator.messages(ORIGIN).filter((m) => m.ephemeral && m.targetUserId === USER);
const dictionaryReads = (name: string) =>
  h.sandbox.state.requests.filter((r) => r.method === 'GET' && r.url.endsWith(`/dictionaries/${name}`))
    .length;

async function cardOf(experimentId: number, seen: Set<string>): Promise<EmulatedMessage> {
  const card = await h.emulator.waitFor(
    () => ephemerals().find((m) => !seen.has(m.ts) && cardTitle(experimentId).test(messageText(m))),
    { timeoutMs: 8000, message: `no card of ${experimentId}` },
  );
  seen.add(card.ts);
  return card;
}

const seen = new Set<string>();

describe('dictionary names beside values', () => {
  it('a slow dictionary does not hold the card: its values show bare, and its names come next time', async () => {
    // Only the teams dictionary is slow: longer than a card waits for names (LABELS_BUDGET_MS),
    // shorter than the client's timeout (the harness's CONSOLE_TIMEOUT_MS), so the fetch succeeds.
    expect(LABELS_BUDGET_MS).toBeLessThan(SLOW_MS);
    h.sandbox.setLatency(SLOW_MS, { pathIncludes: '/dictionaries/teams' });
    const asked = Date.now();
    await h.driver.command({ text: 'show 3' });
    const card = messageText(await cardOf(3, seen));
    expect(Date.now() - asked).toBeLessThan(SLOW_MS);
    expect(card).toContain('*Team*\n`211`');
    expect(card).toContain('*Layer*\nCheckout flow (`201`)');
    // The fetch carried on and filled the cache: the next card has the team's name at once.
    await h.emulator.waitFor(() => dictionaryReads('teams') === 1, { message: 'teams never read' });
    await vi.waitFor(
      async () => expect(await h.app.dictionaries.peek(EMULATOR_DEFAULTS.teamId, 'teams')).toBeDefined(),
      { timeout: 2 * SLOW_MS, interval: 20 },
    );
    h.sandbox.setLatency(0);
    await h.driver.command({ text: 'show 3' });
    expect(messageText(await cardOf(3, seen))).toContain('*Team*\nCheckout (`211`)');
    expect(dictionaryReads('teams')).toBe(1);
  });

  it('`/exp show 2` names the type as the form does, and the team and layer with their values', async () => {
    await h.driver.command({ text: 'show 2' });
    const card = await cardOf(2, seen);
    const text = messageText(card);
    expect(text).toContain('*Type*\nRegular A/B experiment');
    expect(text).toContain('*Team*\nCheckout (`211`)');
    expect(text).toContain('*Layer*\nCheckout flow (`201`)');
    expectWithinBlockKitLimits({ kind: 'message', text: card.text, blocks: card.blocks ?? [] });
  });

  it('a value the dictionary does not have is shown bare', async () => {
    const two = h.sandbox.state.experiments.get(2);
    if (!two) throw new Error('the sandbox has no experiment 2');
    h.sandbox.state.experiments.set(9, { ...two, id: 9, name: 'Orphan', teamId: 999_999 });
    await h.driver.command({ text: 'show 9' });
    const text = messageText(await cardOf(9, seen));
    expect(text).toContain('*Team*\n`999999`');
    expect(text).toContain('*Layer*\nCheckout flow (`201`)');
  });

  it('`/exp list` names each experiment’s team', async () => {
    await h.driver.command({ text: 'list checkout' });
    const list = await h.emulator.waitFor(
      () => ephemerals().find((m) => messageText(m).includes('Experiments seen')),
      { timeoutMs: 8000, message: 'no list' },
    );
    const text = messageText(list);
    expect(text).toMatch(/\*One-click checkout\* \(#2\) · team Checkout \(`211`\)/);
    expectWithinBlockKitLimits({ kind: 'message', text: list.text, blocks: list.blocks ?? [] });
  });

  it('an alert in a subscribed channel names the team and layer on its card', async () => {
    await h.driver.command({ text: 'subscribe', channelId: SUBSCRIBED });
    await h.emulator.waitFor(
      () => h.emulator.messages(SUBSCRIBED).find((m) => /subscribed this channel/.test(messageText(m))),
      { timeoutMs: 8000, message: 'no subscription' },
    );
    await h.driver.command({ text: 'stop 2 bug' });
    const alert = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(SUBSCRIBED)
          // Named first once the app has recorded the experiment's name, by its id alone before.
          .find((m) => !m.ephemeral && /stopped experiment (\*2\*|\*[^*]+\* \(#2\))/.test(messageText(m))),
      { timeoutMs: 8000, message: 'no alert in the subscribed channel' },
    );
    const text = messageText(alert);
    expect(text).toContain('*Team*\nCheckout (`211`)');
    expect(text).toContain('*Layer*\nCheckout flow (`201`)');
    expectWithinBlockKitLimits({ kind: 'message', text: alert.text, blocks: alert.blocks ?? [] });
  });
});
