import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, messageText, startHarness } from './support/harness.js';

const CHANNEL = 'C0GENERAL';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ tokenOptions: { expiresInSeconds: 3 * 24 * 60 * 60 } });
});
afterAll(async () => {
  await h?.close();
});

const reminders = () =>
  h.emulator.messages(CHANNEL).filter((m) => m.ephemeral && /token expires in/i.test(messageText(m)));

describe('token expiry reminders', () => {
  it('warns the person who acted, once a day, when the token expires within a week', async () => {
    await h.driver.command({ text: 'start 4' });
    await h.emulator.waitFor(() => reminders().length === 1, { message: 'no expiry reminder' });
    expect(messageText(reminders()[0])).toMatch(/2 days|3 days/);
    await h.driver.command({ text: 'start 7' });
    await h.emulator.waitFor(() =>
      h.emulator
        .messages(CHANNEL)
        .find(
          (m) =>
            !m.ephemeral && /started experiment \*Delivery slot hints: retro\* \(#7\)/.test(messageText(m)),
        ),
    );
    // A second reminder would come from the same listener as the channel post: once it has finished,
    // anything it was going to send has been sent.
    await h.app.idle();
    expect(reminders()).toHaveLength(1);
  });
});
