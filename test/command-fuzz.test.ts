import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './support/harness.js';
import { seededRandom } from './support/seeded-random.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const words = [
  'start',
  'stop',
  'archive',
  'unarchive',
  'help',
  'dict',
  'connect',
  'token',
  '#12',
  '0',
  '-1',
  'bug',
  'other',
];
const junk = [
  '\u0000',
  '\u202e',
  '<!channel>',
  '&amp;',
  '１２',
  '9'.repeat(40),
  '💥',
  '"',
  "'",
  '\\',
  '\t',
  '\n',
  ' ',
  '%',
];

describe('command text fuzz over the real endpoint', () => {
  it('always acks 200 with a reply and never crashes the app', async () => {
    const random = seededRandom(20261122);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    for (let i = 0; i < 150; i++) {
      const parts = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
        random() < 0.5 ? pick(words) : pick(junk),
      );
      const text = parts.join(random() < 0.8 ? ' ' : '');
      const res = await h.driver.command({ text });
      expect(res.status, `text ${JSON.stringify(text)}`).toBe(200);
    }
    const health = await fetch(`${h.app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(h.logs.some((l) => l.includes('unhandled listener error'))).toBe(false);
  });
});
