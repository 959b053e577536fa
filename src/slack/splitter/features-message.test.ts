import { describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { parseParticipant, parsePlatform } from '../../splitter/parse-input.js';
import type { SlackMessage } from '../blocks/message.js';
import { texts } from '../dictionaries/page.test-helper.js';
import { en } from '../messages/index.js';
import { featuresMessage } from './features-message.js';
import { exposeUsageMessage, featuresUsageMessage } from './usage.js';

const messages = en;

function within(reply: SlackMessage): SlackMessage {
  expectWithinBlockKitLimits({ kind: 'message', ...reply });
  return reply;
}

describe('featuresMessage', () => {
  it('lists each experiment with its group, escaped', () => {
    const reply = within(
      featuresMessage({
        tag: 'checkout',
        platform: { id: 4, name: 'iOS' },
        participant: { userId: 42 },
        features: [
          { experimentLabel: 'button_color', label: 'B' },
          { experimentLabel: '<!channel>', label: '<https://x|y>' },
        ],
        messages,
      }),
    );
    const all = texts(reply.blocks).join('\n');
    expect(all).toContain('*2 features* for user 42 on iOS with tag `checkout`:');
    expect(all).toContain('• experiment `button_color` → group `B`');
    expect(all).toContain('• experiment `&lt;!channel&gt;` → group `&lt;https://x|y&gt;`');
    expect(JSON.stringify(reply)).not.toContain('<!channel>');
    expect(JSON.stringify(reply)).not.toContain('<https://x');
  });

  it('says so when there are no features, with the platform-id warning as context', () => {
    const platform = parsePlatform('9');
    if (!platform.ok) throw new Error('expected a platform');
    const reply = within(
      featuresMessage({
        tag: 'check<out>',
        platform: { id: platform.platform.id, name: platform.name },
        participant: { visitorId: 'abc&def' },
        features: [],
        warning: platform.warning,
        messages,
      }),
    );
    expect(reply.text).toBe(
      'No features for visitor `abc&amp;def` on platform 9 with tag `check&lt;out&gt;`.',
    );
    const warning = reply.blocks.find((b) => b.block_id === 'exp_features_warning');
    expect(warning?.type).toBe('context');
    expect(texts(warning ? [warning] : []).join('')).toBe(
      ':warning: Platform id 9 is not one of 1 Desktop, 4 iOS, 5 Android, 6 Mobile; behaviour for other ids is not shown by the platform.',
    );
  });

  it('names the example participant the way the contract says', () => {
    const reply = featuresMessage({
      tag: 'checkout',
      platform: { id: 4, name: 'iOS' },
      participant: { userId: 42 },
      features: [],
      messages,
    });
    expect(reply.text).toBe('No features for user 42 on iOS with tag `checkout`.');
  });

  it('stays within limits for thousands of long features, counting those not shown', () => {
    const features = Array.from({ length: 3000 }, (_, i) => ({
      experimentLabel: `${'e'.repeat(500)}${i}`,
      label: `${'<g>'.repeat(200)}`,
    }));
    const reply = within(
      featuresMessage({
        tag: 't',
        platform: { id: 1, name: 'Desktop' },
        participant: { userId: 1, visitorId: 'v' },
        features,
        messages,
      }),
    );
    const more = reply.blocks.find((b) => b.block_id === 'exp_features_more');
    const shown = texts(reply.blocks).join('\n').split('• experiment').length - 1;
    expect(shown).toBeGreaterThan(10);
    expect(texts(more ? [more] : []).join('')).toBe(
      `…and ${(3000 - shown).toLocaleString('en-US')} more not shown.`,
    );
    expect(texts(reply.blocks).join('\n')).toContain('for user 1 (visitor `v`) on Desktop');
  });
});

describe('features and expose usage', () => {
  it('explain the arguments and show the parse error escaped', () => {
    const parsed = parseParticipant('<!here>');
    if (parsed.ok) throw new Error('expected a parse error');
    const reply = within(featuresUsageMessage({ problem: parsed.problem, messages }));
    const all = texts(reply.blocks).join('\n');
    expect(all).toContain(':x: "&lt;!here&gt;" is not a participant.');
    expect(all).toContain('`/exp features TAG PLATFORM PARTICIPANT`');
    expect(all).toContain('`1`, `4`, `5`, `6`, `desktop`, `ios`, `android` or `mobile`');
    expect(all).toContain('`user:ID`, `visitor:ID` or a bare user id');
    expect(JSON.stringify(reply)).not.toContain('<!here>');

    const expose = within(exposeUsageMessage({ messages }));
    const exposeText = texts(expose.blocks).join('\n');
    expect(exposeText).toContain('`/exp expose LABEL PLATFORM PARTICIPANT`');
    expect(exposeText).not.toContain(':x:');
    const long = { kind: 'not-a-participant', input: 'x'.repeat(5000) } as const;
    expect(within(exposeUsageMessage({ problem: long, messages })).text.length).toBeLessThan(1000);
  });
});
