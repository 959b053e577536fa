import { readWhen } from '../../core/schedule/when.js';

/**
 * The time phrase at the start of `words` (the words after an experiment id) and the words after
 * it; undefined when they do not start with one. Only where the phrase ends is read here, which
 * depends on neither the clock nor the zone: the handler reads the time itself in the person's zone.
 */
export function splitWhen(words: readonly string[]): { when: string[]; rest: readonly string[] } | undefined {
  let read: ReturnType<typeof readWhen>;
  try {
    read = readWhen(words, { now: new Date(0), timeZone: 'UTC' });
  } catch {
    // The parser is total: a word the reader trips on (`__proto__`) is no time phrase.
    return undefined;
  }
  if (read.kind === 'none') return undefined;
  return { when: words.slice(0, words.length - read.rest.length), rest: read.rest };
}
