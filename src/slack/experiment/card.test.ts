import type { ActionsBlock, Button } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { ExperimentView } from '../../core/experiments/knowledge.js';
import { applyUpdate, emptyRecord } from '../../core/experiments/record.js';
import { DEFAULT_TRANSITIONS, offeredActions } from '../../core/experiments/transitions.js';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { md, safe } from '../blocks/escape.js';
import type { SlackMessage } from '../blocks/message.js';
import { labelsFromItems } from '../dictionaries/dictionary-labels.js';
import { decodeButtonValue } from '../lifecycle/ids.js';
import { en, ru } from '../messages/index.js';
import { experimentCard } from './card.js';
import { CARD_BLOCKS } from './ids.js';

const AT = '2026-11-01T10:00:00.000Z';

function view(
  update: Parameters<typeof applyUpdate>[1],
  source: Parameters<typeof applyUpdate>[2] = 'platform-read',
): ExperimentView {
  const record = applyUpdate(emptyRecord(42, AT), update, source, AT);
  return { record, offered: offeredActions(DEFAULT_TRANSITIONS, {}, record.status?.value) };
}

function buttons(message: SlackMessage): Button[] {
  const block = message.blocks.find((b): b is ActionsBlock => b.type === 'actions');
  return (block?.elements ?? []) as Button[];
}

const text = (message: SlackMessage) => JSON.stringify(message.blocks);

describe('experimentCard', () => {
  it.each([
    ['draft', ['start']],
    ['running', ['stop']],
    ['stopped', ['archive']],
    ['archived', ['unarchive']],
    ['paused', []],
  ])('from status %s offers exactly %j, each button carrying that status', (status, expected) => {
    const card = experimentCard({ view: view({ status }), messages: en });
    const values = buttons(card).map((b) => decodeButtonValue(b.value ?? ''));
    expect(values.map((v) => v.action)).toEqual(expected);
    for (const value of values) expect(value).toMatchObject({ experimentId: 42, status });
    expect(checkBlockKitLimits({ kind: 'message', ...card })).toEqual([]);
  });

  it('guesses no button for an unknown status and says how to act anyway', () => {
    const card = experimentCard({ view: view({ name: 'Checkout' }), messages: en });
    expect(buttons(card)).toEqual([]);
    expect(text(card)).toContain('unknown');
    expect(text(card)).toContain('/exp start 42');
  });

  it('says where the status came from and how old it is, as a Slack date token', () => {
    const read = experimentCard({ view: view({ status: 'running' }, 'platform-read'), messages: en });
    expect(text(read)).toContain('reported by the platform');
    expect(text(read)).toMatch(/<!date\^\d+\^\{ago\}\|2026-11-01 10:00 UTC>/);
    const inferred = experimentCard({ view: view({ status: 'stopped' }, 'app-action'), messages: en });
    expect(text(inferred)).toContain('expected after an action through this app');
  });

  it("names a status it knows in the reader's language, and shows any other as the platform's value", () => {
    const status = (value: string, messages = en) =>
      text(experimentCard({ view: view({ status: value }), messages }));
    expect(status('running')).toContain('Running (reported by the platform');
    expect(status('running', ru)).toContain('Запущен (');
    expect(status('running', ru)).not.toContain('`running` (');
    expect(status('on_hold', ru)).toContain('`on_hold` (');
    // A status is looked up as a name, never as a key of Object.prototype.
    expect(status('constructor')).toContain('`constructor` (');
  });

  it("names the status in the hint too, in the reader's language", () => {
    const hint = (value: string, messages = en) =>
      JSON.stringify(
        experimentCard({ view: view({ status: value }), messages }).blocks.find(
          (b) => b.block_id === CARD_BLOCKS.hint,
        ),
      );
    expect(hint('running')).toContain('From status Running you can `/exp stop 42`');
    expect(hint('running', ru)).toContain('Из статуса Запущен можно `/exp stop 42`');
    expect(hint('on_hold', ru)).toContain('Из статуса `on_hold` не известно');
  });

  it('names a type the interface knows as the form does, and a newer one as its dictionary does', () => {
    const labels = labelsFromItems({ types: [{ value: 'multivariate', label: 'MVT', raw: {} }] });
    const type = (value: string, messages = en) =>
      JSON.stringify(
        experimentCard({ view: view({ type: value }), labels, messages }).blocks.find(
          (b) => b.block_id === CARD_BLOCKS.title,
        ),
      );
    expect(type('regular', ru)).toContain('*Тип*\\nОбычный A/B-эксперимент');
    expect(type('adhoc')).toContain('*Type*\\nAd hoc (obsolete)');
    expect(type('multivariate', ru)).toContain('*Тип*\\nMVT (`multivariate`)');
    expect(type('constructor', ru)).toContain('*Тип*\\n`constructor`');
  });

  it('shows a stop reason it has no label for as the platform sent it', () => {
    const card = experimentCard({
      view: view({
        status: 'stopped',
        action: { action: 'stop', actorId: 'U1', at: AT, source: 'slack', interruptReason: 'constructor' },
      }),
      messages: ru,
    });
    expect(text(card)).toContain('причина: `constructor`');
  });

  it('lists the last actions with who, when, and the stop reason and comment', () => {
    const card = experimentCard({
      view: view({
        status: 'stopped',
        action: {
          action: 'stop',
          actorId: 'U0ALICE',
          at: AT,
          source: 'slack',
          interruptReason: 'bug',
          comment: 'broke <!here>',
        },
      }),
      messages: en,
    });
    const history = card.blocks.find((b) => b.block_id === CARD_BLOCKS.history);
    expect(JSON.stringify(history)).toContain('<@U0ALICE> stopped it');
    expect(JSON.stringify(history)).toContain('reason: Bug');
    expect(JSON.stringify(history)).toContain('broke &lt;!here&gt;');
  });

  it('escapes every fact the platform or a person supplied', () => {
    const card = experimentCard({
      view: view({ status: '<!channel>', name: '<https://evil|x> & co', team: '<@U1>' }),
      headline: md`headline`,
      messages: en,
    });
    const all = text(card);
    expect(all).not.toContain('<!channel>');
    expect(all).not.toContain('<https://evil|x>');
    expect(all).toContain('&lt;!channel&gt;');
    expect(all).toContain('&amp; co');
  });

  it('titles the card by its name first and its id after, in both languages; by its id alone when unnamed', () => {
    const title = (card: SlackMessage) => {
      const block = card.blocks.find((b) => b.block_id === CARD_BLOCKS.title);
      return block?.type === 'section' ? block.text?.text : undefined;
    };
    const named = view({ status: 'running', name: '  Checkout copy ' });
    expect(title(experimentCard({ view: named, messages: en }))).toBe('*Checkout copy* (#42)');
    expect(title(experimentCard({ view: named, messages: ru }))).toBe('*Checkout copy* (#42)');
    const link = 'https://console.example.com/experiments/42';
    expect(title(experimentCard({ view: named, link, messages: en }))).toBe(
      `*<${link}|Checkout copy>* (#42)`,
    );
    const unnamed = view({ status: 'running' });
    expect(title(experimentCard({ view: unnamed, messages: en }))).toBe('*Experiment 42*');
    expect(title(experimentCard({ view: unnamed, messages: ru }))).toBe('*Эксперимент 42*');
    expect(title(experimentCard({ view: view({ name: '  ' }), messages: en }))).toBe('*Experiment 42*');
  });

  it('links the title to the console when CONSOLE_WEB_URL is set, and can leave the buttons out', () => {
    const card = experimentCard({
      view: view({ status: 'running' }),
      link: 'https://console.example.com/experiments/42',
      withoutButtons: true,
      messages: en,
    });
    expect(text(card)).toContain('<https://console.example.com/experiments/42|Experiment 42>');
    expect(buttons(card)).toEqual([]);
  });

  it('names the team and layer from the dictionaries, beside their values; unknown ones bare', () => {
    const labels = labelsFromItems({
      teams: [{ value: 211, label: 'Checkout', raw: {} }],
      layers: [{ value: 201, label: '<!here> *flow*', raw: {} }],
    });
    const card = experimentCard({
      view: view({ status: 'running', team: '211', layer: '201', type: 'regular' }),
      labels,
      messages: en,
    });
    const fields = JSON.stringify(card.blocks.find((b) => b.block_id === CARD_BLOCKS.title));
    expect(fields).toContain('*Team*\\nCheckout (`211`)');
    expect(fields).toContain('*Type*\\nRegular A/B experiment');
    expect(fields).not.toContain('<!here>');
    expect(fields).toContain('&lt;!here&gt;');
    const bare = experimentCard({ view: view({ team: '211' }), messages: en });
    expect(text(bare)).toContain('*Team*\\n`211`');
  });

  it('stays within Block Kit limits with huge facts', () => {
    const huge = 'x'.repeat(5000);
    const card = experimentCard({
      view: view({ status: huge, name: huge, team: huge, layer: huge, type: huge }),
      headline: md`${safe('y'.repeat(100), 200)}`,
      note: md`note`,
      labels: { nameOf: () => 'n'.repeat(5000) },
      messages: en,
    });
    expect(checkBlockKitLimits({ kind: 'message', ...card })).toEqual([]);
  });
});
