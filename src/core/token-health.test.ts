import { describe, expect, it } from 'vitest';
import { dueReminder } from './token-health.js';

const NOW = new Date('2026-11-24T12:00:00Z');
const inHours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);

describe('dueReminder', () => {
  it.each([
    ['no expiry', { state: 'active', expiresAt: undefined }, undefined],
    ['30 days left', { state: 'active', expiresAt: inHours(30 * 24) }, undefined],
    ['exactly 7 days', { state: 'active', expiresAt: inHours(7 * 24) }, { kind: '7d', days: 7 }],
    ['3 days', { state: 'active', expiresAt: inHours(3 * 24 + 1) }, { kind: '7d', days: 3 }],
    ['25 hours', { state: 'active', expiresAt: inHours(25) }, { kind: '7d', days: 1 }],
    ['a day', { state: 'active', expiresAt: inHours(24) }, { kind: '1d', days: 1 }],
    ['5 hours', { state: 'active', expiresAt: inHours(5) }, { kind: '1d', days: 0 }],
    ['expired', { state: 'active', expiresAt: inHours(-1) }, { kind: 'expired' }],
    ['refused', { state: 'invalid', expiresAt: inHours(100) }, { kind: 'invalid' }],
    ['unreadable (told elsewhere)', { state: 'unreadable', expiresAt: inHours(5) }, undefined],
  ] as const)('%s', (_label, connection, expected) => {
    expect(dueReminder(connection, NOW)).toEqual(expected);
  });
});
