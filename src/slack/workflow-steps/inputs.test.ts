import { describe, expect, it } from 'vitest';
import { STOP_COMMENT_MAX } from '../../core/stop-reason.js';
import { parseCommonInputs, parseStopInputs } from './inputs.js';
import { workflowStepMessagesEn } from './messages-en.js';
import { plainText } from './plain-text.js';

const m = workflowStepMessagesEn();
const person = { user_context: { id: 'U0MEMBER1', secret: 's3cret' } };

describe('a step’s inputs', () => {
  it.each([
    [{ experiment_id: '12' }, 12],
    [{ experiment_id: ' #12 ' }, 12],
    // A form's number field arrives as a number.
    [{ experiment_id: 12 }, 12],
  ])('reads the experiment id from %j', (inputs, id) => {
    const parsed = parseCommonInputs({ ...inputs, ...person }, m, false);
    expect(parsed).toEqual({
      ok: true,
      value: { experimentId: id, channelId: undefined, personId: 'U0MEMBER1' },
    });
  });

  it.each([
    [{}, m.missingId],
    [{ experiment_id: '  ' }, m.missingId],
    [{ experiment_id: 12.5 }, m.badId({ got: '12.5' })],
    [{ experiment_id: '-3' }, m.badId({ got: '-3' })],
    [{ experiment_id: '１２' }, m.badId({ got: '１２' })],
    [{ experiment_id: '1'.repeat(60) }, m.badId({ got: `${'1'.repeat(40)}…` })],
    [{ experiment_id: ['1'] }, m.missingId],
  ])('refuses %j', (inputs, error) => {
    expect(parseCommonInputs(inputs, m, false)).toEqual({ ok: false, error });
  });

  it('takes the person only from a user_context with a user id', () => {
    const of = (userContext: unknown) =>
      parseCommonInputs({ experiment_id: '1', user_context: userContext }, m, false);
    expect(of({ id: 'W0ENTERPRISE' })).toMatchObject({ ok: true, value: { personId: 'W0ENTERPRISE' } });
    for (const bad of [undefined, 'U0MEMBER1', { id: 'not a user' }, { id: 42 }, null])
      expect(of(bad)).toMatchObject({ ok: true, value: { personId: undefined } });
  });

  it('requires a channel id where results are posted', () => {
    expect(parseCommonInputs({ experiment_id: '1' }, m, true)).toEqual({
      ok: false,
      error: m.missingChannel,
    });
    expect(parseCommonInputs({ experiment_id: '1', channel_id: '#general' }, m, true)).toEqual({
      ok: false,
      error: m.badChannel({ got: '#general' }),
    });
    expect(parseCommonInputs({ experiment_id: '1', channel_id: 'C0GENERAL' }, m, true)).toMatchObject({
      ok: true,
      value: { channelId: 'C0GENERAL' },
    });
  });

  it('reads a stop’s reason as the command does, and bounds the comment', () => {
    const stop = (more: Record<string, unknown>) =>
      parseStopInputs({ experiment_id: '1', channel_id: 'C0GENERAL', ...more }, m);
    expect(stop({ reason: 'critical-metric-impact' })).toMatchObject({
      ok: true,
      value: { reason: 'critical_metric_impact', comment: undefined },
    });
    expect(stop({ reason: 'Bug', comment: '  flaky  ' })).toMatchObject({
      ok: true,
      value: { reason: 'bug', comment: 'flaky' },
    });
    expect(stop({})).toMatchObject({ ok: true, value: { reason: undefined } });
    expect(stop({ reason: 'paused' })).toEqual({ ok: false, error: m.badReason({ got: 'paused' }) });
    expect(stop({ reason: 'bug', comment: 'x'.repeat(STOP_COMMENT_MAX) })).toMatchObject({ ok: true });
    expect(stop({ reason: 'bug', comment: 'x'.repeat(STOP_COMMENT_MAX + 1) })).toEqual({
      ok: false,
      error: m.commentTooLong({ length: STOP_COMMENT_MAX + 1, max: STOP_COMMENT_MAX }),
    });
    // Counted as people count characters: an emoji is one, though two UTF-16 units.
    expect(stop({ reason: 'bug', comment: '🧪'.repeat(STOP_COMMENT_MAX) })).toMatchObject({ ok: true });
  });
});

describe('plainText', () => {
  it.each([
    ['*start* needs <@U0ADMIN01>', 'start needs @U0ADMIN01'],
    ['in <#C0GENERAL|general> or <#C0RANDOM0>', 'in #general or #C0RANDOM0'],
    ['<!subteam^S0OWNERS> only', '@S0OWNERS only'],
    ['status `running` &lt;now&gt; &amp; then', 'status running <now> & then'],
    ['see <https://console.example.com/e/1|experiment 1>', 'see experiment 1'],
    ['<!date^1700000000^{date_short}|Nov 14>', 'Nov 14'],
  ])('%s', (text, plain) => {
    expect(plainText(text)).toBe(plain);
  });
});
