import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscriptionStore, type SubscriptionStore } from '../src/core/subscriptions.js';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import type { EmulatedMessage, EmulatedView } from '../src/dev/slack-emulator/types.js';
import { storedValues } from '../src/store/conditional-update.js';
import { addPublicChannel } from './support/channels.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { postSignedEvent, waitForLog } from './support/oauth-harness.js';

// Channels: C0GENERAL (bot a member) is where actions are taken; C0RANDOM0 is public without the bot,
// postable thanks to chat:write.public; G0PRIVATE is private without the bot, so nothing can be posted
// there. C0STOPS00, C0DOOMED0 and C0FROZEN0 are added here (public, bot a member).
const ORIGIN = 'C0GENERAL';
const ALL = 'C0RANDOM0';
const STOPS = 'C0STOPS00';
/** Subscribed with no events named: the recommended ones. */
const RECOMMENDED = 'C0RECOMM0';
/** Set up from another channel: quiet hours there must hold none of the alerts checked below. */
const ELSEWHERE = 'C0ELSEWH0';
/** Subscribed with no events named, in its quiet hours: only urgent alerts come through. */
const URGENT = 'C0URGENT0';
const PRIVATE = 'G0PRIVATE';
const USER = 'U0MEMBER1';
/** An alert is the headline of an experiment's card (the first in a channel) or a reply in its thread. */
const ALERT_BLOCKS = ['exp_card_headline', 'exp_card_event', 'exp_alert_summary'];
/** Alerts name the channel the action came from; the origin's own result does not. */
const fromOrigin = (m: EmulatedMessage) => messageText(m).includes(`in <#${ORIGIN}>`);

let h: Harness;
let store: SubscriptionStore;
let scope: string;

beforeAll(async () => {
  h = await startHarness();
  scope = h.emulator.identity.teamId;
  // The app's own namespace, read without going through Slack: what is really stored.
  store = createSubscriptionStore(storedValues(h.app.store, 'subscriptions'));
  for (const id of [STOPS, 'C0DOOMED0', 'C0FROZEN0', RECOMMENDED, ELSEWHERE, URGENT]) {
    addPublicChannel(h.emulator, { id, name: id.toLowerCase(), members: [USER, 'U0ADMIN01'] });
  }
});
afterAll(async () => {
  await h?.close();
});

const alertsIn = (channel: string): EmulatedMessage[] =>
  h.emulator
    .messages(channel)
    .filter(
      (m) =>
        !m.ephemeral &&
        fromOrigin(m) &&
        ALERT_BLOCKS.some((id) => JSON.stringify(m.blocks ?? []).includes(id)),
    );

async function waitForMessage(channel: string, pattern: RegExp, opts: { ephemeral?: boolean } = {}) {
  return h.emulator.waitFor(
    () =>
      h.emulator
        .messages(channel)
        .find((m) => m.ephemeral === (opts.ephemeral ?? false) && pattern.test(messageText(m))),
    { timeoutMs: 8000, message: `no message matching ${pattern} in ${channel}` },
  );
}

/** exp_alerts_total by outcome, read from /metrics as Prometheus would. */
async function alertCount(outcome: string): Promise<number> {
  const text = await (await fetch(`${h.app.url}/metrics`)).text();
  const found = new RegExp(`^exp_alerts_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text);
  return found ? Number(found[1]) : 0;
}

/** Waits until a fan-out has settled: sendAlerts counts every delivery only after all of them ended. */
async function waitForCount(outcome: string, atLeast: number): Promise<void> {
  const deadline = Date.now() + 8000;
  while ((await alertCount(outcome)) < atLeast) {
    if (Date.now() > deadline)
      throw new Error(`exp_alerts_total{outcome="${outcome}"} never reached ${atLeast}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function filters(): Promise<Record<string, unknown>> {
  return Object.fromEntries((await store.list(scope)).map((s) => [s.channelId, s.actions]));
}

describe('/exp subscribe, unsubscribe and subscriptions', () => {
  it('subscribes channels, announcing it in each, and refuses a channel the app cannot post in', async () => {
    await h.driver.command({ text: 'subscribe events:all', channelId: ALL });
    const note = await waitForMessage(ALL, /subscribed this channel/);
    expect(messageText(note)).toContain(
      `<@${USER}> subscribed this channel to all alerts of every experiment.`,
    );
    await h.driver.command({ text: 'subscribe stop', channelId: STOPS });
    expect(messageText(await waitForMessage(STOPS, /subscribed this channel/))).toContain(
      'to `stop` alerts of every experiment.',
    );
    await h.driver.command({ text: 'subscribe all', channelId: ORIGIN });
    await waitForMessage(ORIGIN, /subscribed this channel/);

    await h.driver.command({ text: 'subscribe', channelId: PRIVATE });
    const refused = await waitForMessage(PRIVATE, /cannot post in/, { ephemeral: true });
    expect(messageText(refused)).toContain('not_in_channel');
    expect(await filters()).toEqual({ [ALL]: 'all', [STOPS]: ['stop'], [ORIGIN]: 'all' });
  });

  it('subscribes to the recommended events when none are named: start, stop, archive', async () => {
    await h.driver.command({ text: 'subscribe', channelId: RECOMMENDED });
    const note = await waitForMessage(RECOMMENDED, /subscribed this channel/);
    expect(messageText(note)).toContain(
      'to the recommended (`start`, `stop`, `archive`, status change (`status`)) alerts of every experiment.',
    );
    expect((await filters())[RECOMMENDED]).toBe('recommended');
    await h.driver.command({ text: 'unsubscribe', channelId: RECOMMENDED });
    await waitForMessage(RECOMMENDED, /unsubscribed this channel/);
  });

  it('says quiet hours, a running-long mark and a window set for another channel in that channel', async () => {
    await h.driver.command({
      text: `subscribe <#${ELSEWHERE}|${ELSEWHERE.toLowerCase()}> quiet:22:00-08:00 long:30d window:5m tz:UTC`,
      channelId: ORIGIN,
    });
    for (const note of [
      /set quiet hours for this channel/,
      /running longer than 30 days/,
      /alert window to/,
    ]) {
      await waitForMessage(ELSEWHERE, note);
      const elsewhere = h.emulator.messages(ORIGIN).filter((m) => note.test(messageText(m)));
      expect(elsewhere, `${note} in the typing channel`).toEqual([]);
    }
  });

  it('refuses unknown action words with the allowed list, storing nothing', async () => {
    const before = await filters();
    await h.driver.command({ text: 'subscribe stop launch <!channel>', channelId: STOPS });
    // Acting commands are acked at once and answered once access is checked: to the person alone.
    const reply = await waitForMessage(STOPS, /Unknown alert action/, { ephemeral: true });
    expect(reply.targetUserId).toBe(USER);
    const text = messageText(reply);
    expect(text).toContain('`launch`');
    expect(text).toContain('&lt;!channel&gt;');
    expect(text).toContain(
      '`start`, `stop`, `archive`, `unarchive`, `create`, `edit`, status change (`status`)',
    );
    expect(text).toContain('`recommended` (the default) or `all`');
    expect(await filters()).toEqual(before);
  });

  it('lists the subscribed channels with their filters, to the asker only', async () => {
    await h.driver.command({ text: 'subscriptions', channelId: STOPS });
    const list = await waitForMessage(STOPS, /Experiment alerts in this workspace/, { ephemeral: true });
    expect(list.targetUserId).toBe(USER);
    const text = messageText(list);
    expect(text).toContain(`<#${ALL}>: all alerts of every experiment`);
    expect(text).toContain(`<#${STOPS}>: \`stop\` alerts of every experiment _(this channel)_`);
    expect(text).toContain(`<#${ORIGIN}>: all alerts of every experiment`);
    // Each subscribed channel's alert window: the default where it set none, its own where it did.
    expect(text).toMatch(new RegExp(`<#${STOPS}> · window 1m \\(the default\\) · `));
    expect(text).toMatch(new RegExp(`<#${ELSEWHERE}> · quiet .* · window 5m · `));
    expectWithinBlockKitLimits({ kind: 'message', text: list.text, blocks: list.blocks ?? [] });
  });

  it('alerts a start to the all-actions channel only: not the stop-only one, not the origin again', async () => {
    const sent = await alertCount('sent');
    await h.driver.command({ text: 'start 4', channelId: ORIGIN });
    await waitForMessage(ORIGIN, /started experiment \*Onboarding tour\* \(#4\)/);
    await waitForCount('sent', sent + 1);
    const [alert] = alertsIn(ALL);
    // An alert names the experiment first where the app knows its name.
    expect(messageText(alert)).toContain(
      `<@${USER}> started experiment *Onboarding tour* (#4) in <#${ORIGIN}>.`,
    );
    // When it happened, as a Slack date each reader sees in their own time zone.
    expect(messageText(alert)).toMatch(/_<!date\^\d+\^\{date_short_pretty\} \{time\}\|[^>]+>_/);
    // The first alert about an experiment in a channel is its card: state and what can be done.
    expect(messageText(alert)).toContain('*Onboarding tour* (#4)');
    expect(JSON.stringify(alert?.blocks)).toContain('exp_lifecycle_stop');
    expectWithinBlockKitLimits({ kind: 'message', text: alert?.text, blocks: alert?.blocks ?? [] });
    expect(alertsIn(STOPS)).toHaveLength(0);
    expect(alertsIn(ORIGIN)).toHaveLength(0);
    expect(await alertCount('sent')).toBe(sent + 1);
  });

  it('alerts a stop to both channels with the reason and the escaped comment', async () => {
    const sent = await alertCount('sent');
    await h.driver.command({
      text: 'stop 4 critical Revenue <!channel> fell & <@U0ADMIN01>',
      channelId: ORIGIN,
    });
    await waitForCount('sent', sent + 2);
    for (const channel of [ALL, STOPS]) {
      const alert = alertsIn(channel).find((m) =>
        /stopped experiment \*Onboarding tour\* \(#4\)/.test(messageText(m)),
      );
      const text = messageText(alert);
      expect(text).toContain('*Reason:* Critical metric impact');
      expect(text).toContain('*Comment:* Revenue @channel fell &amp; @U0ADMIN01');
      expect(text).not.toContain('<!channel>');
    }
    expect(alertsIn(ORIGIN)).toHaveLength(0);
    // The stop joined the thread the start alert opened in ALL: one parent, kept current.
    const parents = h.emulator
      .messages(ALL)
      .filter((m) => !m.ephemeral && (m.thread_ts === undefined || m.thread_ts === m.ts) && fromOrigin(m));
    expect(parents).toHaveLength(1);
    expect(messageText(parents[0])).toContain('stopped experiment *Onboarding tour* (#4)');
    expect(JSON.stringify(parents[0]?.blocks)).toContain('exp_lifecycle_archive');
    expect(JSON.stringify(parents[0]?.blocks)).not.toContain('exp_lifecycle_stop"');
  });

  it('alerts an edit made in the modal', async () => {
    const sent = await alertCount('sent');
    const before = new Set(h.emulator.views.keys());
    await h.driver.command({ text: 'edit 2', channelId: ORIGIN });
    const view = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !before.has(v.id) && v.view.callback_id === 'exp_experiment_modal',
        ),
      { timeoutMs: 8000 },
    );
    const nameInput = nameElement(view);
    const result = await h.driver.submitView(view.id, {
      exp_xm_name: { [nameInput]: { type: 'plain_text_input', value: 'Renamed <!here>' } },
    });
    // The edit shows what it will change first; saving is the confirmation's submit.
    expect(result.outcome).toMatchObject({ kind: 'pushed' });
    const confirm = (result.outcome as { view: { id: string } }).view;
    expect((await h.driver.submitView(confirm.id, {})).outcome).toEqual({ kind: 'cleared' });
    await waitForCount('sent', sent + 1);
    const alert = alertsIn(ALL).find((m) => /updated experiment \*Renamed .*\* \(#2\)/.test(messageText(m)));
    expect(messageText(alert)).toContain(`in <#${ORIGIN}>: Name.`);
    expect(alertsIn(STOPS).some((m) => /updated/.test(messageText(m)))).toBe(false);
  });

  it('drops channels that are gone without holding up the other alerts or the reply', async () => {
    await h.driver.command({ text: 'subscribe events:all', channelId: 'C0DOOMED0' });
    await waitForMessage('C0DOOMED0', /subscribed this channel/);
    await h.driver.command({ text: 'subscribe archive', channelId: 'C0FROZEN0' });
    await waitForMessage('C0FROZEN0', /subscribed this channel/);
    h.emulator.channels.delete('C0DOOMED0');
    const frozen = h.emulator.channels.get('C0FROZEN0');
    if (frozen) frozen.is_archived = true;
    const counts = { sent: await alertCount('sent'), gone: await alertCount('channel_not_found') };

    await h.driver.command({ text: 'archive 4', channelId: ORIGIN });
    await waitForMessage(ORIGIN, /archived experiment \*Onboarding tour\* \(#4\)/);
    await waitForCount('is_archived', 1);
    await waitForCount('channel_not_found', counts.gone + 1);
    // ALL is paced a second after its previous alert; the gone channels did not hold it up longer.
    await waitForCount('sent', counts.sent + 1);
    // The person who subscribed each channel hears it by DM, once per channel and reason.
    const dms = () =>
      h.emulator.messages(`D${USER.slice(1)}`).filter((m) => /can no longer be posted/.test(messageText(m)));
    await h.emulator.waitFor(() => dms().length === 2, {
      timeoutMs: 8000,
      message: 'no DM about the gone channels',
    });
    expect(
      dms()
        .map((m) => messageText(m))
        .join('\n'),
    ).toContain('<#C0FROZEN0> (`is_archived`), so its subscriptions were removed');
    expect(
      alertsIn(ALL).some((m) => /archived experiment \*Onboarding tour\* \(#4\)/.test(messageText(m))),
    ).toBe(true);
    expect(await filters()).toEqual({ [ALL]: 'all', [STOPS]: ['stop'], [ORIGIN]: 'all' });
    expect(h.logs.join('\n')).not.toContain(h.emulator.identity.botToken);
  });

  it('keeps a channel whose post fails for a passing reason (rate limit)', async () => {
    h.emulator.failNext('chat.postMessage', 'ratelimited', { channel: ALL });
    const limited = await alertCount('ratelimited');
    await h.driver.command({ text: 'unarchive 4', channelId: ORIGIN });
    await waitForMessage(ORIGIN, /unarchived experiment \*Onboarding tour\* \(#4\)/);
    await waitForCount('ratelimited', limited + 1);
    expect(Object.keys(await filters())).toContain(ALL);
  });

  it('unsubscribes some actions, then the whole channel, announcing each change', async () => {
    await h.driver.command({ text: 'unsubscribe start, create', channelId: ALL });
    const narrowed = await waitForMessage(ALL, /turned off/);
    expect(messageText(narrowed)).toContain('turned off `start`, `create` alerts in this channel');
    expect((await filters())[ALL]).toEqual(['stop', 'archive', 'unarchive', 'edit', 'status']);

    await h.driver.command({ text: 'unsubscribe', channelId: ALL });
    await waitForMessage(ALL, /unsubscribed this channel/);
    await h.driver.command({ text: 'unsubscribe', channelId: ALL });
    await waitForMessage(ALL, /not subscribed/, { ephemeral: true });
    expect(Object.keys(await filters())).not.toContain(ALL);

    const sent = await alertCount('sent');
    const before = alertsIn(ALL).length;
    await h.driver.command({ text: 'stop 1 bug', channelId: ORIGIN });
    await waitForCount('sent', sent + 1);
    expect(
      alertsIn(STOPS).some((m) => /stopped experiment \*Search ranking v2\* \(#1\)/.test(messageText(m))),
    ).toBe(true);
    expect(alertsIn(ALL)).toHaveLength(before);
  });

  it('alerts an action whose outcome is unknown at once, in quiet hours too; a done one is held', async () => {
    await h.driver.command({ text: 'subscribe', channelId: URGENT });
    await waitForMessage(URGENT, /subscribed this channel/);
    const hh = (offsetHours: number) =>
      String((new Date().getUTCHours() + 24 + offsetHours) % 24).padStart(2, '0');
    await h.driver.command({ text: `subscribe quiet:${hh(-1)}:00-${hh(2)}:00 tz:UTC`, channelId: URGENT });
    await waitForMessage(URGENT, /set quiet hours for this channel/);
    const held = async () =>
      (
        (await h.app.store.keyv('channel-alerts').get(`held:${scope}:${URGENT}`)) as
          | { alerts: unknown[] }
          | undefined
      )?.alerts.length ?? 0;

    await h.driver.command({ text: 'start 7', channelId: ORIGIN });
    await waitForMessage(ORIGIN, /started experiment \*Delivery slot hints: retro\* \(#7\)/);
    await expect.poll(held, { timeout: 8000, interval: 25 }).toBe(1);

    // Sent, and the platform answered 502: whether experiment 3 stopped is unknown.
    h.sandbox.failNext({ status: 502, body: 'upstream down' }, { pathIncludes: '/stop' });
    await h.driver.command({ text: 'stop 3 bug', channelId: ORIGIN });
    await waitForMessage(ORIGIN, /outcome of \*stop\* on experiment \*3\* is unknown/, { ephemeral: true });
    const urgent = await waitForMessage(URGENT, /did not answer/);
    // The app has no record of experiment 3 (nothing it did touched it): named by its id.
    expect(messageText(urgent)).toContain(
      `<@${USER}> asked to stop experiment *3* in <#${ORIGIN}>, and the platform did not answer: whether it happened is unknown. \`/exp show 3\``,
    );
    expectWithinBlockKitLimits({ kind: 'message', text: urgent.text, blocks: urgent.blocks ?? [] });
    expect(await held()).toBe(1);
    expect(h.emulator.messages(URGENT).filter((m) => /started experiment/.test(messageText(m)))).toEqual([]);
  });

  it('forgets the workspace subscriptions when the app is uninstalled', async () => {
    const fixture = JSON.parse(
      readFileSync(new URL('./fixtures/slack/event-app-uninstalled.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>;
    const [authorization] = fixture.authorizations as Record<string, unknown>[];
    const eventId = 'Ev0SUBSCRIPTIONS1';
    await postSignedEvent(h.app.eventsUrl, h.signingSecret, {
      ...fixture,
      team_id: scope,
      event_id: eventId,
      authorizations: [{ ...authorization, team_id: scope }],
    });
    await waitForLog(h.logs, (l) => l.includes(eventId) && l.includes('workspace data deleted'));
    expect(await store.list(scope)).toEqual([]);
  });
});

function nameElement(view: EmulatedView): string {
  const blocks = (view.view.blocks as { block_id?: string; element?: { action_id?: string } }[]) ?? [];
  const actionId = blocks.find((b) => b.block_id === 'exp_xm_name')?.element?.action_id;
  if (!actionId) throw new Error('the edit modal has no name input');
  return actionId;
}
