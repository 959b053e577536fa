import { describe, expect, it } from 'vitest';
import { renderPage } from './page.js';
import { CLIENT_SCRIPT } from './script.js';

describe('the page script', () => {
  it('is valid JavaScript', () => {
    expect(() => new Function(CLIENT_SCRIPT)).not.toThrow();
  });

  it('inserts HTML only where the server rendered it, and never evaluates text', () => {
    // The two places: the channel pane and the modal, both from state.html.
    expect(CLIENT_SCRIPT.match(/\.innerHTML\s*=/g)).toHaveLength(2);
    expect(CLIENT_SCRIPT).toContain('pane.innerHTML = html;');
    expect(CLIENT_SCRIPT).toContain('root.innerHTML = modal.html;');
    expect(CLIENT_SCRIPT).not.toMatch(/insertAdjacentHTML|outerHTML|document\.write|\beval\(|new Function/);
  });
});

describe('renderPage', () => {
  it('puts the nonce on its only script and style and names no outside resource', () => {
    const html = renderPage({
      nonce: 'abc123',
      defaults: { userId: 'U0MEMBER1', teamId: 'T0EMULATOR', channelId: 'C0GENERAL' },
    });
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<script nonce="abc123">');
    expect(html).toContain('<style nonce="abc123">');
    expect(html).not.toMatch(/<link|(src|href)="/);
    expect(html).toContain('data-default-team="T0EMULATOR"');
  });
});
