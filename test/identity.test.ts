import { Keyv } from 'keyv';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import { addPublicChannel } from './support/channels.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Whose platform token acts, through the real entry points: a person's own token (`/exp login`), a
// channel's (a team's) connection, the workspace's; the platform sees which in the Authorization
// header of each call (the sandbox records the token's name claim, never the token).

const GENERAL = 'C0GENERAL';
const GROWTH = 'C0GROWTH1';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ tokenOptions: { name: 'workspace token' } });
  addPublicChannel(h.emulator, { id: GROWTH, name: 'growth', members: [ADMIN, MEMBER] });
});
afterAll(async () => {
  await h?.close();
});

const slack = emulatorQueries(() => h.emulator, { channel: GENERAL });
const { until } = slack;
const replyTo = (user: string, channel: string, pattern: RegExp) => slack.replyTo(user, pattern, channel);

/** Which token's name the platform saw on the last call to an experiment's action. */
const actedAs = (id: number, action: string) =>
  h.sandbox.state.requests
    .filter((r) => r.method === 'POST' && r.url.endsWith(`/experiments/v1/${id}/${action}`))
    .at(-1)?.tokenName;

async function openView(
  text: string,
  userId: string,
  channelId: string,
  callbackId: string,
): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  await h.driver.command({ text, userId, channelId });
  return until(() => {
    const view = [...h.emulator.views.values()].find((v) => !before.has(v.id) && v.userId === userId);
    return view && view.view.callback_id === callbackId ? view : undefined;
  }, `${text} did not open ${callbackId}`);
}

/** The connect modal's fields: which connection, the platform (the sandbox), the token. */
const connectValues = (scope: 'workspace' | 'channel', token: string) => ({
  exp_connect_scope: {
    exp_connect_scope_input: { type: 'radio_buttons', selected_option: { value: scope } },
  },
  exp_connect_base_url: {
    exp_connect_base_url_input: { type: 'plain_text_input', value: h.sandbox.url },
  },
  exp_connect_token: { exp_connect_token_input: { type: 'plain_text_input', value: token } },
});

const tokenValues = (value: string) => ({
  exp_login_token: { exp_login_token_input: { type: 'plain_text_input', value } },
});

describe('identity', () => {
  it('acts with the workspace connection until a person logs in, then with their own token', async () => {
    await h.driver.command({ text: 'whoami', userId: MEMBER, channelId: GENERAL });
    const before = await replyTo(MEMBER, GENERAL, /Your actions in <#C0GENERAL> use/);
    expect(messageText(before)).toContain('*the token this app was started with*');

    await h.driver.command({ text: 'start 4', userId: MEMBER, channelId: GENERAL });
    await until(() => actedAs(4, 'start'), 'start 4 did not reach the platform');
    expect(actedAs(4, 'start')).toBe('workspace token');

    const view = await openView('login', MEMBER, GENERAL, 'exp_login_modal');
    expect(messageText({ blocks: view.view.blocks as unknown[] })).toContain(h.sandbox.url);
    const refused = await h.driver.submitView(view.id, tokenValues('not-a-token'), { userId: MEMBER });
    expect(refused.outcome).toMatchObject({ kind: 'errors' });
    expect(JSON.stringify(refused.outcome)).toContain('The platform refused this token');

    const own = await h.sandbox.issueToken({ name: 'bob personal' });
    const accepted = await h.driver.submitView(view.id, tokenValues(own), { userId: MEMBER });
    expect(accepted.outcome).toMatchObject({ kind: 'closed' });
    await replyTo(MEMBER, GENERAL, /You're logged in: your actions now use your own platform token/);

    await h.driver.command({ text: 'stop 1 bug', userId: MEMBER, channelId: GENERAL });
    await until(() => actedAs(1, 'stop'), 'stop 1 did not reach the platform');
    expect(actedAs(1, 'stop')).toBe('bob personal');

    // Someone else still acts as the workspace.
    await h.driver.command({ text: 'stop 2 bug', userId: ADMIN, channelId: GENERAL });
    await until(() => actedAs(2, 'stop'), 'stop 2 did not reach the platform');
    expect(actedAs(2, 'stop')).toBe('workspace token');

    await h.driver.command({ text: 'whoami', userId: MEMBER, channelId: GENERAL });
    const after = messageText(await replyTo(MEMBER, GENERAL, /Your actions in <#C0GENERAL> use/));
    expect(after).toContain('*your own platform token*');
    expect(after).toContain('/exp logout');
    expect(after).not.toContain(own);

    // The audit trail names the identity, never the token.
    await h.app.idle();
    await h.driver.command({ text: `audit 1 --user <@${MEMBER}>`, userId: ADMIN, channelId: GENERAL });
    const trail = messageText(await replyTo(ADMIN, GENERAL, /Audit trail/));
    expect(trail).toContain('*stop* #1');
    expect(trail).toContain('as their own token');
    expect(trail).not.toContain(own);
  });

  it("a refused personal token affects that person only, and never falls back to the team's", async () => {
    const own = await h.sandbox.issueToken({ name: 'bob second' });
    const view = await openView('login', MEMBER, GENERAL, 'exp_login_modal');
    await h.driver.submitView(view.id, tokenValues(own), { userId: MEMBER });
    await replyTo(MEMBER, GENERAL, /You're logged in/);
    h.sandbox.revokeToken(own);

    const calls = () =>
      h.sandbox.state.requests.filter((r) => r.url.endsWith('/experiments/v1/3/stop')).length;
    await h.driver.command({ text: 'stop 3 bug', userId: MEMBER, channelId: GENERAL });
    await replyTo(MEMBER, GENERAL, /The platform refused your own token \(403\)/);
    expect(calls()).toBe(1);
    // Asked again: refused without a call, and still not under the workspace's token.
    await h.driver.command({ text: 'stop 3 bug', userId: MEMBER, channelId: GENERAL });
    await replyTo(MEMBER, GENERAL, /The platform refused your own token/);
    await h.app.idle();
    expect(calls()).toBe(1);

    await h.driver.command({ text: 'stop 3 bug', userId: ADMIN, channelId: GENERAL });
    await until(() => calls() === 2, 'the admin could not stop 3');
    expect(actedAs(3, 'stop')).toBe('workspace token');

    await h.driver.command({ text: 'whoami', userId: MEMBER, channelId: GENERAL });
    expect(messageText(await replyTo(MEMBER, GENERAL, /Your actions/))).toContain('refused by the platform');

    await h.driver.command({ text: 'logout', userId: MEMBER, channelId: GENERAL });
    await replyTo(MEMBER, GENERAL, /Your platform token is deleted/);
    await h.driver.command({ text: 'logout', userId: MEMBER, channelId: GENERAL });
    await replyTo(MEMBER, GENERAL, /nothing to delete/);
    await h.driver.command({ text: 'whoami', userId: MEMBER, channelId: GENERAL });
    expect(messageText(await replyTo(MEMBER, GENERAL, /Your actions/))).toContain(
      '*the token this app was started with*',
    );
  });

  it('the policy can require a personal token: nothing is sent without one', async () => {
    await h.driver.command({ text: 'policy personal archive on', userId: ADMIN, channelId: GENERAL });
    await until(
      () =>
        h.emulator
          .messages(GENERAL)
          .find((m) => /\*archive\* now needs the person's own platform token/.test(messageText(m))),
      'the policy change was not announced',
    );
    const archives = () =>
      h.sandbox.state.requests.filter((r) => r.url.endsWith('/experiments/v1/5/archive')).length;
    await h.driver.command({ text: 'archive 5', userId: MEMBER, channelId: GENERAL });
    await replyTo(MEMBER, GENERAL, /\*archive\* needs your own platform token here .* nothing was sent/);
    await h.app.idle();
    expect(archives()).toBe(0);
    await h.driver.command({ text: 'whoami', userId: MEMBER, channelId: GENERAL });
    expect(messageText(await replyTo(MEMBER, GENERAL, /Your actions/))).toContain(
      'needs your own token for *archive*',
    );

    const view = await openView('login', MEMBER, GENERAL, 'exp_login_modal');
    await h.driver.submitView(view.id, tokenValues(await h.sandbox.issueToken({ name: 'bob third' })), {
      userId: MEMBER,
    });
    await replyTo(MEMBER, GENERAL, /You're logged in/);
    await h.driver.command({ text: 'archive 5', userId: MEMBER, channelId: GENERAL });
    await until(() => archives() === 1, 'archive 5 did not reach the platform');
    expect(actedAs(5, 'archive')).toBe('bob third');
    await h.driver.command({ text: 'logout', userId: MEMBER, channelId: GENERAL });
    await replyTo(MEMBER, GENERAL, /Your platform token is deleted/);
    await h.driver.command({ text: 'policy personal archive off', userId: ADMIN, channelId: GENERAL });
  });

  it("a channel's own connection is used from that channel only, shown and removed there", async () => {
    const before = new Set(h.emulator.views.keys());
    await h.driver.command({ text: 'connect', userId: ADMIN, channelId: GROWTH });
    const view = await until(() => {
      const v = [...h.emulator.views.values()].find((x) => !before.has(x.id) && x.userId === ADMIN);
      return v && v.view.callback_id === 'exp_connect_modal' ? v : undefined;
    }, 'connect modal did not settle');
    expect(JSON.stringify(view.view.blocks)).toContain('This channel only');
    const teamToken = await h.sandbox.issueToken({ name: 'growth team' });
    const submitted = await h.driver.submitView(view.id, connectValues('channel', teamToken), {
      userId: ADMIN,
    });
    expect(submitted.outcome).toMatchObject({ kind: 'closed' });
    await replyTo(ADMIN, GROWTH, /This is <#C0GROWTH1>'s own connection/);

    await h.driver.command({ text: 'start 7', userId: MEMBER, channelId: GROWTH });
    await until(() => actedAs(7, 'start'), 'start 7 did not reach the platform');
    expect(actedAs(7, 'start')).toBe('growth team');
    await h.driver.command({ text: 'start 123', userId: MEMBER, channelId: GENERAL });
    await until(() => actedAs(123, 'start'), 'start 123 did not reach the platform');
    expect(actedAs(123, 'start')).toBe('workspace token');

    await h.driver.command({ text: 'whoami', userId: MEMBER, channelId: GROWTH });
    expect(messageText(await replyTo(MEMBER, GROWTH, /Your actions/))).toContain(
      "*<#C0GROWTH1>'s own connection*",
    );
    // What is read in the channel (dictionaries, the create form's pickers) comes through its
    // connection too: it may reach another platform, and is cached apart.
    await h.driver.command({ text: 'dict layers', userId: MEMBER, channelId: GROWTH });
    await until(
      () =>
        h.sandbox.state.requests.some(
          (r) => r.url.includes('/dictionaries/layers') && r.tokenName === 'growth team',
        ),
      '/exp dict in #growth did not read through the channel connection',
    );
    await h.driver.command({ text: 'create', userId: MEMBER, channelId: GROWTH });
    await until(
      () =>
        h.sandbox.state.requests.some(
          (r) => r.url.includes('/dictionaries/types') && r.tokenName === 'growth team',
        ),
      'the create form in #growth did not load its pickers through the channel connection',
    );
    await h.driver.command({ text: 'show 6', userId: MEMBER, channelId: GROWTH });
    await until(
      () =>
        h.sandbox.state.requests.some(
          (r) => r.method === 'GET' && r.url.endsWith('/experiments/v1/6') && r.tokenName === 'growth team',
        ),
      '/exp show in #growth did not read through the channel connection',
    );
    await h.driver.command({ text: 'token', userId: ADMIN, channelId: GROWTH });
    await replyTo(ADMIN, GROWTH, /This is <#C0GROWTH1>'s own connection/);
    await h.driver.command({ text: 'token', userId: ADMIN, channelId: GENERAL });
    await replyTo(ADMIN, GENERAL, /This is the token this app was started with/);

    await h.driver.command({ text: 'disconnect', userId: ADMIN, channelId: GROWTH });
    await replyTo(ADMIN, GROWTH, /This is <#C0GROWTH1>'s own connection/);
    await h.driver.command({ text: 'whoami', userId: MEMBER, channelId: GROWTH });
    expect(messageText(await replyTo(MEMBER, GROWTH, /Your actions/))).toContain(
      '*the token this app was started with*',
    );
  });

  it("reads a card's dictionary names through the connection the action used, unless it was a person's own", async () => {
    const template = h.sandbox.state.experiments.get(4);
    if (!template) throw new Error('the sandbox has no experiment 4');
    // Every look-up of a platform connection is one getMany on the vault's namespace.
    const lookups: string[] = [];
    const original = Keyv.prototype.getMany;
    const spy = vi.spyOn(Keyv.prototype, 'getMany').mockImplementation(function (this: Keyv, keys: string[]) {
      if (this.namespace === 'connections') lookups.push(keys.join(','));
      return original.call(this, keys);
    } as Keyv['getMany']);
    try {
      const startAs = async (id: number, userId: string) => {
        h.sandbox.state.experiments.set(id, { ...template, id, status: 'draft', name: `Reads ${id}` });
        lookups.length = 0;
        await h.driver.command({ text: `start ${id}`, userId, channelId: GENERAL });
        await until(() => actedAs(id, 'start'), `start ${id} did not reach the platform`);
        await h.app.idle();
        return lookups.length;
      };
      // The workspace's connection acted: the card is named through it, no second look-up.
      expect(await startAs(9101, ADMIN)).toBe(1);
      const view = await openView('login', ADMIN, GENERAL, 'exp_login_modal');
      const own = await h.sandbox.issueToken({ name: 'admin personal' });
      await h.driver.submitView(view.id, tokenValues(own), { userId: ADMIN });
      await replyTo(ADMIN, GENERAL, /You're logged in/);
      // ADMIN's own token acted: the channel is shown names read through the team's connection.
      expect(await startAs(9102, ADMIN)).toBe(2);
      expect(actedAs(9102, 'start')).toBe('admin personal');
      await h.driver.command({ text: 'logout', userId: ADMIN, channelId: GENERAL });
    } finally {
      spy.mockRestore();
    }
  });

  it("keeps the workspace's cached dictionaries when a person logs in, and drops them when the workspace connects anew", async () => {
    const teamReads = () =>
      h.sandbox.state.requests.filter((r) => r.url.includes('/dictionaries/teams')).length;
    const listTeams = async () => {
      await h.driver.command({ text: 'dict teams', userId: MEMBER, channelId: GENERAL });
      await h.app.idle();
    };
    await listTeams();
    const read = teamReads();
    expect(read).toBeGreaterThan(0);
    await listTeams();
    expect(teamReads()).toBe(read);

    // A person's own token reads what the workspace's reads: the cache stays.
    const login = await openView('login', MEMBER, GENERAL, 'exp_login_modal');
    const own = await h.sandbox.issueToken({ name: 'member again' });
    expect((await h.driver.submitView(login.id, tokenValues(own), { userId: MEMBER })).outcome).toMatchObject(
      {
        kind: 'closed',
      },
    );
    await listTeams();
    expect(teamReads()).toBe(read);

    // A new workspace connection may reach another platform: what was cached is read again.
    const connect = await openView('connect', ADMIN, GENERAL, 'exp_connect_modal');
    const renewed = await h.sandbox.issueToken({ name: 'workspace token, renewed' });
    const submitted = await h.driver.submitView(connect.id, connectValues('workspace', renewed), {
      userId: ADMIN,
    });
    expect(submitted.outcome).toMatchObject({ kind: 'closed' });
    await listTeams();
    expect(teamReads()).toBe(read + 1);
    await h.driver.command({ text: 'logout', userId: MEMBER, channelId: GENERAL });
  });
});
