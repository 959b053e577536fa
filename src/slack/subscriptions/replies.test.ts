import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../core/subscriptions.js';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { en as messages, ru } from '../messages/index.js';
import { SUBSCRIPTION_BLOCKS } from './ids.js';
import {
  LIST_MAX,
  narrowedNote,
  subscribedNote,
  subscriptionAuditDetail,
  subscriptionListMessage,
  unknownActionsMessage,
} from './replies.js';

const sub = (
  channelId: string,
  actions: Subscription['actions'],
  selector: Subscription['selector'] = {},
): Subscription => ({
  id: 'a1b2c3d4e5f6',
  channelId,
  selector,
  actions,
  updatedBy: 'U1',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('subscription replies', () => {
  it('announce who subscribed the channel to what', () => {
    expect(
      subscribedNote({ userId: 'U1', subscription: sub('C1', ['stop']), changed: false, messages }).text,
    ).toBe(
      '<@U1> subscribed this channel to `stop` alerts of every experiment. To stop them: `/exp unsubscribe` with the same filter, or `/exp subscriptions`.',
    );
    const narrow = sub('C1', 'all', {
      team: { value: 'growth', label: 'Growth *Analytics*' },
      type: 'regular',
      experimentId: 42,
    });
    expect(subscribedNote({ userId: 'U1', subscription: narrow, changed: true, messages }).text).toContain(
      "changed this channel's subscription: all alerts of team *Growth <!date^00000000^{_}|*>Analytics<!date^00000000^{_}|*>*, type Regular A/B experiment (`regular`), experiment *42*.",
    );
    expect(
      narrowedNote({ userId: 'U1', removed: ['start'], remaining: [sub('C1', ['stop', 'edit'])], messages })
        .text,
    ).toBe(
      '<@U1> turned off `start` alerts in this channel. It still gets:\n• `stop`, `edit` alerts of every experiment',
    );
  });

  it('name a subscribed experiment first when its name is known, in both languages, escaped', () => {
    const one = sub('C1', 'all', { experimentId: 42 });
    const names = new Map([[42, 'Checkout *copy*']]);
    expect(
      subscribedNote({ userId: 'U1', subscription: one, changed: false, messages, names }).text,
    ).toContain(
      'all alerts of experiment *Checkout <!date^00000000^{_}|*>copy<!date^00000000^{_}|*>* (#42).',
    );
    const list = subscriptionListMessage({
      subscriptions: [one, sub('C2', ['stop'], { experimentId: 7 })],
      currentChannelId: 'C1',
      viewerId: 'U1',
      messages: ru,
      names: new Map([[42, 'Корзина']]),
    });
    expect(list.text).toContain('эксперимент *Корзина* (#42)');
    // Without a recorded name, the id alone.
    expect(list.text).toContain('эксперимент *7*');
  });

  it('are kept in the audit trail as the words /exp subscribe takes, plain text', () => {
    const narrow = sub('C1', ['stop', 'archive'], {
      team: { value: 'growth', label: 'Growth' },
      type: 'regular',
      experimentId: 4,
    });
    expect(subscriptionAuditDetail(narrow)).toBe('team:Growth type:regular experiment:4 events:stop,archive');
    expect(subscriptionAuditDetail(sub('C1', 'recommended'))).toBe('events:recommended');
    expect(subscriptionAuditDetail(sub('C1', 'all', { ops: true }))).toBe('alerts:ops');
  });

  it('name the events by their labels in Russian, each with the word people type, and `all` as «все»', () => {
    const list = subscriptionListMessage({
      subscriptions: [
        sub('C0STOPS', ['stop', 'status']),
        sub('C0RANDOM0', 'all'),
        sub('C0REC', 'recommended'),
      ],
      currentChannelId: 'C0STOPS',
      viewerId: 'U1',
      messages: ru,
    });
    const text = JSON.stringify(list.blocks);
    expect(text).toContain('оповещения остановка (`stop`), смена статуса (`status`): все эксперименты');
    expect(text).toContain('оповещения все: все эксперименты');
    expect(text).toContain(
      'основные (запуск (`start`), остановка (`stop`), архивирование (`archive`), смена статуса (`status`))',
    );
    const refused = unknownActionsMessage({ unknown: ['launch'], messages: ru });
    expect(refused.text).toContain(
      'возврат из архива (`unarchive`), создание (`create`), изменение (`edit`)',
    );
  });

  it('refuse unknown words escaped and name the allowed ones', () => {
    const m = unknownActionsMessage({ unknown: ['<!channel>', 'launch'], messages });
    expect(m.text).toContain('`&lt;!channel&gt;`, `launch`');
    expect(m.text).toContain(
      '`start`, `stop`, `archive`, `unarchive`, `create`, `edit`, status change (`status`)',
    );
    expect(m.text).not.toContain('<!channel>');
  });

  it('list subscriptions built from ids only, the current channel first, each with a Remove button', () => {
    const m = subscriptionListMessage({
      subscriptions: [sub('C0RANDOM0', 'all'), sub('C0STOPS', ['stop']), sub('C1><!here', 'all')],
      currentChannelId: 'C0STOPS',
      viewerId: 'U1',
      messages,
    });
    const text = JSON.stringify(m.blocks);
    expect(text).toContain('<#C0RANDOM0>: all alerts of every experiment');
    expect(text).toContain('<#C0STOPS>: `stop` alerts of every experiment _(this channel)_');
    expect(JSON.stringify(m.blocks.map((b) => (b as { text?: unknown }).text))).not.toContain('<!here');
    const rows = m.blocks.filter((b) => b.block_id?.startsWith(SUBSCRIPTION_BLOCKS.listPrefix));
    expect(rows.map((b) => (b as { text: { text: string } }).text.text.slice(0, 12))).toEqual([
      '<#C0STOPS>: ',
      '<#C0RANDOM0>',
      '`C1&gt;&lt;!',
    ]);
    expect(rows.map((b) => (b as { accessory?: { value?: string } }).accessory?.value)).toEqual([
      'C0STOPS:a1b2c3d4e5f6',
      'C0RANDOM0:a1b2c3d4e5f6',
      'C1><!here:a1b2c3d4e5f6',
    ]);
    expectWithinBlockKitLimits({ kind: 'message', ...m });
  });

  it('say so when nothing is subscribed', () => {
    const m = subscriptionListMessage({
      subscriptions: [],
      currentChannelId: 'C1',
      viewerId: 'U1',
      messages,
    });
    expect(m.text).toContain('No channel gets experiment alerts yet');
  });

  it('stay within Block Kit limits for a very long list', () => {
    const many = Array.from({ length: LIST_MAX + 50 }, (_, i) =>
      sub(`C${String(i).padStart(10, '0')}`, 'all'),
    );
    const m = subscriptionListMessage({
      subscriptions: many,
      currentChannelId: 'C1',
      viewerId: 'U1',
      messages,
    });
    expectWithinBlockKitLimits({ kind: 'message', ...m });
    const listed = m.blocks.filter((b) => b.block_id?.startsWith(SUBSCRIPTION_BLOCKS.listPrefix));
    expect(listed).toHaveLength(LIST_MAX);
    expect(JSON.stringify(m.blocks)).toContain('…and 50 more subscriptions not shown.');
  });
});
