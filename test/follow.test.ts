import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// `/exp follow ID`: the experiment's lifecycle in the person's DMs with the app, through the same
// queue as channel alerts; never their own actions; their follows are theirs alone to see and remove.
const CHANNEL = EMULATOR_DEFAULTS.channelId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const dmOf = (user: string) => `D${user.slice(1)}`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ alertIntervalMs: 50 });
});
afterAll(async () => {
  await h?.close();
});

const reply = (user: string, pattern: RegExp) =>
  h.emulator.waitFor(
    () =>
      h.emulator
        .messages(CHANNEL)
        .findLast((m) => m.ephemeral && m.targetUserId === user && pattern.test(messageText(m))),
    { timeoutMs: 8000, message: `no reply to ${user} matching ${pattern}` },
  );

describe('/exp follow', () => {
  it('sends the lifecycle of a followed experiment to the person by DM, not their own actions', async () => {
    // Not read yet: the app knows experiment 4 by its id alone.
    await h.driver.command({ text: 'follow 4', userId: MEMBER });
    expect(messageText(await reply(MEMBER, /You now follow experiment \*4\*/))).toContain('/exp unfollow 4');

    await h.driver.command({ text: 'start 4', userId: ADMIN });
    const dm = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(dmOf(MEMBER))
          .find((m) => /started experiment \*Onboarding tour\* \(#4\)/.test(messageText(m))),
      { timeoutMs: 8000, message: 'the follower got no DM' },
    );
    expect(messageText(dm)).toContain(
      `<@${ADMIN}> started experiment *Onboarding tour* (#4) in <#${CHANNEL}>`,
    );
    // Started, so read: the reply names it first.
    await h.driver.command({ text: 'follow 4', userId: MEMBER });
    expect(
      messageText(await reply(MEMBER, /You already follow experiment \*Onboarding tour\* \(#4\)/)),
    ).toContain('/exp unfollow 4');

    // The follower's own stop: the channel has the result; no DM about it.
    await h.driver.command({ text: 'stop 4 bug', userId: MEMBER });
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => !m.ephemeral && /stopped experiment \*Onboarding tour\* \(#4\)/.test(messageText(m))),
      { timeoutMs: 8000 },
    );
    await h.app.idle();
    expect(h.emulator.messages(dmOf(MEMBER)).filter((m) => /stopped/.test(messageText(m)))).toHaveLength(0);
    // Another experiment is not followed.
    await h.driver.command({ text: 'start 7', userId: ADMIN });
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find(
            (m) =>
              !m.ephemeral && /started experiment \*Delivery slot hints: retro\* \(#7\)/.test(messageText(m)),
          ),
      { timeoutMs: 8000 },
    );
    await h.app.idle();
    expect(
      h.emulator.messages(dmOf(MEMBER)).some((m) => /experiment \*7\*|\(#7\)/.test(messageText(m))),
    ).toBe(false);
  });

  it('lists follows to their owner only, and unfollows', async () => {
    await h.driver.command({ text: 'follow', userId: MEMBER });
    await reply(MEMBER, /You follow \*Onboarding tour\* \(#4\)\. /);
    await h.driver.command({ text: 'subscriptions', userId: MEMBER });
    expect(messageText(await reply(MEMBER, /Experiment alerts in this workspace/))).toContain(
      'your direct messages: all alerts of experiment *Onboarding tour* (#4)',
    );
    await h.driver.command({ text: 'subscriptions', userId: ADMIN });
    const theirs = messageText(await reply(ADMIN, /Experiment alerts|No channel gets/));
    expect(theirs).not.toContain('experiment *4*');
    expect(theirs).not.toContain(MEMBER);

    await h.driver.command({ text: 'unfollow 4', userId: MEMBER });
    await reply(MEMBER, /You no longer follow experiment \*Onboarding tour\* \(#4\)/);
    await h.driver.command({ text: 'unfollow 4', userId: MEMBER });
    await reply(MEMBER, /You do not follow experiment \*Onboarding tour\* \(#4\)/);
    await h.driver.command({ text: 'follow x', userId: MEMBER });
    await reply(MEMBER, /experiment id|not a valid|ID/i);
  });

  it('keeps the Home tab current after a change, without waiting for it to be opened again', async () => {
    await h.driver.command({ text: 'subscribe events:stop', userId: MEMBER });

    await h.emulator.waitFor(
      () => JSON.stringify(h.emulator.homes.get(MEMBER) ?? {}).includes('`stop` alerts of every experiment'),
      { timeoutMs: 8000, message: 'the Home tab was not republished' },
    );
  });
});
