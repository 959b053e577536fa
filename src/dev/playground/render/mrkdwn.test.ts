import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeSlackEntities, type MentionNames, renderMrkdwn, renderPlainText } from './mrkdwn.js';

const names: MentionNames = {
  user: (id) => ({ U0ADMIN01: 'Alice Admin', U0MEMBER1: 'Bob <Member>' })[id],
  channel: (id) => ({ C0GENERAL: 'general' })[id],
};
const md = (text: string) => renderMrkdwn(text, names);

const ALLOWED_TAGS = new Set(['b', 'i', 's', 'code', 'pre', 'a', 'span', 'br', 'blockquote']);

/** Every tag in the output is one the renderer writes itself, with no event handler or script URL. */
function expectOnlyOwnMarkup(html: string): void {
  for (const [, tag] of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)/g)) expect(ALLOWED_TAGS).toContain(tag);
  for (const [, inside] of html.matchAll(/<([^>]*)>/g)) {
    expect(inside).not.toMatch(/\son[a-z]+\s*=/i);
    expect(inside).not.toMatch(/javascript:/i);
  }
}

describe('renderMrkdwn formatting', () => {
  it('renders bold, italic, strike, code and pre', () => {
    expect(md('*bold* _it_ ~gone~ `x < y`')).toBe('<b>bold</b> <i>it</i> <s>gone</s> <code>x &lt; y</code>');
    expect(md('```\nline 1\n*not bold*\n```')).toBe('<pre class="bk-pre">line 1\n*not bold*\n</pre>');
  });

  it('leaves snake_case, lone stars and arithmetic alone', () => {
    expect(md('exp_stop_reason_select')).toBe('exp_stop_reason_select');
    expect(md('2 * 3 * 4')).toBe('2 * 3 * 4');
  });

  it('keeps line breaks and turns leading > lines into a quote', () => {
    expect(md('one\ntwo')).toBe('one<br>two');
    expect(md('intro\n> quoted *bold*\nafter')).toBe(
      'intro<blockquote class="bk-quote">quoted <b>bold</b></blockquote>after',
    );
    expect(md('&gt; not a quote')).toBe('&gt; not a quote');
  });

  it('shows user and channel mentions by name, escaped', () => {
    expect(md('<@U0ADMIN01> did it')).toBe(
      '<span class="bk-mention bk-mention-user">@Alice Admin</span> did it',
    );
    expect(md('<@U0MEMBER1>')).toContain('@Bob &lt;Member&gt;');
    expect(md('<@U0UNKNOWN>')).toContain('@U0UNKNOWN');
    expect(md('<#C0GENERAL>')).toContain('#general');
    expect(md('<#C0OTHER|ops>')).toContain('#ops');
    expect(md('<!here>')).toContain('@here');
    expect(md('<!date^1700000000^{date}|Nov 14>')).toBe('Nov 14');
  });

  it('renders {ago} dates relative to now, as Slack does for each reader', () => {
    const seconds = (msAgo: number) => Math.floor((Date.now() - msAgo) / 1000);
    expect(md(`<!date^${seconds(5_000)}^{ago}|2026-01-01 10:00 UTC>`)).toBe('just now');
    expect(md(`<!date^${seconds(3 * 60_000)}^{ago}|x>`)).toBe('3 minutes ago');
    expect(md(`<!date^${seconds(2 * 3_600_000)}^{ago}|x>`)).toBe('2 hours ago');
    expect(md(`<!date^${seconds(3 * 86_400_000)}^{ago}|x>`)).toBe('3 days ago');
  });

  it('lets emphasis wrap a mention without re-reading the mention', () => {
    expect(md('*<@U0ADMIN01> started*')).toBe(
      '<b><span class="bk-mention bk-mention-user">@Alice Admin</span> started</b>',
    );
  });

  it('links only http(s) and mailto URLs, with labels and entities decoded', () => {
    expect(md('<https://example.com/a?b=1&amp;c=2|the &lt;docs&gt;>')).toBe(
      '<a class="bk-link" href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">the &lt;docs&gt;</a>',
    );
    expect(md('<mailto:a@example.com>')).toContain('href="mailto:a@example.com"');
    expect(md('<javascript:alert(1)|click>')).toBe('&lt;javascript:alert(1)|click&gt;');
  });

  it('decodes Slack entities once, after parsing', () => {
    expect(decodeSlackEntities('&amp;lt; &lt; &gt; &amp; &quot;')).toBe('&lt; < > & &quot;');
    expect(md('&lt;b&gt;hi&lt;/b&gt; &amp;lt;')).toBe('&lt;b&gt;hi&lt;/b&gt; &amp;lt;');
    expect(md('&lt;@U0ADMIN01&gt;')).toBe('&lt;@U0ADMIN01&gt;');
  });

  it('replaces known emoji codes and keeps unknown ones', () => {
    expect(md(':warning: :experiment:')).toBe('⚠️ :experiment:');
  });
});

describe('renderMrkdwn never produces live HTML from text', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    '&lt;script&gt;alert(1)&lt;/script&gt;',
    '&lt;img src=x onerror=alert(1)&gt;',
    '<https://example.com/"onmouseover="alert(1)|x>',
    '<https://example.com|<img src=x onerror=alert(1)>>',
    '`<img src=x onerror=alert(1)>`',
    '```</pre><script>alert(1)</script>```',
    '*<svg onload=alert(1)>*',
    '<@U0ADMIN01|<img src=x onerror=alert(1)>>',
    '<JAVASCRIPT:alert(1)>',
    '<data:text/html,<script>alert(1)</script>|x>',
    "_'><iframe src=javascript:alert(1)>_",
    'text \uE0000\uE001 with forged slot markers <@U0ADMIN01>',
  ];

  it.each(attacks)('%s', (attack) => {
    const html = md(attack);
    expectOnlyOwnMarkup(html);
    expect(html).not.toMatch(/<(script|img|svg|iframe)/i);
  });

  it('shows escaped angle brackets as the literal text the app meant', () => {
    expect(md('&lt;script&gt;')).toBe('&lt;script&gt;');
    expect(md('<script>')).toBe('&lt;script&gt;');
    expect(md('"><img onerror>')).toBe('&quot;&gt;&lt;img onerror&gt;');
  });

  it('ignores forged slot markers instead of splicing earlier pieces in', () => {
    expect(md('<@U0ADMIN01> \uE0000\uE001')).toBe(
      '<span class="bk-mention bk-mention-user">@Alice Admin</span> 0',
    );
  });
});

describe('renderPlainText', () => {
  it('escapes everything and keeps newlines', () => {
    expect(renderPlainText('<b>*x*</b>\n&amp;')).toBe('&lt;b&gt;*x*&lt;/b&gt;<br>&amp;amp;');
    expect(renderPlainText(':tada:', false)).toBe(':tada:');
    expect(renderPlainText(':tada:')).toBe('🎉');
  });
});

describe('emoji shortcodes', () => {
  it('shows every shortcode the app writes as its emoji, as Slack does', () => {
    const sources = readdirSync('src/slack', { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.includes('.test'))
      .map((file) => readFileSync(join('src/slack', file), 'utf8'));
    const codes = new Set(
      sources.flatMap((text) =>
        [...text.matchAll(/(?<![\w:])(:[a-z][a-z_]+:)(?![\w:])/g)].map((m) => m[1] ?? ''),
      ),
    );
    expect(codes.size).toBeGreaterThan(5);
    for (const code of codes) expect(md(`${code} done`), code).not.toContain(code);
  });

  it('leaves a shortcode it does not know as typed', () => {
    expect(md(':not_an_emoji_here: done')).toContain(':not_an_emoji_here:');
  });
});
