import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Where an action's result lands when the experiment already has a card in the channel: the card
// (the thread's parent) is updated in place and the line goes into its thread. A person who typed a
// command is at the bottom of the channel, where the card may be far above: the reply is also sent
// to the channel. A refusal changed nothing, so the card keeps headlining what was last done.

const CHANNEL = 'C0GENERAL';
const USER = 'U0MEMBER1';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const inChannel = () => h.emulator.messages(CHANNEL).filter((m) => !m.ephemeral);

/** The experiment's card: a top-level message of the app naming it. */
function cardOf(experimentId: number): EmulatedMessage | undefined {
  return inChannel().find(
    (m) =>
      (m.thread_ts === undefined || m.thread_ts === m.ts) &&
      m.subtype === undefined &&
      messageText(m).includes(`Experiment ${experimentId}`),
  );
}

const waitFor = <T>(find: () => T | undefined, message: string) =>
  h.emulator.waitFor(find, { timeoutMs: 8000, message });

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
    expect(messageText(card)).toContain('started experiment *4*');

    await h.driver.command({ text: 'stop 4 bug' });
    const stopped = await replyUnder(card, 'stopped experiment *4*');
    expect(stopped.subtype).toBe('thread_broadcast');
    await waitFor(
      () => (messageText(cardOf(4) ?? card).includes('stopped experiment *4*') ? true : undefined),
      'the card does not headline the stop',
    );

    const current = cardOf(4) ?? card;
    await h.driver.clickButton(current, 'exp_lifecycle_archive');
    const archived = await replyUnder(card, 'archived experiment *4*');
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
    const view = await waitFor(
      () =>
        [...h.emulator.views.values()].find((v) =>
          String(v.view.private_metadata).includes('"experimentId":7'),
        ),
      'no stop modal for experiment 7',
    );
    await h.driver.submitView(view.id, {
      exp_stop_reason: {
        exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } },
      },
    });

    const refused = await replyUnder(card, 'refused');
    expect(messageText(refused)).toMatch(/current status is `stopped`/);
    // Opened from the card: the reply stays in the thread, and the person hears it where they are.
    expect(refused.subtype).toBeUndefined();
    const told = await waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => m.ephemeral && m.targetUserId === USER && messageText(m).includes('refused')),
      'the person who clicked was not told',
    );
    expect(messageText(told)).toContain('*7*');
    // The card shows the status the platform reported, still headed by the start it last did.
    const updated = await waitFor(
      () => (messageText(cardOf(7) ?? card).includes('`stopped`') ? cardOf(7) : undefined),
      'the card does not show the reported status',
    );
    expect(messageText(updated)).toContain('started experiment *7*');
    expect(messageText(updated)).not.toContain('tried to');
  });
});
