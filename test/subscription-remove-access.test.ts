import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionStore, type SubscriptionStore } from '../src/core/subscriptions.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { storedValues } from '../src/store/conditional-update.js';
import { addPublicChannel } from './support/channels.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// A subscription's Remove button is checked as `/exp unsubscribe` is: against the channel it is
// clicked in, not the channel whose subscription goes. The policy lets `subscribe` only from #subs.

const GENERAL = EMULATOR_DEFAULTS.channelId;
const SUBS = 'C0SUBS000';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
/** The member's DM with the app, as the emulator names it. */
const DM = `D${MEMBER.slice(1)}`;
let h: Harness;
let store: SubscriptionStore;
let scope: string;

beforeAll(async () => {
  h = await startHarness();
  scope = h.emulator.identity.teamId;
  store = createSubscriptionStore(storedValues(h.app.store, 'subscriptions'));
  addPublicChannel(h.emulator, { id: SUBS, name: 'subs', members: [MEMBER, ADMIN] });
  await h.driver.command({
    text: `policy channels subscribe <#${SUBS}|subs>`,
    userId: ADMIN,
    channelId: SUBS,
  });
  await next(SUBS, /\*subscribe\* can now be done from/);
  // From #subs, #subs itself and #general are subscribed.
  await h.driver.command({ text: 'subscribe', userId: MEMBER, channelId: SUBS });
  await next(SUBS, /subscribed this channel/);
  await h.driver.command({ text: `subscribe <#${GENERAL}|general>`, userId: MEMBER, channelId: SUBS });
  await next(GENERAL, /subscribed this channel/);
});
afterAll(async () => {
  await h?.close();
});

const { nextIn: next } = emulatorQueries(() => h.emulator, { channel: EMULATOR_DEFAULTS.channelId });

/** `/exp subscriptions` typed in a channel (reading: open to anyone anywhere), and the value of one row's Remove. */
async function listIn(channel: string, of: string): Promise<{ list: EmulatedMessage; value: string }> {
  await h.driver.command({ text: 'subscriptions', userId: MEMBER, channelId: channel });
  const list = await next(channel, /Experiment alerts in this workspace/, { ephemeral: true });
  const rows = (list.blocks ?? []) as { accessory?: { value?: string } }[];
  const value = rows.map((b) => b.accessory?.value).find((v) => v?.startsWith(`${of}:`));
  if (!value) throw new Error(`no Remove button for ${of}`);
  return { list, value };
}

const channelsSubscribed = async () => (await store.list(scope)).map((s) => s.channelId).sort();

describe('the Remove button of a subscription', () => {
  it('is refused where the command is refused: clicked in a channel the rule does not allow', async () => {
    // The command, typed in #general about #subs: refused, as the rule names #subs only.
    await h.driver.command({ text: `unsubscribe <#${SUBS}|subs>`, userId: MEMBER, channelId: GENERAL });
    await next(GENERAL, /\*subscribe\* can only be done from <#C0SUBS000>/, { ephemeral: true });

    const { list, value } = await listIn(GENERAL, SUBS);
    await h.driver.clickButton(list, 'exp_subscription_remove', { userId: MEMBER, value });
    const refusal = await next(GENERAL, /\*subscribe\* can only be done from <#C0SUBS000>/, {
      ephemeral: true,
    });
    expect(messageText(refusal)).toContain('Nothing was done');
    await h.app.idle();
    expect(await channelsSubscribed()).toEqual([GENERAL, SUBS].sort());
  });

  it('is allowed where the command is allowed: clicked in #subs, it removes the #general subscription', async () => {
    const { list, value } = await listIn(SUBS, GENERAL);
    await h.driver.clickButton(list, 'exp_subscription_remove', { userId: MEMBER, value });
    await next(GENERAL, new RegExp(`<@${MEMBER}> removed this channel's subscription`));
    expect(await channelsSubscribed()).toEqual([SUBS]);
  });

  it('is refused from a view with no channel (App Home), as the command is in a direct message', async () => {
    const { value } = await listIn(SUBS, SUBS);
    // The command typed in the person's DM with the app: refused, the rule names channels.
    await h.driver.command({ text: `unsubscribe <#${SUBS}|subs>`, userId: MEMBER, channelId: DM });
    await next(DM, /\*subscribe\* can only be done from <#C0SUBS000>/, { ephemeral: true });
    const viewId = `VHOME${MEMBER}`;
    const res = await h.driver.interaction({
      type: 'block_actions',
      team: { id: scope, domain: h.emulator.identity.teamDomain },
      user: { id: MEMBER, username: 'bob', name: 'bob', team_id: scope },
      api_app_id: h.emulator.identity.appId,
      container: { type: 'view', view_id: viewId },
      trigger_id: '1.2.3',
      view: { id: viewId, type: 'home', team_id: scope, blocks: [], state: { values: {} } },
      actions: [
        {
          type: 'button',
          block_id: 'b',
          action_id: 'exp_subscription_remove',
          value,
          action_ts: String(Date.now() / 1000),
        },
      ],
    });
    expect(res.status).toBe(200);
    // A view has no response_url: the refusal comes by DM.
    await next(DM, /\*subscribe\* can only be done from <#C0SUBS000>/);
    await h.app.idle();
    expect(await channelsSubscribed()).toEqual([SUBS]);
  });
});
