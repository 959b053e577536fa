import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { parseCommand } from '../src/slack/command/parse-command.js';
import { untilPast } from './support/clock.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Scheduled lifecycle actions through the signed endpoint: the time read in the person's Slack time
// zone, refusals that schedule nothing, the run at the due time through the same path as a typed
// command (policy checked again, approval required by then), cancelling, and the audit trail.

const CHANNEL = EMULATOR_DEFAULTS.channelId;
const ALERTS = 'C0ALERTS1';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const SECOND_ADMIN = 'U0ADMIN02';
let h: Harness;
let nextId = 5000;

const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL, timeoutMs: 15_000 });

/** A fresh draft experiment (a copy of the sandbox's draft 4), so each case starts its own. */
function draft(status: 'draft' | 'running' = 'draft'): number {
  const id = nextId++;
  const template = h.sandbox.state.experiments.get(4);
  if (template?.status !== 'draft') throw new Error('the sandbox has no draft experiment 4');
  h.sandbox.state.experiments.set(id, {
    ...template,
    id,
    status,
    name: `Scheduled ${id}`,
    label: `scheduled_${id}`,
  });
  return id;
}

const starts = (id: number) =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/start`))
    .length;

/** `at` an ISO instant `ms` from now (seconds precision, UTC). */
const atIn = (ms: number) => `at ${new Date(Date.now() + ms).toISOString().slice(0, 19)}Z`;

const inChannel = (pattern: RegExp, channel: string = CHANNEL) =>
  slack.until(
    () => h.emulator.messages(channel).find((m) => !m.ephemeral && pattern.test(messageText(m))),
    `nothing in ${channel} matching ${pattern}`,
  );
const dmTo = (user: string, pattern: RegExp) => inChannel(pattern, `D${user.slice(1)}`);

beforeAll(async () => {
  h = await startHarness({ env: { ADMIN_USER_IDS: SECOND_ADMIN } });
  const member = h.emulator.users.get(MEMBER);
  if (!member) throw new Error('no member');
  h.emulator.users.set(MEMBER, { ...member, tz: 'Europe/Moscow' });
  h.emulator.users.set(SECOND_ADMIN, { ...member, id: SECOND_ADMIN, name: 'dana', tz: 'UTC' });
  h.emulator.channels.get(CHANNEL)?.members.push(SECOND_ADMIN);
  const general = h.emulator.channels.get(CHANNEL);
  if (general)
    h.emulator.channels.set(ALERTS, {
      ...general,
      id: ALERTS,
      name: 'alerts',
      members: [...general.members],
    });
}, 30_000);
afterAll(async () => {
  await h?.close();
});

describe('the time phrase', () => {
  it('is read after the id, before a stop reason; anything else there is still refused', () => {
    expect(parseCommand('start 3 in 2h')).toEqual({
      kind: 'lifecycle',
      action: 'start',
      experimentId: 3,
      when: ['in', '2h'],
    });
    expect(parseCommand('stop 3 in 3d bug planned end')).toMatchObject({
      kind: 'stop',
      reason: 'bug',
      comment: 'planned end',
      when: ['in', '3d'],
    });
    expect(parseCommand('stop 3 at 2026-12-01 10:00')).toMatchObject({
      kind: 'stop-modal',
      when: ['at', '2026-12-01', '10:00'],
    });
    expect(parseCommand('archive 3 tomorrow 09:00')).toMatchObject({ when: ['tomorrow', '09:00'] });
    expect(parseCommand('start 3 12')).toMatchObject({ kind: 'invalid', reason: 'unexpected-args' });
    expect(parseCommand('start 3 in 2h now')).toMatchObject({ kind: 'invalid', detail: 'now' });
    expect(parseCommand('unschedule 3 stop')).toEqual({
      kind: 'unschedule',
      experimentId: 3,
      action: 'stop',
    });
    expect(parseCommand('schedule 3')).toEqual({ kind: 'schedule', experimentId: 3 });
  });

  it('in the past, more than a year ahead or unreadable is refused with the reason, in the person’s zone', async () => {
    const id = draft();
    for (const [phrase, reason] of [
      ['at 2020-01-01 10:00', /is in the past/],
      ['in 400d', /more than a year ahead/],
      ['at noonish', /is not a time this app reads/],
    ] as const) {
      await slack.replyToCommand(MEMBER, reason, () =>
        h.driver.command({ text: `start ${id} ${phrase}`, userId: MEMBER }),
      );
    }
    const told = await slack.ephemeralTo(MEMBER, /is in the past/);
    expect(messageText(told)).toContain('Europe/Moscow');
    await h.driver.command({ text: `schedule ${id}`, userId: MEMBER });
    await slack.ephemeralTo(MEMBER, new RegExp(`Nothing is scheduled for experiment \\*${id}\\*`));
  });
});

describe('a scheduled action', () => {
  it('is announced with a Slack date and the zone, listed, and runs once at its time like a typed command', async () => {
    const id = draft();
    await h.driver.command({ text: `subscribe experiment:${id}`, userId: MEMBER, channelId: ALERTS });
    await h.driver.command({ text: `start ${id} ${atIn(3_000)}`, userId: MEMBER });
    const announced = await inChannel(new RegExp(`scheduled the app to \\*start\\* experiment \\*${id}\\*`));
    expect(messageText(announced)).toMatch(
      /<!date\^\d+\^\{date_short_pretty\} \{time\}\|[^>]+Europe\/Moscow/,
    );
    expect(messageText(announced)).toContain('(Europe/Moscow)');
    await h.driver.command({ text: 'schedule', userId: ADMIN });
    const list = await slack.ephemeralTo(
      ADMIN,
      new RegExp(`\\*start\\* experiment \\*${id}\\* at .*scheduled by <@${MEMBER}>`),
    );
    expect(JSON.stringify(list.blocks)).toContain('exp_schedule_cancel');
    expect(starts(id)).toBe(0);

    await inChannel(new RegExp(`started experiment \\*Scheduled ${id}\\* \\(#${id}\\)`));
    const alert = await inChannel(new RegExp(`Scheduled by <@${MEMBER}>`), ALERTS);
    // The alert comes once the app knows the experiment's name: it names it first.
    expect(messageText(alert)).toContain(`experiment *Scheduled ${id}* (#${id})`);
    await h.app.idle();
    expect(starts(id)).toBe(1);
    await h.driver.command({ text: `audit ${id}`, userId: ADMIN });
    const trail = await slack.ephemeralTo(ADMIN, /scheduled/);
    expect(messageText(trail)).toMatch(/scheduled/);
  });

  it('answers the person with only what the channel notice lacks: how to take it back, and a Cancel button that does', async () => {
    const id = draft();
    await h.driver.command({ text: `start ${id} in 2h`, userId: MEMBER });
    await inChannel(new RegExp(`scheduled the app to \\*start\\* experiment \\*${id}\\*`));
    const reply = await slack.ephemeralTo(MEMBER, new RegExp(`/exp unschedule ${id} start`));
    // Not a second copy of the notice: the experiment and the time are in the channel's message.
    expect(messageText(reply)).toMatch(/^To take it back: Cancel, or/);
    expect(messageText(reply)).not.toContain('<!date^');
    await h.driver.clickButton(reply, 'exp_schedule_cancel', { userId: MEMBER });
    await inChannel(new RegExp(`<@${MEMBER}> cancelled \\*start\\* experiment \\*${id}\\*`));
  });

  it('can be cancelled with its button or the command; a cancel racing the run gives one outcome', async () => {
    const id = draft();
    await h.driver.command({ text: `start ${id} in 2h`, userId: MEMBER });
    await inChannel(new RegExp(`scheduled the app to \\*start\\* experiment \\*${id}\\*`));
    await h.driver.command({ text: `schedule ${id}`, userId: MEMBER });
    const list = await slack.ephemeralTo(
      MEMBER,
      new RegExp(`\\*start\\* experiment \\*${id}\\* at .*scheduled by <@${MEMBER}>`),
    );
    await h.driver.clickButton(list, 'exp_schedule_cancel', { userId: MEMBER });
    await inChannel(new RegExp(`<@${MEMBER}> cancelled \\*start\\* experiment \\*${id}\\*`));

    // Raced: the cancel is sent at the due time; either it wins (nothing runs) or the run does.
    const raced = draft();
    const due = new Date(Math.floor((Date.now() + 3_000) / 1000) * 1000);
    await h.driver.command({ text: `start ${raced} at ${due.toISOString().slice(0, 19)}Z`, userId: MEMBER });
    await inChannel(new RegExp(`scheduled the app to \\*start\\* experiment \\*${raced}\\*`));
    // The one wait on the clock: the cancel must arrive when the run falls due.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due.getTime() - Date.now())));
    const answer = await slack.replyToCommand(
      MEMBER,
      /cancelled|Too late to cancel|Nothing is scheduled/,
      () => h.driver.command({ text: `unschedule ${raced}`, userId: MEMBER }),
    );
    const cancelled = /cancelled/.test(messageText(answer));
    if (!cancelled)
      await inChannel(new RegExp(`started experiment \\*Scheduled ${raced}\\* \\(#${raced}\\)`));
    await h.app.idle();
    expect(starts(raced)).toBe(cancelled ? 0 : 1);
  });

  it('is listed by the experiment’s name first once the app has read the experiment', async () => {
    const id = draft();
    await slack.replyToCommand(MEMBER, new RegExp(`Scheduled ${id}`), () =>
      h.driver.command({ text: `show ${id}`, userId: MEMBER }),
    );
    await h.driver.command({ text: `start ${id} in 2h`, userId: MEMBER });
    await inChannel(
      new RegExp(`scheduled the app to \\*start\\* experiment \\*Scheduled ${id}\\* \\(#${id}\\)`),
    );
    await slack.replyToCommand(
      MEMBER,
      new RegExp(`\\*start\\* experiment \\*Scheduled ${id}\\* \\(#${id}\\) at .*scheduled by <@${MEMBER}>`),
      () => h.driver.command({ text: 'schedule', userId: MEMBER }),
    );
    await slack.replyToCommand(MEMBER, /cancelled/, () =>
      h.driver.command({ text: `unschedule ${id}`, userId: MEMBER }),
    );
  });

  it('does not run for someone the policy no longer allows: the channel and the person are told why', async () => {
    const id = draft();
    await h.driver.command({ text: `start ${id} ${atIn(3_000)}`, userId: MEMBER });
    await inChannel(new RegExp(`scheduled the app to \\*start\\* experiment \\*${id}\\*`));
    await h.driver.command({ text: 'policy set start admins', userId: ADMIN });
    const why = `\\*start\\* experiment \\*${id}\\*, scheduled by <@${MEMBER}> for <!date\\^\\d+\\^[^>]*>, did not run\\. \\*start\\* needs an admin`;
    await inChannel(new RegExp(why));
    await dmTo(MEMBER, new RegExp(why));
    await h.app.idle();
    expect(starts(id)).toBe(0);
    await h.driver.command({ text: 'policy set start members', userId: ADMIN });
  });

  it('does not run for someone who left the workspace', async () => {
    const leaver = 'U0LEAVER1';
    const member = h.emulator.users.get(MEMBER);
    if (!member) throw new Error('no member');
    h.emulator.users.set(leaver, { ...member, id: leaver, name: 'lee' });
    h.emulator.channels.get(CHANNEL)?.members.push(leaver);
    const id = draft();
    await h.driver.command({ text: `start ${id} ${atIn(3_000)}`, userId: leaver });
    await inChannel(new RegExp(`<@${leaver}> scheduled the app to \\*start\\* experiment \\*${id}\\*`));
    h.emulator.users.set(leaver, { ...member, id: leaver, name: 'lee', deleted: true });
    await inChannel(
      new RegExp(
        `experiment \\*${id}\\*, scheduled by <@${leaver}> for .*, did not run\\. <@${leaver}> is no longer in this workspace`,
      ),
    );
    await h.app.idle();
    expect(starts(id)).toBe(0);
  });

  it('needing approval asks for it with its time, runs then if approved, and stays open a window after it', async () => {
    await h.driver.command({ text: 'policy approval start on', userId: ADMIN });
    const late = draft();
    const lateAt = new Date(Math.floor((Date.now() + 2_000) / 1000) * 1000);
    await h.driver.command({
      text: `start ${late} at ${lateAt.toISOString().slice(0, 19)}Z`,
      userId: MEMBER,
    });
    const lateRequest = await inChannel(new RegExp(`asks to \\*start\\* experiment \\*${late}\\* at <!date`));
    await slack.ephemeralTo(
      MEMBER,
      new RegExp(
        `Asked: \\*start\\* experiment \\*${late}\\* at .*It runs then if .* approves it by that time`,
      ),
    );
    // Its time passes unapproved: nothing runs, and the request still waits (for the window after it).
    await untilPast(lateAt);
    await h.app.idle();
    expect(starts(late)).toBe(0);
    await slack.replyToCommand(MEMBER, /waiting for approval/, () =>
      h.driver.command({ text: `schedule ${late}`, userId: MEMBER }),
    );
    // Approved within the window: it runs at once, its result saying how it was asked.
    await h.driver.clickButton(lateRequest as EmulatedMessage, 'exp_approval_approve', { userId: ADMIN });
    await inChannel(
      new RegExp(
        `<@${MEMBER}> started experiment \\*Scheduled ${late}\\* \\(#${late}\\) \\(scheduled by <@${MEMBER}> for <!date.*; approved by <@${ADMIN}>\\)`,
      ),
    );
    await h.app.idle();
    expect(starts(late)).toBe(1);

    const approved = draft();
    await h.driver.command({ text: `start ${approved} ${atIn(4_000)}`, userId: MEMBER });
    const request = await inChannel(new RegExp(`asks to \\*start\\* experiment \\*${approved}\\*`));
    await h.driver.clickButton(request as EmulatedMessage, 'exp_approval_approve', { userId: ADMIN });
    await inChannel(new RegExp(`Approved by <@${ADMIN}>: it runs at`));
    await dmTo(
      MEMBER,
      new RegExp(`approved your request to \\*start\\* experiment \\*${approved}\\*\\. It runs at`),
    );
    expect(starts(approved)).toBe(0);
    await inChannel(new RegExp(`started experiment \\*Scheduled ${approved}\\* \\(#${approved}\\)`));
    await h.app.idle();
    expect(starts(approved)).toBe(1);
    await h.driver.command({ text: 'policy approval start off', userId: ADMIN });
  });

  it('can be a stop from the modal, whose optional "when" field the command prefills', async () => {
    const id = draft();
    h.sandbox.state.experiments.set(id, {
      ...h.sandbox.state.experiments.get(id),
      status: 'running',
    } as never);
    const views = new Set(h.emulator.views.keys());
    await h.driver.command({ text: `stop ${id} in 3d`, userId: MEMBER });
    const modal = await h.emulator.waitFor(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !views.has(v.id) && v.view.callback_id === 'exp_stop_modal',
        ),
      { message: 'no stop modal' },
    );
    expect(JSON.stringify(modal.view.blocks)).toContain('"initial_value":"in 3d"');
    await h.driver.submitView(
      modal.id,
      {
        exp_stop_reason: {
          exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } },
        },
        exp_stop_when: { exp_stop_when_input: { type: 'plain_text_input', value: 'in 3d' } },
      },
      { userId: MEMBER },
    );
    await inChannel(new RegExp(`<@${MEMBER}> scheduled the app to \\*stop\\* experiment \\*${id}\\*`));
    await h.driver.command({ text: `show ${id}`, userId: MEMBER });
    await slack.ephemeralTo(MEMBER, /:alarm_clock: stop at <!date\^/);
    // The App Home lists the workspace's scheduled actions too.
    h.emulator.homes.delete(MEMBER);
    await h.driver.event({
      token: 'legacy',
      team_id: EMULATOR_DEFAULTS.teamId,
      api_app_id: EMULATOR_DEFAULTS.appId,
      type: 'event_callback',
      event_id: `EvSCHEDULE${id}`,
      event_time: Math.floor(Date.now() / 1000),
      authorizations: [{ team_id: EMULATOR_DEFAULTS.teamId, user_id: 'U0BOT', is_bot: true }],
      event: {
        type: 'app_home_opened',
        user: MEMBER,
        channel: 'D0HOME',
        tab: 'home',
        event_ts: `${Date.now() / 1000}`,
      },
    });
    const home = await h.emulator.waitFor(() => h.emulator.homes.get(MEMBER), { message: 'no Home tab' });
    expect(messageText({ blocks: home.blocks as unknown[] })).toMatch(
      new RegExp(`Scheduled actions[\\s\\S]*\\*stop\\* experiment \\*Scheduled ${id}\\* \\(#${id}\\) at`),
    );
    await h.driver.command({ text: `unschedule ${id} stop`, userId: MEMBER });
    await inChannel(new RegExp(`cancelled \\*stop\\* experiment \\*Scheduled ${id}\\* \\(#${id}\\)`));
    await h.app.idle();
    expect(h.sandbox.state.requests.some((r) => r.url.endsWith(`/experiments/v1/${id}/stop`))).toBe(false);
  });

  it('may be limited to some people by the policy switch', async () => {
    await h.driver.command({ text: 'policy set schedule admins', userId: ADMIN });
    await inChannel(/Scheduling is now for/);
    const id = draft();
    await slack.replyToCommand(MEMBER, /does not let you schedule/, () =>
      h.driver.command({ text: `start ${id} in 2h`, userId: MEMBER }),
    );
    await h.driver.command({ text: 'policy set schedule action', userId: ADMIN });
    await inChannel(/Scheduling is now open to whoever may do the action/);
  });
});
