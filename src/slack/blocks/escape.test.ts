import { describe, expect, it } from 'vitest';
import {
  channelMention,
  code,
  escapeMrkdwn,
  formatUtc,
  isSlackUserId,
  md,
  mrkdwn,
  plain,
  type SafeText,
  safe,
  slackDate,
  truncate,
  truncateSafe,
  userMention,
} from './escape.js';

describe('escapeMrkdwn', () => {
  it('neutralises special mentions, user mentions and forged links', () => {
    expect(escapeMrkdwn('<!channel> hi')).toBe('&lt;!channel&gt; hi');
    expect(escapeMrkdwn('<@U123ABC>')).toBe('&lt;@U123ABC&gt;');
    expect(escapeMrkdwn('<https://evil|click>')).toBe('&lt;https://evil|click&gt;');
    expect(escapeMrkdwn('<!subteam^S1>')).toBe('&lt;!subteam^S1&gt;');
  });

  it('escapes & every time, so an entity typed by a user shows as typed', () => {
    expect(escapeMrkdwn('&amp;')).toBe('&amp;amp;');
    expect(escapeMrkdwn('a & b')).toBe('a &amp; b');
  });

  it('leaves everything else alone, including @here and formatting characters', () => {
    const text = '@here *bold* _it_ ~s~ `c` #general :tada: "q" \'a\' ü 😀';
    expect(escapeMrkdwn(text)).toBe(text);
  });
});

describe('truncate', () => {
  it('returns short text unchanged and cuts long text to exactly max with an ellipsis', () => {
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('abcd', 3)).toBe('ab…');
    expect(truncate('abcd', 3).length).toBe(3);
    expect(truncate('abcd', 1)).toBe('…');
    expect(truncate('abcd', 0)).toBe('');
    expect(truncate('', 0)).toBe('');
  });

  it('never splits a surrogate pair', () => {
    const text = `ab${'😀'.repeat(5)}`;
    for (let max = 1; max < text.length; max++) {
      const cut = truncate(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    }
  });

  it('never splits an escape entity', () => {
    const text = escapeMrkdwn('x'.repeat(5) + '&<>'.repeat(5));
    for (let max = 1; max < text.length; max++) {
      const cut = truncate(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      const body = cut.slice(0, -1);
      expect(body.replace(/&(amp|lt|gt);/g, '')).not.toContain('&');
    }
  });

  it('truncateSafe does not leave half a mention behind', () => {
    const text = md`Hello ${userMention('U0123456789')} there`;
    const cut = truncateSafe(text, 12);
    expect(cut).toBe('Hello …');
    expect(truncateSafe(text, 100)).toBe(text);
  });
});

describe('safe and code', () => {
  it('escape before truncating, so the limit counts what Slack receives', () => {
    expect(safe('<<<<', 10)).toBe('&lt;&lt;…');
    expect(code('`running` <b>')).toBe('``running` &lt;b&gt;`');
    expect(code('x'.repeat(300), 10)).toBe(`\`${'x'.repeat(9)}…\``);
  });
});

describe('md', () => {
  it('joins literal parts and safe values', () => {
    const user = userMention('U1');
    expect(md`${user} started experiment *${123}*`).toBe('<@U1> started experiment *123*');
  });
});

describe('userMention', () => {
  it('builds mentions from user ids only', () => {
    expect(userMention('U012AB3CD')).toBe('<@U012AB3CD>');
    expect(userMention('W012AB3CD')).toBe('<@W012AB3CD>');
    expect(isSlackUserId('U1')).toBe(true);
  });

  it('renders anything else as escaped code that cannot ping', () => {
    for (const bad of ['!channel', 'u123', 'U12 3', 'C123', '<!here>', 'U1>|x', '', 'U1\n']) {
      const shown = userMention(bad);
      expect(shown.startsWith('<@')).toBe(false);
      expect(shown).not.toMatch(/<[!@#]/);
    }
  });
});

describe('channelMention', () => {
  it('links a channel id and shows anything else as escaped code', () => {
    expect(channelMention('C0GENERAL')).toBe('<#C0GENERAL>');
    expect(channelMention('G0PRIVATE')).toBe('<#G0PRIVATE>');
    expect(channelMention('D0DIRECT1')).toBe('`D0DIRECT1`');
    expect(channelMention('C1> <!channel')).toBe('`C1&gt; &lt;!channel`');
  });
});

describe('dates', () => {
  it('uses Slack date tokens with a UTC fallback', () => {
    const date = new Date(Date.UTC(2025, 0, 31, 9, 5));
    expect(formatUtc(date)).toBe('2025-01-31 09:05 UTC');
    expect(slackDate(date)).toBe(
      `<!date^${date.getTime() / 1000}^{date_short_pretty} {time}|2025-01-31 09:05 UTC>`,
    );
    expect(slackDate(new Date(Number.NaN))).toBe('?');
  });
});

describe('text objects', () => {
  it('mrkdwn is verbatim by default and truncated to the text object limit', () => {
    const long = 'a'.repeat(5000) as SafeText;
    const obj = mrkdwn(long);
    expect(obj.verbatim).toBe(true);
    expect(obj.text.length).toBe(3000);
    expect(mrkdwn(md`x`, { verbatim: false, max: 10 })).toEqual({
      type: 'mrkdwn',
      text: 'x',
      verbatim: false,
    });
  });

  it('plain truncates without escaping (plain_text is never parsed)', () => {
    expect(plain('a < b', 24)).toEqual({ type: 'plain_text', text: 'a < b', emoji: true });
    expect(plain('x'.repeat(30), 24).text).toHaveLength(24);
  });
});
