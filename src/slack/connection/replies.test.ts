import { describe, expect, it } from 'vitest';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { en } from '../messages/index.js';
import {
  adminOnlyMessage,
  connectedMessage,
  disconnectedMessage,
  expiryOf,
  notConnectedMessage,
  type TokenInfoInput,
  tokenInfoMessage,
} from './replies.js';

const messages = en;
const now = new Date(Date.UTC(2025, 5, 1, 12, 0));
const days = (n: number) => new Date(now.getTime() + n * 24 * 60 * 60 * 1000);
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.secret-token-value';

function info(overrides: Partial<TokenInfoInput> = {}) {
  const message = tokenInfoMessage({
    baseUrl: 'https://exp.example.com',
    expiresAt: days(30),
    scopes: ['read:experiment:read_experiments', 'edit:experiment:manage_experiment'],
    state: 'active',
    connectedBy: 'U1',
    connectedAt: days(-2),
    now,
    messages,
    ...overrides,
  });
  expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
  return { message, all: `${message.text}\n${JSON.stringify(message.blocks)}` };
}

describe('tokenInfoMessage', () => {
  it('shows base URL, expiry in days, scopes, state and who connected', () => {
    const { all } = info();
    expect(all).toContain('`https://exp.example.com`');
    expect(all).toContain('In 30 days (<!date^');
    expect(all).toContain('`read:experiment:read_experiments`, `edit:experiment:manage_experiment`');
    expect(all).toContain('Active');
    expect(all).toContain('<@U1>, <!date^');
    expect(all).not.toContain(':warning:');
  });

  it('never shows the token, whatever is passed along', () => {
    // A caller holding the stored connection may pass it whole: extra fields must not leak.
    const { all } = info({ token: TOKEN } as Partial<TokenInfoInput>);
    expect(all).not.toContain(TOKEN);
    expect(all.toLowerCase()).toContain('never shown');
  });

  it('warns under seven days, when expired and when the platform refused the token', () => {
    expect(info({ expiresAt: days(3) }).all).toContain('expires in 3 days');
    expect(info({ expiresAt: days(6.9) }).message.blocks[1]?.block_id).toBe('exp_token_warning');
    expect(info({ expiresAt: days(7.5) }).all).not.toContain(':warning:');
    expect(info({ expiresAt: days(0.2) }).all).toContain('less than a day');
    expect(info({ expiresAt: days(-1) }).all).toContain('has expired');
    expect(info({ state: 'invalid' }).all).toContain('refused this token');
  });

  it('copes with an unknown expiry, no scopes and the configured default connection', () => {
    const { all } = info({
      expiresAt: undefined,
      scopes: [],
      connectedBy: undefined,
      connectedAt: undefined,
    });
    expect(all).toContain('Unknown: the token does not say');
    expect(all).toContain('Not stated by the token');
    expect(all).toContain('The server configuration');
    expect(info({ expiresAt: new Date(Number.NaN) }).all).toContain('Unknown');
  });

  it('escapes a hostile base URL and scopes', () => {
    const { all } = info({ baseUrl: 'https://x|<!channel>', scopes: ['<!here>'] });
    expect(all).not.toContain('<!channel>');
    expect(all).not.toContain('<!here>');
  });
});

describe('expiryOf', () => {
  it('counts whole days left', () => {
    expect(expiryOf(days(1.5), now)).toEqual({ kind: 'valid', days: 1, soon: true });
    expect(expiryOf(now, now)).toEqual({ kind: 'expired' });
    expect(expiryOf(undefined, now)).toEqual({ kind: 'unknown' });
  });
});

describe('connection replies', () => {
  it('are short, in limits and mention by id', () => {
    const connected = connectedMessage({ userId: 'U7', baseUrl: 'https://a.example <x>', messages });
    expect(connected.text).toBe(
      '<@U7> connected this workspace to the experiment platform at `https://a.example &lt;x&gt;`.',
    );
    for (const message of [
      connected,
      disconnectedMessage({ userId: 'U7', messages }),
      adminOnlyMessage({ messages }),
      notConnectedMessage({ messages }),
    ]) {
      expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
    }
    expect(disconnectedMessage({ userId: 'U7', messages }).text).toContain('<@U7> disconnected');
  });
});
