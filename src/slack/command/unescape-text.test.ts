import { describe, expect, it } from 'vitest';
import { unescapeSlackText } from './unescape-text.js';

describe('unescapeSlackText', () => {
  it.each([
    ['ping <@U0ABC|bob> please', 'ping @bob please'],
    ['ping <@U0ABC>', 'ping @U0ABC'],
    ['see <#C0GEN|general>', 'see #general'],
    ['<!subteam^S123|@exp-owners> look', '@exp-owners look'],
    ['<!here> and <!channel>', '@here and @channel'],
    ['docs <https://x.example/a|the doc>', 'docs the doc (https://x.example/a)'],
    ['<https://x.example/a>', 'https://x.example/a'],
    ['a &lt;b&gt; &amp; c', 'a <b> & c'],
    ['plain text', 'plain text'],
    ['<weird>', '<weird>'],
  ])('%j reads as %j', (input, output) => {
    expect(unescapeSlackText(input)).toBe(output);
  });
});
