import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionStore, type SubscriptionStore } from '../src/core/subscriptions.js';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { storedValues } from '../src/store/conditional-update.js';
import { addPublicChannel } from './support/channels.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { postHookEvent } from './support/hook-events.js';

// Team, type and experiment filters, several subscriptions per channel, `#channel` as Slack
// escapes it, and the Remove buttons, all through the signed endpoints; events come in through the
// signed lifecycle hook, which is how the record learns an experiment's team.
const ORIGIN = 'C0GENERAL';
const SEARCH = 'C0SEARCH0';
const WATCH = 'C0WATCH00';
const USER = 'U0MEMBER1';
const SECRET = 'filters-hook-secret-0123456789abcdef';

let h: Harness;
let store: SubscriptionStore;
let scope: string;

beforeAll(async () => {
  h = await startHarness({ env: { LIFECYCLE_HOOK_SECRET: SECRET } });
  scope = h.emulator.identity.teamId;
  store = createSubscriptionStore(storedValues(h.app.store, 'subscriptions'));
  for (const id of [SEARCH, WATCH]) {
    addPublicChannel(h.emulator, { id, name: id.toLowerCase(), members: [USER, 'U0ADMIN01'] });
  }
});
afterAll(async () => {
  await h?.close();
});

const seen = new Set<string>();
async function next(
  channel: string,
  pattern: RegExp,
  opts: { ephemeral?: boolean } = {},
): Promise<EmulatedMessage> {
  return h.emulator.waitFor(
    () => {
      const found = h.emulator
        .messages(channel)
        .find(
          (m) =>
            !seen.has(`${channel}:${m.ts}`) &&
            m.ephemeral === (opts.ephemeral ?? false) &&
            pattern.test(messageText(m)),
        );
      if (found) seen.add(`${channel}:${found.ts}`);
      return found;
    },
    { timeoutMs: 8000, message: `no message matching ${pattern} in ${channel}` },
  );
}

let eventNo = 0;
async function platformEvent(fields: Record<string, unknown>): Promise<void> {
  const status = await postHookEvent(`${h.app.url}/hooks/lifecycle`, SECRET, {
    id: `filters-${++eventNo}`,
    ...fields,
  });
  expect(status).toBe(202);
}

const eventsIn = (channel: string, experimentId: number) =>
  h.emulator
    .messages(channel)
    .filter((m) => !m.ephemeral && messageText(m).includes(`experiment *${experimentId}*`));

describe('subscription filters', () => {
  it('checks team: against the teams dictionary and suggests the closest, storing nothing', async () => {
    await h.driver.command({ text: 'subscribe team:serch', channelId: ORIGIN });
    const reply = await next(ORIGIN, /There is no team/, { ephemeral: true });
    expect(messageText(reply)).toContain(
      "There is no team `serch` in the platform's teams. Did you mean `Search`?",
    );
    await h.driver.command({ text: 'subscribe type:nonsense', channelId: ORIGIN });
    expect(messageText(await next(ORIGIN, /There is no experiment type/, { ephemeral: true }))).toContain(
      '`regular`, `retro`, `switchback`',
    );
    await h.driver.command({ text: 'subscribe teem:search', channelId: ORIGIN });
    expect(messageText(await next(ORIGIN, /is not a filter/, { ephemeral: true }))).toContain(
      '`teem:search`',
    );
    await h.driver.command({ text: 'subscribe #nowhere', channelId: ORIGIN });
    await next(ORIGIN, /Slack did not recognise `#nowhere` as a channel/, { ephemeral: true });
    expect(await store.list(scope)).toEqual([]);
  });

  it('subscribes another channel named as Slack escapes it, announcing it there and telling the person', async () => {
    await h.driver.command({
      text: `subscribe <#${SEARCH}|search> TEAM:search events:stop,archive`,
      channelId: ORIGIN,
    });
    const note = await next(SEARCH, /subscribed this channel/);
    expect(messageText(note)).toContain(
      `<@${USER}> subscribed this channel to \`stop\`, \`archive\` alerts of team *Search*. To stop them: \`/exp unsubscribe\` with the same filter, or \`/exp subscriptions\`.`,
    );
    const told = await next(ORIGIN, /Subscribed <#C0SEARCH0>/, { ephemeral: true });
    expect(told.targetUserId).toBe(USER);
    await h.driver.command({ text: 'subscribe experiment:77 events:all', channelId: WATCH });
    await next(WATCH, /subscribed this channel to all alerts of experiment \*77\*/);
    await h.driver.command({ text: 'subscribe type:switchback events:start', channelId: WATCH });
    await next(
      WATCH,
      /subscribed this channel to `start` alerts of type Switchback \(groups alternate over time\) \(`switchback`\)/,
    );
    expect((await store.listChannel(scope, WATCH)).map((s) => s.selector)).toEqual([
      { experimentId: 77 },
      { type: 'switchback' },
    ]);
    expect((await store.listChannel(scope, SEARCH))[0]?.selector).toEqual({
      team: { value: '11', label: 'Search' },
    });
  });

  it('routes each event by the experiment team and type as recorded, and by id', async () => {
    await platformEvent({
      experimentId: 77,
      action: 'stop',
      team: 'Search',
      type: 'regular',
      interruptReason: 'bug',
    });
    await next(SEARCH, /experiment \*77\*/);
    await next(WATCH, /experiment \*77\*/);
    // Another team's stop: neither the Search channel nor the experiment-77 channel.
    await platformEvent({ experimentId: 78, action: 'stop', team: 'Ads', type: 'regular' });
    // A switchback start of an unknown team: the type subscription only (no team filter there).
    await platformEvent({ experimentId: 79, action: 'start', type: 'switchback' });
    await next(WATCH, /experiment \*79\*/);
    // A start of the Search team's experiment: the Search channel wants only stop and archive.
    await platformEvent({ experimentId: 77, action: 'start' });
    await next(WATCH, /started experiment \*77\*|experiment \*77\*.*start/);
    await h.app.idle();
    expect(eventsIn(SEARCH, 78)).toHaveLength(0);
    expect(eventsIn(WATCH, 78)).toHaveLength(0);
    expect(eventsIn(SEARCH, 79)).toHaveLength(0);
    expect(eventsIn(SEARCH, 77).filter((m) => /started/.test(messageText(m)))).toHaveLength(0);
  });

  it('lists every subscription with a Remove button that removes that one only, announced in its channel', async () => {
    await h.driver.command({ text: 'subscriptions', channelId: WATCH });
    const list = await next(WATCH, /Experiment alerts in this workspace/, { ephemeral: true });
    expectWithinBlockKitLimits({ kind: 'message', text: list.text, blocks: list.blocks ?? [] });
    const text = messageText(list);
    expect(text).toContain(`<#${WATCH}>: all alerts of experiment *77* _(this channel)_`);
    expect(text).toContain(`<#${SEARCH}>: \`stop\`, \`archive\` alerts of team *Search*`);
    const rows = (list.blocks ?? []) as { block_id?: string; accessory?: { value?: string } }[];
    const watch77 = rows.find((b) => JSON.stringify(b).includes('experiment *77*'))?.accessory?.value;
    expect(watch77).toMatch(/^C0WATCH00:[0-9a-f]{12}$/);
    await h.driver.clickButton(list, 'exp_subscription_remove', { value: watch77 });
    await next(WATCH, /removed this channel's subscription to all alerts of experiment \*77\*/);
    expect((await store.listChannel(scope, WATCH)).map((s) => s.selector)).toEqual([{ type: 'switchback' }]);
    // The same button again: already gone, said so, nothing else removed.
    await h.driver.clickButton(list, 'exp_subscription_remove', { value: watch77 });
    await next(WATCH, /already removed/, { ephemeral: true });
    expect(await store.list(scope)).toHaveLength(2);
    // A forged value is refused as unreadable.
    await h.driver.clickButton(list, 'exp_subscription_remove', { value: 'C0WATCH00:<!here>' });
    await next(WATCH, /could not be read/, { ephemeral: true });
    // The audit trail keeps each subscription as the words that make it, plain text.
    await h.driver.command({ text: 'audit', userId: 'U0ADMIN01', channelId: WATCH });
    const trail = messageText(await next(WATCH, /Audit trail/, { ephemeral: true }));
    expect(trail).toContain('experiment:77 events:all');
    expect(trail).not.toContain('alerts of experiment');
  });

  it('unsubscribes one filter by naming it, and says what a channel has when the filter matches none', async () => {
    await h.driver.command({ text: `unsubscribe <#${SEARCH}> team:search type:regular`, channelId: ORIGIN });
    const none = messageText(await next(ORIGIN, /has no subscription to/, { ephemeral: true }));
    expect(none).toContain('`stop`, `archive` alerts of team *Search*');
    await h.driver.command({ text: `unsubscribe <#${SEARCH}> team:Search`, channelId: ORIGIN });
    await next(SEARCH, /unsubscribed this channel from `stop`, `archive` alerts of team \*Search\*/);
    await next(ORIGIN, /unsubscribed this channel/, { ephemeral: true });
    expect(await store.listChannel(scope, SEARCH)).toEqual([]);
  });
});
