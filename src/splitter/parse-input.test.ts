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
    expect(parsePlatform(text)).toEqual({
      ok: true,
      platform: { id },
      warning: { kind: 'unknown-platform-id', id },
    });
  });

  it.each(['', '   '])('refuses %j as no platform', (text) => {
    expect(parsePlatform(text)).toEqual({ ok: false, problem: { kind: 'no-platform' } });
  });

  it.each([
    ['0', '0'],
    ['-1', '-1'],
    ['1.5', '1.5'],
    ['windows', 'windows'],
    [' ios7 ', 'ios7'],
    ['1e3', '1e3'],
    ['99999999999999999999', '99999999999999999999'],
  ])('refuses %j as not a platform, keeping what was typed', (text, input) => {
    expect(parsePlatform(text)).toEqual({ ok: false, problem: { kind: 'not-a-platform', input } });
  });
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
    ['', { kind: 'no-participant' }],
    ['  ', { kind: 'no-participant' }],
    ['user:', { kind: 'not-a-user-id', input: '' }],
    ['user:-3', { kind: 'not-a-user-id', input: '-3' }],
    ['user:1.5', { kind: 'not-a-user-id', input: '1.5' }],
    ['user:0', { kind: 'not-a-user-id', input: '0' }],
    ['User: abc ', { kind: 'not-a-user-id', input: 'abc' }],
    ['visitor:', { kind: 'empty-visitor-id' }],
    ['visitor:   ', { kind: 'empty-visitor-id' }],
    ['foo:1', { kind: 'not-a-participant', input: 'foo:1' }],
    ['-3', { kind: 'not-a-participant', input: '-3' }],
    ['0', { kind: 'not-a-participant', input: '0' }],
    [' alice ', { kind: 'not-a-participant', input: 'alice' }],
  ])('refuses %j', (text, problem) => {
    expect(parseParticipant(text)).toEqual({ ok: false, problem });
  });

  it('keeps long input whole: shortening it for chat is left to the renderer', () => {
    const input = `foo:${'x'.repeat(500)}`;
    expect(parseParticipant(input)).toEqual({ ok: false, problem: { kind: 'not-a-participant', input } });
  });
});
