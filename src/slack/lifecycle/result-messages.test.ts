import type { ActionsBlock, Button, KnownBlock, SectionBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import type { LifecycleAction } from '../../lifecycle/lifecycle-action.js';
import type { SlackMessage } from '../blocks/message.js';
import { en } from '../messages/index.js';
import { decodeButtonValue, LIFECYCLE_ACTION_IDS, LIFECYCLE_BLOCKS } from './ids.js';
import {
  COMMENT_DISPLAY_MAX,
  duplicateClickMessage,
  lifecycleSuccessMessage,
  statusConflictMessage,
  workingMessage,
} from './result-messages.js';

const messages = en;
const ACTIONS: LifecycleAction[] = ['start', 'stop', 'archive', 'unarchive'];

function buttons(message: SlackMessage): Button[] {
  const block = message.blocks.find((b): b is ActionsBlock => b.type === 'actions');
  return (block?.elements ?? []) as Button[];
}

function sectionText(block: KnownBlock | undefined): string {
  return (block as SectionBlock | undefined)?.text?.text ?? '';
}

/** Every `<…>` sequence in the surface is a user mention built from an id or a Slack date token. */
function expectOnlyIdMentions(message: SlackMessage): void {
  const all = `${message.text}\n${JSON.stringify(message.blocks)}`;
  for (const match of all.matchAll(/<([^>]*)>/g)) {
    expect(match[1], match[0]).toMatch(/^(@[UW][A-Z0-9]+|!date\^\d+\^[^|]*\|[^<>]*)$/);
  }
}

describe('lifecycleSuccessMessage', () => {
  it.each(ACTIONS)('reports %s with a fallback text, in limits, with next-step buttons', (action) => {
    const message = lifecycleSuccessMessage({ action, experimentId: 123, userId: 'U1', messages });
    expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
    expect(message.text).toContain('<@U1>');
    expect(message.text).toContain('experiment *123*');
    expect(sectionText(message.blocks[0])).toContain('<@U1>');
    for (const button of buttons(message)) {
      const value = decodeButtonValue(button.value ?? '');
      expect(value.experimentId).toBe(123);
      expect(button.action_id).toBe(LIFECYCLE_ACTION_IDS[value.action]);
    }
    expectOnlyIdMentions(message);
  });

  it('offers the next sensible actions', () => {
    const next = (action: LifecycleAction) =>
      buttons(lifecycleSuccessMessage({ action, experimentId: 1, userId: 'U1', messages })).map(
        (b) => decodeButtonValue(b.value ?? '').action,
      );
    expect(next('start')).toEqual(['stop']);
    expect(next('stop')).toEqual(['archive', 'start']);
    expect(next('archive')).toEqual(['unarchive']);
    expect(next('unarchive')).toEqual(['start']);
  });

  it('puts a danger confirm dialog on archive, none on the stop button (the modal confirms)', () => {
    const [archive, start] = buttons(
      lifecycleSuccessMessage({ action: 'stop', experimentId: 5, userId: 'U1', messages }),
    );
    expect(archive?.style).toBe('danger');
    expect(archive?.confirm?.style).toBe('danger');
    expect(archive?.confirm?.title?.text).toContain('5');
    expect(start?.confirm).toBeDefined();
    const [stop] = buttons(
      lifecycleSuccessMessage({ action: 'start', experimentId: 5, userId: 'U1', messages }),
    );
    expect(stop?.style).toBe('danger');
    expect(stop?.confirm).toBeUndefined();
    expect(stop?.text.text).toBe('Stop…');
  });

  it('shows the reason label and the escaped comment for stop', () => {
    const message = lifecycleSuccessMessage({
      action: 'stop',
      experimentId: 9,
      userId: 'U1',
      reason: 'critical_metric_impact',
      comment: '  <!channel> @here see <https://evil|click> & fix ',
      messages,
    });
    const text = sectionText(message.blocks[0]);
    expect(text).toContain('<@U1> stopped experiment *9*');
    expect(text).toContain('*Reason:* Critical metric impact');
    expect(text).toContain('*Comment:* &lt;!channel&gt; @here see &lt;https://evil|click&gt; &amp; fix');
    expect(message.text).toContain('&lt;!channel&gt;');
    expect((message.blocks[0] as SectionBlock).text).toMatchObject({ type: 'mrkdwn', verbatim: true });
    expectOnlyIdMentions(message);
  });

  it('truncates a huge comment and stays within limits', () => {
    const message = lifecycleSuccessMessage({
      action: 'stop',
      experimentId: Number.MAX_SAFE_INTEGER,
      userId: 'U1',
      reason: 'other',
      comment: '<'.repeat(10_000),
      messages,
    });
    expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
    const text = sectionText(message.blocks[0]);
    expect(text).toContain('…');
    expect(text.length).toBeLessThan(COMMENT_DISPLAY_MAX + 200);
  });

  it('never turns a malformed user id into a mention', () => {
    const message = lifecycleSuccessMessage({
      action: 'start',
      experimentId: 1,
      userId: '!channel',
      messages,
    });
    expectOnlyIdMentions(message);
    expect(message.text).toContain('`!channel`');
  });
});

describe('statusConflictMessage', () => {
  it('shows the status exactly as reported, escaped, in code', () => {
    const message = statusConflictMessage({
      action: 'start',
      experimentId: 123,
      currentStatus: 'running',
      userId: 'U1',
      messages,
    });
    expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
    expect(sectionText(message.blocks[0])).toBe(
      '<@U1> tried to *start* experiment *123*, but the platform refused: current status is `running`.',
    );
    expect(message.text).toContain('`running`');
    expect(JSON.stringify(message.blocks)).toContain('/exp stop 123');
    expect(buttons(message).map((b) => decodeButtonValue(b.value ?? '').action)).toEqual([
      'stop',
      'unarchive',
    ]);
    expect(message.blocks.find((b) => b.block_id === LIFECYCLE_BLOCKS.conflictActions)).toBeDefined();
  });

  it('keeps odd statuses verbatim apart from escaping', () => {
    const message = statusConflictMessage({
      action: 'archive',
      experimentId: 4,
      currentStatus: 'RUNNING <!here> на паузе & co',
      userId: 'U2',
      messages,
    });
    expect(sectionText(message.blocks[0])).toContain('`RUNNING &lt;!here&gt; на паузе &amp; co`');
    expect(buttons(message).map((b) => decodeButtonValue(b.value ?? '').action)).toEqual(['stop']);
    expectOnlyIdMentions(message);
  });

  it.each(ACTIONS)('gives a hint for a refused %s, even without a status', (action) => {
    const message = statusConflictMessage({
      action,
      experimentId: 8,
      currentStatus: undefined,
      userId: 'U1',
      messages,
    });
    expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
    expect(message.blocks.length).toBeGreaterThanOrEqual(2);
    expect(message.text).toContain(`*${action}*`);
    expect(message.text).not.toContain('`undefined`');
  });

  it('offers no buttons when there is nothing sensible to do', () => {
    for (const action of ['stop', 'unarchive'] as const) {
      const message = statusConflictMessage({
        action,
        experimentId: 8,
        currentStatus: 'draft',
        userId: 'U1',
        messages,
      });
      expect(buttons(message)).toEqual([]);
    }
  });
});

describe('acks', () => {
  it('are single sections with fallbacks', () => {
    for (const message of [
      workingMessage({ action: 'archive', experimentId: 3, messages }),
      duplicateClickMessage({ messages }),
    ]) {
      expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
      expect(message.blocks).toHaveLength(1);
    }
    expect(workingMessage({ action: 'archive', experimentId: 3, messages }).text).toContain(
      '*archive* experiment *3*',
    );
    expect(duplicateClickMessage({ messages }).text).toContain('Already being handled');
  });
});
