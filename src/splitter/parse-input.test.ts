import { describe, expect, it } from 'vitest';
import { parseParticipant, parsePlatform } from './parse-input.js';

describe('parsePlatform', () => {
  it.each([
    ['1', 1, 'Desktop'],
    ['4', 4, 'iOS'],
    ['5', 5, 'Android'],
    ['6', 6, 'Mobile'],
    ['desktop', 1, 'Desktop'],
    ['IOS', 4, 'iOS'],
    ['Android', 5, 'Android'],
    [' mobile ', 6, 'Mobile'],
  ])('accepts %j as platform %i (%s) without a warning', (text, id, name) => {
    expect(parsePlatform(text)).toEqual({ ok: true, platform: { id }, name });
  });

  it.each([
    ['7', 7],
    ['2', 2],
    ['100', 100],
  ])('accepts %j with a warning that the behaviour is not shown', (text, id) => {
    const result = parsePlatform(text);
    expect(result).toMatchObject({ ok: true, platform: { id } });
    expect(result.ok && result.warning).toContain('behaviour for other ids is not shown by the platform');
    expect(result.ok && result.name).toBeUndefined();
  });

  it.each(['', '   ', '0', '-1', '1.5', 'windows', 'ios7', '1e3', '99999999999999999999'])(
    'refuses %j',
    (text) => {
      const result = parsePlatform(text);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error.length).toBeGreaterThan(0);
    },
  );
});

describe('parseParticipant', () => {
  it.each([
    ['user:42', { userId: 42 }],
    ['USER:42', { userId: 42 }],
    ['42', { userId: 42 }],
    [' user: 7 ', { userId: 7 }],
    ['visitor:abc-123', { visitorId: 'abc-123' }],
    ['visitor:42', { visitorId: '42' }],
    ['visitor:a:b', { visitorId: 'a:b' }],
    [`visitor:${'v'.repeat(256)}`, { visitorId: 'v'.repeat(256) }],
    // The interface sets no length for visitorId: none is invented here.
    [`visitor:${'v'.repeat(1000)}`, { visitorId: 'v'.repeat(1000) }],
  ])('accepts %j', (text, participant) => {
    expect(parseParticipant(text)).toEqual({ ok: true, participant });
  });

  it.each([
    '',
    '  ',
    'user:',
    'user:-3',
    'user:1.5',
    'user:0',
    'user:abc',
    'visitor:',
    'visitor:   ',
    'foo:1',
    '-3',
    '0',
    'alice',
  ])('refuses %j', (text) => {
    const result = parseParticipant(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.length).toBeGreaterThan(0);
  });

  it('shortens echoed input', () => {
    const result = parseParticipant(`foo:${'x'.repeat(500)}`);
    expect(!result.ok && result.error.length).toBeLessThan(200);
  });
});
