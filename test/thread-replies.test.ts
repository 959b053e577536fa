import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { cardTitle, emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Where an action's result lands when the experiment already has a card in the channel: the card
// (the thread's parent) is updated in place and the line goes into its thread. A person who typed a
// command is at the bottom of the channel, where the card may be far above: the reply is also sent
// to the channel, as is a modal's a command opened and a scheduled action's. A refusal changed
// nothing, so the card keeps headlining what was last done.

const CHANNEL = 'C0GENERAL';
const USER = 'U0MEMBER1';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });
const inChannel = () => h.emulator.messages(CHANNEL).filter((m) => !m.ephemeral);

/** The experiment's card: a top-level message of the app naming it. */
function cardOf(experimentId: number): EmulatedMessage | undefined {
  return inChannel().find(
    (m) =>
      (m.thread_ts === undefined || m.thread_ts === m.ts) &&
      m.subtype === undefined &&
      cardTitle(experimentId).test(messageText(m)),
  );
}

const waitFor = <T>(find: () => T | undefined, message: string) => slack.until(find, message);

/** The stop modal opened for `experimentId` (from a command or a button). */
const stopModalFor = (experimentId: number) =>
  waitFor(
    () =>
      [...h.emulator.views.values()].find((v) =>
        String(v.view.private_metadata).includes(`"experimentId":${experimentId}`),
      ),
    `no stop modal for experiment ${experimentId}`,
  );

const bug = {
  exp_stop_reason: {
    exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } },
  },
};

/** The thread reply under `parent` whose text includes `text`. */
const replyUnder = (parent: EmulatedMessage, text: string) =>
  waitFor(
    () =>
      inChannel().find(
        (m) => m.thread_ts === parent.ts && m.ts !== parent.ts && messageText(m).includes(text),
      ),
    `no reply saying ${text}`,
  );

describe('a result in an experiment thread that already exists', () => {
  it('also goes to the channel when typed as a command, and stays in the thread when clicked on the card', async () => {
    await h.driver.command({ text: 'start 4' });
    const card = await waitFor(() => cardOf(4), 'no card of experiment 4');
    expect(messageText(card)).toContain('started experiment *Onboarding tour* (#4)');

    await h.driver.command({ text: 'stop 4 bug' });
    const stopped = await replyUnder(card, 'stopped experiment *Onboarding tour* (#4)');
    expect(stopped.subtype).toBe('thread_broadcast');
    await waitFor(
      () =>
        messageText(cardOf(4) ?? card).includes('stopped experiment *Onboarding tour* (#4)')
          ? true
          : undefined,
      'the card does not headline the stop',
    );

    const current = cardOf(4) ?? card;
    await h.driver.clickButton(current, 'exp_lifecycle_archive');
    const archived = await replyUnder(card, 'archived experiment *Onboarding tour* (#4)');
    // Clicked on the card itself: the person is looking at it, the channel is not written to again.
    expect(archived.subtype).toBeUndefined();
    expect(inChannel().filter((m) => m.subtype === 'thread_broadcast')).toHaveLength(1);
  });

  it('keeps the card headlining the last action done when a later attempt is refused, and tells whoever clicked', async () => {
    await h.driver.command({ text: 'start 7' });
    const card = await waitFor(() => cardOf(7), 'no card of experiment 7');
    // Stopped behind the app's back: the card still offers Stop…, and the platform refuses it.
    const seven = h.sandbox.state.experiments.get(7);
    if (!seven) throw new Error('the sandbox has no experiment 7');
    h.sandbox.state.experiments.set(7, { ...seven, status: 'stopped' });

    await h.driver.clickButton(card, 'exp_lifecycle_stop');
    await h.driver.submitView((await stopModalFor(7)).id, bug);

    const refused = await replyUnder(card, 'refused');
    expect(messageText(refused)).toMatch(/current status is Stopped/);
    // Opened from the card: the reply stays in the thread, and the person hears it where they are.
    expect(refused.subtype).toBeUndefined();
    const told = await slack.ephemeralTo(USER, /refused/);
    expect(messageText(told)).toContain('*Delivery slot hints: retro* (#7)');
    // The card shows the status the platform reported, still headed by the start it last did.
    const updated = await waitFor(
      () => (messageText(cardOf(7) ?? card).includes('From status Stopped') ? cardOf(7) : undefined),
      'the card does not show the reported status',
    );
    expect(messageText(updated)).toContain('started experiment *Delivery slot hints: retro* (#7)');
    expect(messageText(updated)).not.toContain('tried to');
  });

  it('also goes to the channel from the stop modal a command opened', async () => {
    await h.driver.command({ text: 'start 123' });
    const card = await waitFor(() => cardOf(123), 'no card of experiment 123');
    await h.driver.command({ text: 'stop 123' });
    await h.driver.submitView((await stopModalFor(123)).id, bug);
    const stopped = await replyUnder(card, 'stopped experiment *Recommendations carousel* (#123)');
    expect(stopped.subtype).toBe('thread_broadcast');
  });

  it('also goes to the channel when a scheduled action runs, nobody being at the card', async () => {
    await h.driver.command({ text: 'stop 1 bug' });
    const card = await waitFor(() => cardOf(1), 'no card of experiment 1');
    const at = new Date(Date.now() + 2_000).toISOString().slice(0, 19);
    await h.driver.command({ text: `archive 1 at ${at}Z` });
    const archived = await replyUnder(card, 'archived experiment *Search ranking v2* (#1)');
    expect(archived.subtype).toBe('thread_broadcast');
  });
});
