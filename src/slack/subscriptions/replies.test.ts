import { describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import type { Subscription } from '../../lifecycle/subscriptions.js';
import { en as messages } from '../messages/index.js';
import { SUBSCRIPTION_BLOCKS } from './ids.js';
import {
  LIST_MAX,
  narrowedNote,
  subscribedNote,
  subscriptionListMessage,
  unknownActionsMessage,
} from './replies.js';

const sub = (channelId: string, actions: Subscription['actions']): Subscription => ({
  channelId,
  actions,
  updatedBy: 'U1',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('subscription replies', () => {
  it('announce who subscribed the channel to what', () => {
    expect(subscribedNote({ userId: 'U1', filter: ['stop'], messages }).text).toBe(
      '<@U1> subscribed this channel to experiment alerts: `stop`. To stop them: `/exp unsubscribe`.',
    );
    expect(subscribedNote({ userId: 'U1', filter: 'all', messages }).text).toContain(
      'all (`start`, `stop`, `archive`, `unarchive`, `create`, `edit`)',
    );
    expect(
      narrowedNote({ userId: 'U1', removed: ['start'], remaining: ['stop', 'edit'], messages }).text,
    ).toBe('<@U1> turned off `start` alerts in this channel. It still gets: `stop`, `edit`.');
  });

  it('refuse unknown words escaped and name the allowed ones', () => {
    const m = unknownActionsMessage({ unknown: ['<!channel>', 'launch'], messages });
    expect(m.text).toContain('`&lt;!channel&gt;`, `launch`');
    expect(m.text).toContain('`start`, `stop`, `archive`, `unarchive`, `create`, `edit`');
    expect(m.text).not.toContain('<!channel>');
  });

  it('list channels built from ids only, marking the current one', () => {
    const m = subscriptionListMessage({
      subscriptions: [sub('C0RANDOM0', 'all'), sub('C0STOPS', ['stop']), sub('C1><!here', 'all')],
      currentChannelId: 'C0STOPS',
      messages,
    });
    const text = JSON.stringify(m.blocks);
    expect(text).toContain('• <#C0RANDOM0>: all (');
    expect(text).toContain('• <#C0STOPS>: `stop` _(this channel)_');
    expect(text).not.toContain('<!here');
    expectWithinBlockKitLimits({ kind: 'message', ...m });
  });

  it('say so when nothing is subscribed', () => {
    const m = subscriptionListMessage({ subscriptions: [], currentChannelId: 'C1', messages });
    expect(m.text).toContain('No channel gets experiment alerts yet');
  });

  it('stay within Block Kit limits for a very long list', () => {
    const many = Array.from({ length: LIST_MAX + 50 }, (_, i) =>
      sub(`C${String(i).padStart(10, '0')}`, 'all'),
    );
    const m = subscriptionListMessage({ subscriptions: many, currentChannelId: 'C1', messages });
    expectWithinBlockKitLimits({ kind: 'message', ...m });
    const listed = m.blocks.filter((b) => b.block_id?.startsWith(SUBSCRIPTION_BLOCKS.listPrefix));
    expect(listed.length).toBeGreaterThan(1);
    expect(JSON.stringify(m.blocks)).toContain('…and 50 more channels not shown.');
  });
});
