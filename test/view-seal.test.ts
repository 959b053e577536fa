import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import { en } from '../src/slack/messages/index.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// A view's private_metadata comes back in payloads anyone with the signing secret can forge: the app
// seals it to the person, workspace and purpose it opened the view for, and refuses (and records)
// another person's submission, metadata it did not write or altered, and response_urls not Slack's.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
const TEAM = EMULATOR_DEFAULTS.teamId;
let h: Harness;
/** Stands for an address that is not Slack's: counts every request it gets. */
let elsewhere: Server;
let elsewhereHits = 0;
let elsewhereUrl = '';

beforeAll(async () => {
  // The member is an admin too here, so that a second admin can try the policy modal of the first.
  h = await startHarness({ env: { ADMIN_USER_IDS: MEMBER } });
  elsewhere = createServer((_req, res) => {
    elsewhereHits += 1;
    res.end('ok');
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  elsewhereUrl = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/hooks/T0/1/x`;
});
afterAll(async () => {
  await h?.close();
  await new Promise((resolve) => elsewhere?.close(resolve));
});

const platformPosts = (suffix: string) =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(suffix)).length;

async function openView(
  userId: string,
  callbackId: string,
  open: () => Promise<unknown>,
): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  await open();
  return h.emulator.waitFor(
    () => {
      const view = [...h.emulator.views.values()].find((v) => !before.has(v.id) && v.userId === userId);
      return view && view.view.callback_id === callbackId ? view : undefined;
    },
    { timeoutMs: 8000, message: `no ${callbackId} for ${userId}` },
  );
}

const openByCommand = (text: string, userId: string, callbackId: string) =>
  openView(userId, callbackId, () => h.driver.command({ text, userId, channelId: CHANNEL }));

/** Replaces what the emulator will send back as the view's metadata (what a forger controls). */
function setMetadata(view: EmulatedView, metadata: string): void {
  (view.view as { private_metadata?: string }).private_metadata = metadata;
}

const metadataOf = (view: EmulatedView) => String(view.view.private_metadata);

const stopValues = {
  exp_stop_reason: { exp_stop_reason_select: { type: 'static_select', selected_option: { value: 'bug' } } },
  exp_stop_comment: { exp_stop_comment_input: { type: 'plain_text_input', value: 'broken' } },
};

/** The audit trail as an admin reads it with `/exp audit`. */
async function auditTrail(): Promise<string> {
  const audit = await h.driver.command({ text: 'audit', userId: ADMIN, channelId: CHANNEL });
  await h.app.idle();
  const posts = h.emulator.responsePosts.filter((p) => audit.responseUrl.endsWith(`/${p.id}`));
  return JSON.stringify([audit.body, posts.map((p) => p.body)]);
}

describe('views are bound to the person and purpose they were opened for', () => {
  it('refuses the stop view opened for one person when another submits it: nothing is sent', async () => {
    const view = await openByCommand('stop 1', MEMBER, 'exp_stop_modal');
    const stops = platformPosts('/experiments/v1/1/stop');
    const result = await h.driver.submitView(view.id, stopValues, { userId: ADMIN });
    expect(result.outcome).toEqual({ kind: 'errors', errors: { exp_stop_reason: en.modals.forged } });
    await h.app.idle();
    expect(platformPosts('/experiments/v1/1/stop')).toBe(stops);
  });

  it('refuses metadata altered to name another experiment and channel, sealed or not', async () => {
    const view = await openByCommand('stop 1', MEMBER, 'exp_stop_modal');
    const original = metadataOf(view);
    expect(original).toContain('"experimentId":1');
    const before = platformPosts('/experiments/v1/2/stop');
    for (const altered of [
      // The app's seal kept, the JSON under it changed.
      original.replace('"experimentId":1', '"experimentId":2'),
      original.replace(`"channelId":"${CHANNEL}"`, '"channelId":"C0RANDOM0"'),
      // Metadata the app never wrote: plain JSON, as before views were sealed.
      JSON.stringify({ experimentId: 2, channelId: CHANNEL }),
      `s1.zzzzzz.${'A'.repeat(43)}.${JSON.stringify({ experimentId: 2, channelId: CHANNEL })}`,
    ]) {
      setMetadata(view, altered);
      const result = await h.driver.submitView(view.id, stopValues, { userId: MEMBER });
      expect(result.outcome).toEqual({ kind: 'errors', errors: { exp_stop_reason: en.modals.forged } });
    }
    await h.app.idle();
    expect(platformPosts('/experiments/v1/2/stop')).toBe(before);
  });

  it('never posts to a response_url that is not Slack’s, even under the app’s seal', async () => {
    const view = await openByCommand('stop 2', MEMBER, 'exp_stop_modal');
    // As if the key had leaked: the app's own seal over a reply address elsewhere.
    const forged = h.viewSeal.seal(
      { purpose: 'stop', userId: MEMBER, workspace: { teamId: TEAM } },
      {
        type: 'modal',
        title: { type: 'plain_text', text: 'Stop' },
        blocks: [],
        private_metadata: JSON.stringify({
          experimentId: 2,
          channelId: CHANNEL,
          responseUrl: elsewhereUrl,
          fromMessage: {},
        }),
      },
    );
    setMetadata(view, String(forged.private_metadata));
    const stops = platformPosts('/experiments/v1/2/stop');
    const result = await h.driver.submitView(view.id, stopValues, { userId: MEMBER });
    expect(result.outcome).toEqual({ kind: 'errors', errors: { exp_stop_reason: en.modals.forged } });
    await h.app.idle();
    expect(platformPosts('/experiments/v1/2/stop')).toBe(stops);
    expect(elsewhereHits).toBe(0);
  });

  it('still stops from the view the app opened, submitted by its person', async () => {
    const view = await openByCommand('stop 3', MEMBER, 'exp_stop_modal');
    const result = await h.driver.submitView(view.id, stopValues, { userId: MEMBER });
    expect(result.outcome).toEqual({ kind: 'closed' });
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .some((m) => messageText(m).includes('stopped experiment *Checkout button colour* (#3)')),
      { timeoutMs: 8000, message: 'no stop of experiment 3' },
    );
  });

  it('refuses the login form opened for another person: their token is not checked nor kept', async () => {
    const view = await openByCommand('login', MEMBER, 'exp_login_modal');
    const requests = h.sandbox.state.requests.length;
    const result = await h.driver.submitView(
      view.id,
      { exp_login_token: { exp_login_token_input: { type: 'plain_text_input', value: 'a-token' } } },
      { userId: ADMIN },
    );
    expect(result.outcome).toEqual({ kind: 'errors', errors: { exp_login_token: en.modals.forged } });
    await h.app.idle();
    expect(h.sandbox.state.requests.length).toBe(requests);
  });

  it('refuses the policy form one admin opened when another admin submits it: nothing changes', async () => {
    await h.driver.command({ text: 'policy', userId: ADMIN, channelId: CHANNEL });
    const shown = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => m.targetUserId === ADMIN && JSON.stringify(m.blocks).includes('exp_policy_edit')),
      { timeoutMs: 8000, message: 'no policy message for the admin' },
    );
    const view = await openView(ADMIN, 'exp_policy_modal', () =>
      h.driver.clickButton(shown, 'exp_policy_edit', { userId: ADMIN }),
    );
    const result = await h.driver.submitView(
      view.id,
      {
        exp_pm_who_expose: {
          exp_pm_who_input: { type: 'static_select', selected_option: { value: 'nobody' } },
        },
      },
      { userId: MEMBER },
    );
    expect(result.outcome).toEqual({ kind: 'errors', errors: { exp_pm_stop_reason: en.modals.forged } });
    await h.app.idle();
    expect(
      h.emulator.messages(CHANNEL).filter((m) => /changed who may do what/.test(messageText(m))),
    ).toEqual([]);
  });

  it('refuses a create or edit form submitted by another person, or with another experiment named', async () => {
    const creates = platformPosts('/experiments/v1');
    const form = await openByCommand('create', MEMBER, 'exp_experiment_modal');
    const byOther = await h.driver.submitView(form.id, {}, { userId: ADMIN });
    expect(byOther.outcome).toEqual({ kind: 'errors', errors: { exp_xm_name: en.modals.forged } });
    // Nor are its pickers served to them.
    const options = await h.driver.interaction({
      type: 'block_suggestion',
      user: { id: ADMIN, team_id: TEAM },
      team: { id: TEAM },
      action_id: 'exp_xm_team_select',
      block_id: 'exp_xm_team',
      value: '',
      view: { id: form.id, private_metadata: metadataOf(form) },
    });
    expect(options.json).toEqual({ options: [] });

    const edit = await openByCommand('edit 1', MEMBER, 'exp_experiment_modal');
    expect(metadataOf(edit)).toContain('"experimentId":1');
    setMetadata(edit, metadataOf(edit).replace('"experimentId":1', '"experimentId":2'));
    const altered = await h.driver.submitView(edit.id, {}, { userId: MEMBER });
    expect(altered.outcome).toEqual({ kind: 'errors', errors: { exp_xm_name: en.modals.forged } });
    await h.app.idle();
    expect(platformPosts('/experiments/v1')).toBe(creates);
    expect(
      h.sandbox.state.requests.filter((r) => r.method === 'PATCH' && /\/experiments\/v1\/[12]$/.test(r.url)),
    ).toHaveLength(0);
  });

  it('records every refusal in the audit trail as view-forged, with why', async () => {
    const trail = await auditTrail();
    expect(trail).toContain(`<@${ADMIN}> · *stop* · *refused* (rule: view-forged`);
    expect(trail).toContain('opened for someone else, or altered');
    expect(trail).toContain('metadata the app never wrote');
    expect(trail).toContain("a reply address that is not Slack's");
    expect(trail).toMatch(/\*login\* · \*refused\* \(rule: view-forged/);
    expect(trail).toMatch(/\*policy\* · \*refused\* \(rule: view-forged/);
    expect(trail).toMatch(/\*experiment-form\* · \*refused\* \(rule: view-forged/);
  });
});
