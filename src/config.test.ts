import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const key = randomBytes(32).toString('base64');

function expectConfigError(env: Record<string, string>, variable: string) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as Error).message).toContain(variable);
    return;
  }
  throw new Error(`expected a ConfigError naming ${variable}`);
}

describe('loadConfig', () => {
  it('starts on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.slack.mode).toBe('playground');
    expect(config.sandbox).toBe(true);
    expect(config.store.url).toBe('sqlite://./data/exp-chatops.sqlite');
    expect(config.splitter.trailingSlash).toBe(false);
    expect(config.tokenEncryptionKey).toBeUndefined();
  });

  it('overrides payload field names from EXPERIMENT_FIELD_MAP', () => {
    const config = loadConfig({ EXPERIMENT_FIELD_MAP: '{"team":"teamCode"}' });
    expect(config.experimentFields.team).toBe('teamCode');
    expect(loadConfig({}).experimentFields.team).toBe('teamId');
  });

  const http = { SLACK_SIGNING_SECRET: 's', SLACK_BOT_TOKEN: 'xoxb-1' };
  const socket = { SLACK_APP_TOKEN: 'xapp-1', SLACK_BOT_TOKEN: 'xoxb-1' };
  const oauth = {
    SLACK_CLIENT_ID: 'id',
    SLACK_CLIENT_SECRET: 'secret',
    SLACK_STATE_SECRET: 'state',
    SLACK_SIGNING_SECRET: 's',
  };

  it('derives the Slack mode from the credentials given', () => {
    expect(loadConfig({ ...http, TOKEN_ENCRYPTION_KEY: key }).slack.mode).toBe('http');
    expect(loadConfig({ ...socket, TOKEN_ENCRYPTION_KEY: key }).slack.mode).toBe('socket');
    expect(loadConfig({ ...oauth, TOKEN_ENCRYPTION_KEY: key }).slack.mode).toBe('oauth');
  });

  it.each([
    ['http', http],
    ['socket', socket],
    ['oauth', oauth],
  ])('with real Slack (%s) and no CONSOLE_BASE_URL, never falls back to the sandbox', (_mode, env) => {
    const config = loadConfig({ ...env, TOKEN_ENCRYPTION_KEY: key });
    expect(config.sandbox).toBe(false);
    expect(config.sandboxNotice).toBe(false);
    expect(config.console.baseUrl).toBeUndefined();
    // Workspaces store their own tokens there: the key that encrypts them is required.
    expectConfigError(env, 'TOKEN_ENCRYPTION_KEY');
  });

  it('reads ADMIN_USER_IDS as admins of one workspace each: the configured one, or the one named', () => {
    const config = loadConfig({
      ...http,
      TOKEN_ENCRYPTION_KEY: key,
      ADMIN_USER_IDS: ' U0AAA, T0BBB:W0CCC ,',
    });
    expect(config.slack.admins).toEqual([{ userId: 'U0AAA' }, { userId: 'W0CCC', teamId: 'T0BBB' }]);
    expect(config.slack.adminUserIds).toEqual(['U0AAA']);
    expectConfigError({ ...http, TOKEN_ENCRYPTION_KEY: key, ADMIN_USER_IDS: 'alice' }, 'ADMIN_USER_IDS');
    expectConfigError(
      { ...http, TOKEN_ENCRYPTION_KEY: key, ADMIN_USER_IDS: 'E0ORG:U0AAA' },
      'ADMIN_USER_IDS',
    );
    // Many workspaces: an entry must say which one it is an admin of.
    expect(
      loadConfig({ ...oauth, TOKEN_ENCRYPTION_KEY: key, ADMIN_USER_IDS: 'T0BBB:U0AAA' }).slack.admins,
    ).toEqual([{ userId: 'U0AAA', teamId: 'T0BBB' }]);
    expectConfigError({ ...oauth, TOKEN_ENCRYPTION_KEY: key, ADMIN_USER_IDS: 'U0AAA' }, 'ADMIN_USER_IDS');
  });

  it('connects real Slack to the embedded sandbox only with ALLOW_SANDBOX, and then says so', () => {
    const demo = loadConfig({ ...http, ALLOW_SANDBOX: 'true' });
    expect(demo.sandbox).toBe(true);
    expect(demo.sandboxNotice).toBe(true);
    const playground = loadConfig({});
    expect(playground.sandbox).toBe(true);
    expect(playground.sandboxNotice).toBe(false);
    expectConfigError(
      {
        ...http,
        ALLOW_SANDBOX: 'true',
        CONSOLE_BASE_URL: 'https://exp.example.com',
        TOKEN_ENCRYPTION_KEY: key,
      },
      'ALLOW_SANDBOX',
    );
    expectConfigError({ ...http, ALLOW_SANDBOX: 'perhaps' }, 'ALLOW_SANDBOX');
  });

  it('reads a platform connection and requires an encryption key outside sandbox mode', () => {
    const config = loadConfig({
      CONSOLE_BASE_URL: 'https://exp.example.com/',
      CONSOLE_API_TOKEN: 'tok',
      TOKEN_ENCRYPTION_KEY: key,
    });
    expect(config.sandbox).toBe(false);
    expect(config.console.baseUrl).toBe('https://exp.example.com');
    expect(config.tokenEncryptionKey?.length).toBe(32);
    expectConfigError({ CONSOLE_BASE_URL: 'https://exp.example.com' }, 'TOKEN_ENCRYPTION_KEY');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SLACK_BOT_TOKEN: 'not-a-bot-token', SLACK_SIGNING_SECRET: 's' }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_SIGNING_SECRET: 's' }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_BOT_TOKEN: 'xoxb-1' }, 'SLACK_SIGNING_SECRET'],
    [{ SLACK_APP_TOKEN: 'xapp-1' }, 'SLACK_BOT_TOKEN'],
    [{ SLACK_CLIENT_ID: 'id', SLACK_SIGNING_SECRET: 's' }, 'SLACK_CLIENT_SECRET'],
    [{ CONSOLE_BASE_URL: 'ftp://x' }, 'CONSOLE_BASE_URL'],
    [{ SLACK_API_URL: 'not a url' }, 'SLACK_API_URL'],
    [{ STORE_URL: 'mysql://x' }, 'STORE_URL'],
    [{ TOKEN_ENCRYPTION_KEY: 'c2hvcnQ=' }, 'TOKEN_ENCRYPTION_KEY'],
    [{ CONSOLE_API_TOKEN: 'tok' }, 'CONSOLE_API_TOKEN'],
    [{ SPLITTER_TOKEN: 'tok' }, 'SPLITTER_TOKEN'],
    [{ SPLITTER_TRAILING_SLASH: 'maybe' }, 'SPLITTER_TRAILING_SLASH'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ EXPERIMENT_FIELD_MAP: '{"teem":"teamCode"}' }, 'EXPERIMENT_FIELD_MAP'],
    [{ EXPERIMENT_FIELD_MAP: 'not json' }, 'EXPERIMENT_FIELD_MAP'],
  ])('refuses %o naming the variable', (env, variable) => {
    expectConfigError(env, variable);
  });

  it('never echoes a secret value in its error', () => {
    const secret = 'xoxb-super-secret-value';
    try {
      loadConfig({ SLACK_BOT_TOKEN: secret });
    } catch (error) {
      expect(String(error)).not.toContain(secret);
      return;
    }
    throw new Error('expected a ConfigError');
  });
});
