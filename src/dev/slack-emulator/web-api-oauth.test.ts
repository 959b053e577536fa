import { LogLevel, WebClient } from '@slack/web-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

let emu: SlackEmulator;
let noToken: WebClient;
const REDIRECT = 'https://example.com/slack/oauth_redirect';

beforeAll(async () => {
  emu = await startSlackEmulator({ clientId: '123.456', clientSecret: 's3cret' });
  noToken = new WebClient(undefined, {
    slackApiUrl: emu.apiUrl,
    logLevel: LogLevel.ERROR,
    retryConfig: { retries: 0 },
  });
});
afterEach(() => emu.reset());
afterAll(() => emu.close());

/** oauth.v2.access as a raw form post; the answer is kept whatever `ok` says. */
async function exchange(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(`${emu.apiUrl}oauth.v2.access`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const basic = (id: string, secret: string) => ({
  authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
});

describe('oauth.v2.access', () => {
  it('exchanges a code (form credentials) for the documented bot-token response', async () => {
    const code = emu.mintOAuthCode({ teamId: 'T0SECOND0', userId: 'U0INSTALL', redirectUri: REDIRECT });
    const res = await noToken.oauth.v2.access({
      client_id: '123.456',
      client_secret: 's3cret',
      code,
      redirect_uri: REDIRECT,
    });
    const team = emu.team('T0SECOND0');
    expect(team?.botToken).toMatch(/^xoxb-/);
    expect(res).toMatchObject({
      ok: true,
      access_token: team?.botToken,
      token_type: 'bot',
      scope: 'commands,chat:write,chat:write.public,users:read',
      bot_user_id: team?.botUserId,
      app_id: EMULATOR_DEFAULTS.appId,
      team: { id: 'T0SECOND0', name: 'Workspace T0SECOND0' },
      enterprise: null,
      authed_user: { id: 'U0INSTALL' },
      is_enterprise_install: false,
    });
    expect(team?.botToken).not.toBe(emu.identity.botToken);
  });

  it('makes the minted token valid for the other methods, as its own workspace', async () => {
    const code = emu.mintOAuthCode({ teamId: 'T0THIRD00', userId: 'U0INSTALL' });
    const res = await exchange({ code }, basic('123.456', 's3cret'));
    expect(res.ok).toBe(true);
    const client = new WebClient(String(res.access_token), {
      slackApiUrl: emu.apiUrl,
      logLevel: LogLevel.ERROR,
    });
    const auth = await client.auth.test();
    expect(auth).toMatchObject({ ok: true, team_id: 'T0THIRD00', user_id: res.bot_user_id });
    const primary = new WebClient(emu.identity.botToken, {
      slackApiUrl: emu.apiUrl,
      logLevel: LogLevel.ERROR,
    });
    expect((await primary.auth.test()).team_id).toBe(emu.identity.teamId);
    expect(emu.calls.filter((c) => c.method === 'auth.test').map((c) => c.token)).toEqual([
      res.access_token,
      emu.identity.botToken,
    ]);
  });

  it('keeps the bot token of a workspace across reinstalls, and each workspace has its own', async () => {
    const first = await exchange(
      { code: emu.mintOAuthCode({ teamId: 'T0AAA0000', userId: 'U1' }) },
      basic('123.456', 's3cret'),
    );
    const again = await exchange(
      { code: emu.mintOAuthCode({ teamId: 'T0AAA0000', userId: 'U2' }) },
      basic('123.456', 's3cret'),
    );
    const other = await exchange(
      { code: emu.mintOAuthCode({ teamId: 'T0BBB0000', userId: 'U1' }) },
      basic('123.456', 's3cret'),
    );
    expect(again.access_token).toBe(first.access_token);
    expect(other.access_token).not.toBe(first.access_token);
  });

  it('refuses a wrong client id or secret, by form fields and by Basic auth', async () => {
    const code = emu.mintOAuthCode({ teamId: 'T0SECOND0', userId: 'U1' });
    expect(await exchange({ code, client_id: 'nope', client_secret: 's3cret' })).toEqual({
      ok: false,
      error: 'invalid_client_id',
    });
    expect((await exchange({ code, client_id: '123.456', client_secret: 'wrong' })).error).toBe(
      'bad_client_secret',
    );
    expect((await exchange({ code, client_id: '123.456' })).error).toBe('bad_client_secret');
    expect((await exchange({ code }, basic('123.456', 'wrong'))).error).toBe('bad_client_secret');
    // None of these spent the code.
    expect((await exchange({ code }, basic('123.456', 's3cret'))).ok).toBe(true);
  });

  it('refuses an unknown, a used and a missing code with invalid_code', async () => {
    const creds = { client_id: '123.456', client_secret: 's3cret' };
    expect((await exchange({ ...creds, code: 'made.up' })).error).toBe('invalid_code');
    expect((await exchange(creds)).error).toBe('invalid_code');
    const code = emu.mintOAuthCode({ teamId: 'T0SECOND0', userId: 'U1' });
    expect((await exchange({ ...creds, code })).ok).toBe(true);
    expect((await exchange({ ...creds, code })).error).toBe('invalid_code');
  });

  it('answers bad_redirect_uri when the exchange does not repeat the authorize step redirect_uri', async () => {
    const creds = { client_id: '123.456', client_secret: 's3cret' };
    const code = emu.mintOAuthCode({ teamId: 'T0SECOND0', userId: 'U1', redirectUri: REDIRECT });
    expect((await exchange({ ...creds, code, redirect_uri: 'https://evil.example/cb' })).error).toBe(
      'bad_redirect_uri',
    );
    expect((await exchange({ ...creds, code })).error).toBe('bad_redirect_uri');
    expect((await exchange({ ...creds, code, redirect_uri: REDIRECT })).ok).toBe(true);
  });

  it('forgets added workspaces on reset: their tokens stop working', async () => {
    const team = emu.addTeam({ id: 'T0GONE000', name: 'Gone' });
    const client = new WebClient(team.botToken, {
      slackApiUrl: emu.apiUrl,
      logLevel: LogLevel.ERROR,
      retryConfig: { retries: 0 },
    });
    expect((await client.auth.test()).team).toBe('Gone');
    emu.reset();
    await expect(client.auth.test()).rejects.toMatchObject({ data: { error: 'invalid_auth' } });
  });
});

describe('oauth code lifetime', () => {
  it('expires a code after oauthCodeTtlMs', async () => {
    const quick = await startSlackEmulator({ oauthCodeTtlMs: 30 });
    try {
      const code = quick.mintOAuthCode({ teamId: 'T0SECOND0', userId: 'U1' });
      await new Promise((resolve) => setTimeout(resolve, 60));
      const res = await fetch(`${quick.apiUrl}oauth.v2.access`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code,
          client_id: quick.oauthClient.clientId,
          client_secret: quick.oauthClient.clientSecret,
        }).toString(),
      });
      expect(await res.json()).toEqual({ ok: false, error: 'invalid_code' });
    } finally {
      await quick.close();
    }
  });
});
