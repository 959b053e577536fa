import { describe, expect, it } from 'vitest';
import type { ExperimentRecord, RecordedAction } from '../../core/experiments/record.js';
import { en, ru } from '../messages/index.js';
import { COMMENT_DISPLAY_MAX, conflictLine, doneLine, lastDoneLine } from './event-lines.js';
import { duplicateClickMessage, workingMessage } from './result-messages.js';

const messages = en;

/** Every `<…>` sequence is a user mention built from an id or a Slack date token. */
function expectOnlyIdMentions(text: string): void {
  for (const match of text.matchAll(/<([^>]*)>/g)) {
    expect(match[1], match[0]).toMatch(/^(@[UW][A-Z0-9]+|!date\^\d+\^[^|]*\|[^<>]*)$/);
  }
}

describe('lastDoneLine', () => {
  const at = '2026-11-28T10:00:00.000Z';
  const recordWith = (...actions: RecordedAction[]): ExperimentRecord => ({
    experimentId: 7,
    actions,
    threads: [],
    touchedAt: at,
  });

  it("is the newest action done through the app, with a stop's reason and comment", () => {
    const stop: RecordedAction = {
      action: 'stop',
      actorId: 'U2',
      at,
      source: 'slack',
      interruptReason: 'bug',
      comment: 'broke checkout',
    };
    const start: RecordedAction = { action: 'start', actorId: 'U1', at, source: 'slack' };
    expect(lastDoneLine(recordWith(stop, start), messages)).toBe(
      doneLine({
        action: 'stop',
        experimentId: 7,
        userId: 'U2',
        stop: { reason: 'bug', comment: 'broke checkout' },
        messages,
      }),
    );
    expect(lastDoneLine(recordWith(start, stop), messages)).toBe('<@U1> started experiment *7*');
  });

  it('names the experiment first where the record has its name', () => {
    const start: RecordedAction = { action: 'start', actorId: 'U1', at, source: 'slack' };
    const named = {
      ...recordWith(start),
      name: { value: 'Checkout copy', source: 'platform-read', at },
    } as const;
    expect(lastDoneLine(named, messages)).toBe('<@U1> started experiment *Checkout copy* (#7)');
    expect(lastDoneLine(named, ru)).toBe('<@U1>: эксперимент *Checkout copy* (#7) запущен');
  });

  it('leaves out a stored reason the interface does not know', () => {
    const stop: RecordedAction = {
      action: 'stop',
      actorId: 'U2',
      at,
      source: 'slack',
      interruptReason: 'gone',
    };
    expect(lastDoneLine(recordWith(stop), messages)).toBe('<@U2> stopped experiment *7*');
  });

  it('is none for an outside event, a create or an edit, or no action at all', () => {
    const event: RecordedAction = { action: 'stop', actor: 'ci-bot', at, source: 'event' };
    const created: RecordedAction = { action: 'create', actorId: 'U1', at, source: 'slack' };
    const edited: RecordedAction = { action: 'edit', actorId: 'U1', at, source: 'slack', fields: ['name'] };
    for (const record of [recordWith(event), recordWith(created), recordWith(edited), recordWith()])
      expect(lastDoneLine(record, messages)).toBeUndefined();
  });
});

describe('doneLine', () => {
  it('says who did what to which experiment', () => {
    expect(doneLine({ action: 'start', experimentId: 123, userId: 'U1', messages })).toBe(
      '<@U1> started experiment *123*',
    );
  });

  it('names the experiment first where its name is known, escaped, in both languages', () => {
    const line = (name: string, m = messages) =>
      doneLine({ action: 'stop', experimentId: 4, name, userId: 'U1', messages: m });
    expect(line('Checkout copy')).toBe('<@U1> stopped experiment *Checkout copy* (#4)');
    expect(line('Checkout copy', ru)).toBe('<@U1>: эксперимент *Checkout copy* (#4) остановлен');
    expect(line('<!here> *x*')).not.toContain('<!here>');
    expect(line('  ')).toBe('<@U1> stopped experiment *4*');
  });

  it('shows the reason label and the escaped comment for stop', () => {
    const line = doneLine({
      action: 'stop',
      experimentId: 9,
      userId: 'U1',
      stop: {
        reason: 'critical_metric_impact',
        comment: '  <!channel> @here see <https://evil|click> & fix ',
      },
      messages,
    });
    expect(line).toContain('<@U1> stopped experiment *9*');
    expect(line).toContain('*Reason:* Critical metric impact');
    expect(line).toContain('*Comment:* &lt;!channel&gt; @here see &lt;https://evil|click&gt; &amp; fix');
    expectOnlyIdMentions(line);
  });

  it('cuts a huge comment', () => {
    const line = doneLine({
      action: 'stop',
      experimentId: 1,
      userId: 'U1',
      stop: { reason: 'other', comment: '<'.repeat(10_000) },
      messages,
    });
    expect(line).toContain('…');
    expect(line.length).toBeLessThan(COMMENT_DISPLAY_MAX * 5 + 200);
  });

  it('never turns a malformed user id into a mention', () => {
    const line = doneLine({ action: 'start', experimentId: 1, userId: '!channel', messages });
    expectOnlyIdMentions(line);
    expect(line).toContain('`!channel`');
  });
});

describe('conflictLine', () => {
  it('shows the status exactly as reported, escaped, in code', () => {
    expect(
      conflictLine({ action: 'start', experimentId: 123, currentStatus: 'running', userId: 'U1', messages }),
    ).toBe('<@U1> tried to *start* experiment *123*, but the platform refused: current status is Running.');
    const odd = conflictLine({
      action: 'archive',
      experimentId: 4,
      currentStatus: 'RUNNING <!here> на паузе & co',
      userId: 'U2',
      messages,
    });
    expect(odd).toContain('`RUNNING &lt;!here&gt; на паузе &amp; co`');
    expectOnlyIdMentions(odd);
  });

  it('names the experiment first where its name is known, in both languages', () => {
    const line = (m: typeof messages) =>
      conflictLine({
        action: 'start',
        experimentId: 4,
        name: 'Checkout copy',
        currentStatus: 'running',
        userId: 'U1',
        messages: m,
      });
    expect(line(messages)).toBe(
      '<@U1> tried to *start* experiment *Checkout copy* (#4), but the platform refused: current status is Running.',
    );
    expect(line(ru)).toBe(
      '<@U1> попытался(-ась) *запустить* эксперимент *Checkout copy* (#4), но платформа отказала: текущий статус — Запущен.',
    );
  });

  it('says so when the platform named no status', () => {
    const line = conflictLine({
      action: 'stop',
      experimentId: 8,
      currentStatus: undefined,
      userId: 'U1',
      messages,
    });
    expect(line).toContain('*stop*');
    expect(line).not.toContain('undefined');
  });
});

describe('acks', () => {
  it('are single sections with fallbacks', () => {
    expect(workingMessage({ action: 'archive', experimentId: 3, messages }).text).toContain(
      '*archive* experiment *3*',
    );
    expect(duplicateClickMessage({ messages }).text).toContain('Already being handled');
    expect(workingMessage({ action: 'archive', experimentId: 3, messages }).blocks).toHaveLength(1);
  });
});
