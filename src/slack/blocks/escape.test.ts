import { describe, expect, it } from 'vitest';
import { renderMrkdwn } from '../../dev/playground/render/mrkdwn.js';
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

  it('leaves ordinary text alone: @here, emoji, quotes, accents, Cyrillic, snake_case ids', () => {
    const text = '@here #general :tada: "q" \'a\' ü 😀 Эксперимент_первый checkout_v2_test a*b~c';
    expect(escapeMrkdwn(text)).toBe(text.replace('Эксперимент_', `Эксперимент${literal('_')}`));
    expect(escapeMrkdwn('Проверка кнопки')).toBe('Проверка кнопки');
  });
});

/** How a marker is shown literally: a date token Slack cannot read, whose fallback is the marker. */
const literal = (marker: string) => `<!date^00000000^{_}|${marker}>`;
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('escapeMrkdwn neutralises formatting and direction', () => {
  it('removes every bidirectional control character', () => {
    for (const c of [...BIDI, '\u200e', '\u200f', '\u061c']) {
      expect(escapeMrkdwn(`abc${c}def`)).toBe('abcdef');
    }
    expect(escapeMrkdwn('\u202egnp.exe')).toBe('gnp.exe');
  });

  it('shows each formatting marker literally instead of letting it format', () => {
    expect(escapeMrkdwn('*bold*')).toBe(`${literal('*')}bold${literal('*')}`);
    expect(escapeMrkdwn('_it_')).toBe(`${literal('_')}it${literal('_')}`);
    expect(escapeMrkdwn('~gone~')).toBe(`${literal('~')}gone${literal('~')}`);
    expect(escapeMrkdwn('`code`')).toBe(`${literal('`')}code${literal('`')}`);
    expect(escapeMrkdwn('```block```')).toBe(`${literal('`').repeat(3)}block${literal('`').repeat(3)}`);
    expect(escapeMrkdwn('a `b` c')).toBe(`a ${literal('`')}b${literal('`')} c`);
  });

  it('leaves a marker between two ASCII letters or digits, where it cannot format', () => {
    expect(escapeMrkdwn('exp_2024_q1')).toBe('exp_2024_q1');
    expect(escapeMrkdwn('a*b*c')).toBe('a*b*c');
    expect(escapeMrkdwn('x_ y')).toBe(`x${literal('_')} y`);
  });

  it('keeps a quote marker off the start of every line', () => {
    expect(escapeMrkdwn('> quoted')).toBe('\u00ad&gt; quoted');
    expect(escapeMrkdwn('ok\n>>> all of it\n  > indented')).toBe(
      'ok\n\u00ad&gt;&gt;&gt; all of it\n\u00ad  &gt; indented',
    );
    expect(escapeMrkdwn('a > b')).toBe('a &gt; b');
  });

  it('never lets mentions or links through, whatever surrounds them', () => {
    expect(escapeMrkdwn('*<!channel>*')).toBe(`${literal('*')}&lt;!channel&gt;${literal('*')}`);
    expect(escapeMrkdwn('<@U123>\u202e')).toBe('&lt;@U123&gt;');
    expect(escapeMrkdwn('<!here|_x_>')).not.toMatch(/<!here|<@|<#/);
  });

  it('renders without any formatting, quote or reversed text in the playground renderer', () => {
    const hostile = '*bold* _it_ ~s~ `c` ```pre``` \u202eevil <!channel> <@U123>';
    const html = renderMrkdwn(escapeMrkdwn(hostile), { user: () => undefined, channel: () => undefined });
    expect(html).not.toMatch(/<(b|i|s|code|pre|blockquote)[ >]|bk-mention|\u202e/);
    expect(html).toContain('*bold* _it_ ~s~ `c` ```pre``` evil &lt;!channel&gt; &lt;@U123&gt;');
  });
});

describe('limits after escaping', () => {
  it('safe never cuts a marker token or an entity, and stays within the limit', () => {
    const text = '*_~`<&>'.repeat(40);
    for (let max = 1; max < 400; max += 7) {
      const cut = safe(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      const body = cut.endsWith('…') ? cut.slice(0, -1) : cut;
      expect(body.replace(/<!date\^00000000\^\{_\}\|[*_~`]>/g, '')).not.toMatch(/[<>*_~`]/);
      expect(body.replace(/&(amp|lt|gt);/g, '')).not.toContain('&');
    }
  });

  it('a field at its limit still fits once markers are shown literally', () => {
    const name = `_${'x'.repeat(498)}_`;
    const shown = safe(name, 200);
    expect(shown.length).toBeLessThanOrEqual(200);
    expect(shown.startsWith(literal('_'))).toBe(true);
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
    expect(code('running_v2 <b>')).toBe('`running_v2 &lt;b&gt;`');
    expect(code('_id_\u202e')).toBe('`_id_`');
    // A backtick would end the span early, so such text is escaped prose instead.
    expect(code('`running` <b>')).toBe(`${literal('`')}running${literal('`')} &lt;b&gt;`);
    expect(code('a\n> b')).toBe('a\n\u00ad&gt; b');
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

  it('plain truncates without escaping (plain_text is never parsed), bidi controls removed', () => {
    expect(plain('a < b', 24)).toEqual({ type: 'plain_text', text: 'a < b', emoji: true });
    expect(plain('*x*\u202e_y_\u2066', 24).text).toBe('*x*_y_');
    expect(plain('x'.repeat(30), 24).text).toHaveLength(24);
  });
});
