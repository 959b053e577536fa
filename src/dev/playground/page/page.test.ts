import { describe, expect, it } from 'vitest';
import { CLIENT_SCRIPT_PATH } from './client-script.js';
import { renderPage } from './page.js';

describe('renderPage', () => {
  it('puts the nonce on its only script and style and names no outside resource', () => {
    const html = renderPage({
      nonce: 'abc123',
      defaults: { userId: 'U0MEMBER1', teamId: 'T0EMULATOR', channelId: 'C0GENERAL' },
      maxMessageChars: 4000,
      unfurlDomains: [],
    });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(`<script nonce="abc123" src="${CLIENT_SCRIPT_PATH}"></script>`);
    expect(html).toContain('<style nonce="abc123">');
    expect(html).not.toMatch(/<link|href="/);
    // The one resource it loads is the playground's own script, by an absolute path on the same origin.
    expect([...html.matchAll(/src="([^"]*)"/g)].map((m) => m[1])).toEqual([CLIENT_SCRIPT_PATH]);
    expect(CLIENT_SCRIPT_PATH).toMatch(/^\/[a-z-]+\.js$/);
    expect(html).toContain('data-default-team="T0EMULATOR"');
    expect(html).toContain('data-max-message-chars="4000"');
    expect(html).toContain('Links are posted only: no unfurl domain is configured.');
  });

  it('names the unfurl domains under the composer, escaped', () => {
    const html = renderPage({
      nonce: 'n',
      defaults: { userId: 'U0MEMBER1', teamId: 'T0EMULATOR', channelId: 'C0GENERAL' },
      maxMessageChars: 4000,
      unfurlDomains: ['console.example.com', '<b>x'],
    });
    expect(html).toContain('Links on console.example.com, &lt;b&gt;x reach the app, which may unfurl them.');
  });
});
