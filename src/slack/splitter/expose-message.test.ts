import type { Button } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { LIMITS } from '../blocks/limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { texts } from '../dictionaries/page.test-helper.js';
import { en } from '../messages/index.js';
import { SlackPayloadError } from '../payload.js';
import { exposeCancelledMessage, exposeConfirmMessage, exposeDoneMessage } from './expose-message.js';
import { decodeExposeValue, EXPOSE_ACTIONS, encodeExposeValue } from './ids.js';

const messages = en;

function within(reply: SlackMessage): SlackMessage {
  expectWithinBlockKitLimits({ kind: 'message', ...reply });
  return reply;
}

function buttons(reply: SlackMessage): Button[] {
  return reply.blocks.flatMap((b) => (b.type === 'actions' ? (b.elements as Button[]) : []));
}

describe('exposeConfirmMessage', () => {
  it('explains the effect on statistics and offers confirm and cancel, asking once', () => {
    const reply = within(
      exposeConfirmMessage({
        label: 'checkout_<!channel>',
        platform: { id: 5, name: 'Android' },
        participant: { visitorId: 'v-1' },
        messages,
      }),
    );
    const all = texts(reply.blocks).join('\n');
    expect(all).toContain(
      'Register an exposure of visitor `v-1` in experiment `checkout<!date^00000000^{_}|_>&lt;!channel&gt;` on Android?',
    );
    expect(all).toContain('changes its statistics');
    // mrkdwn is escaped; the button value is data, never parsed
    expect(all).not.toContain('<!channel>');
    expect(reply.text).not.toContain('<!channel>');
    const [confirm, cancel] = buttons(reply);
    expect(confirm?.action_id).toBe(EXPOSE_ACTIONS.confirm);
    expect(confirm?.style).toBe('primary');
    // The message is the confirmation: the button opens no second dialog.
    expect(confirm).not.toHaveProperty('confirm');
    expect(cancel).not.toHaveProperty('confirm');
    expect(cancel?.action_id).toBe(EXPOSE_ACTIONS.cancel);
    const expected = { label: 'checkout_<!channel>', platformId: 5, participant: { visitorId: 'v-1' } };
    expect(decodeExposeValue(confirm?.value ?? '')).toEqual(expected);
    expect(decodeExposeValue(cancel?.value ?? '')).toEqual(expected);
  });

  it('offers no buttons when the request cannot fit in a button value', () => {
    const reply = within(
      exposeConfirmMessage({
        label: '"'.repeat(1500),
        platform: { id: 4 },
        participant: { userId: 1 },
        messages,
      }),
    );
    expect(buttons(reply)).toEqual([]);
    expect(reply.text).toContain('too long to confirm from Slack. Nothing was registered.');
  });
});

describe('expose button values', () => {
  it('round-trip and refuse oversize or malformed values', () => {
    const value = { label: 'exp', platformId: 1, participant: { userId: 7, visitorId: 'v' } };
    expect(decodeExposeValue(encodeExposeValue(value))).toEqual(value);
    const big = { ...value, label: 'x'.repeat(LIMITS.buttonValue) };
    expect(() => encodeExposeValue(big)).toThrow(SlackPayloadError);
    expect(() => decodeExposeValue('{"label":"x","platformId":1,"participant":{}}')).toThrow(
      SlackPayloadError,
    );
    expect(() => decodeExposeValue('{"label":"","platformId":1,"participant":{"userId":1}}')).toThrow(
      SlackPayloadError,
    );
  });
});

describe('exposeDoneMessage and exposeCancelledMessage', () => {
  it('report the outcome, escaped', () => {
    const done = within(
      exposeDoneMessage({
        label: 'a<b>',
        platform: { id: 1, name: 'Desktop' },
        participant: { userId: 42 },
        userId: 'U123',
        messages,
      }),
    );
    expect(done.text).toBe(
      '<@U123> registered an exposure of user 42 in experiment `a&lt;b&gt;` on Desktop.',
    );
    const anonymous = within(
      exposeDoneMessage({ label: 'x', platform: { id: 7 }, participant: { userId: 1 }, messages }),
    );
    expect(anonymous.text).toBe('Exposure registered: user 1 in experiment `x` on platform 7.');
    expect(within(exposeCancelledMessage({ label: '<!here>', messages })).text).toBe(
      'Cancelled: no exposure was registered in experiment `&lt;!here&gt;`.',
    );
    expect(within(exposeCancelledMessage({ messages })).text).toBe('Cancelled: no exposure was registered.');
  });
});
