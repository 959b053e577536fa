import { describe, expect, it } from 'vitest';
import { ConsoleStopExperimentRequest } from '../console/schemas.js';
import {
  isEmptyStopReason,
  otherCommentMissing,
  overlongStopComment,
  STOP_COMMENT_MAX,
  StopRequest,
  stopReasonOfCommand,
  stopReasonOfForm,
  stopReasonOfRequest,
  toRequest,
} from './stop-reason.js';

const lenient = { stopReasonRequired: false, otherCommentRequired: false };
const strict = { stopReasonRequired: true, otherCommentRequired: true };

describe('a stop reason', () => {
  it('is sent in the interface’s shape, with null for what was not given', () => {
    const body = toRequest(stopReasonOfCommand('bug'));
    expect(body).toEqual({ interruptReason: 'bug', interruptReasonComment: null });
    expect(ConsoleStopExperimentRequest.parse(body)).toEqual(body);
    expect(toRequest(stopReasonOfCommand('other', 'flaky'))).toEqual({
      interruptReason: 'other',
      interruptReasonComment: 'flaky',
    });
  });

  it('reads back what it sends', () => {
    const stop = stopReasonOfCommand('critical_metric_impact', 'Revenue −12 %');
    expect(stopReasonOfRequest(toRequest(stop))).toEqual(stop);
    expect(
      isEmptyStopReason(stopReasonOfRequest({ interruptReason: null, interruptReasonComment: null })),
    ).toBe(true);
  });

  it('from the modal: no reason only where the policy allows it, a comment for Other where it asks', () => {
    const none = { chosen: 'none', noReasonChosen: true, comment: '  ' };
    expect(stopReasonOfForm(lenient, none)).toEqual({ ok: true, stop: { comment: undefined } });
    expect(stopReasonOfForm(strict, none)).toEqual({ ok: false, problem: 'reason-required' });
    const bare = { chosen: 'other', noReasonChosen: false, comment: ' ' };
    expect(stopReasonOfForm(strict, bare)).toEqual({ ok: false, problem: 'comment-required' });
    expect(stopReasonOfForm(lenient, bare)).toEqual({
      ok: true,
      stop: { reason: 'other', comment: undefined },
    });
    expect(stopReasonOfForm(strict, { ...bare, comment: ' why ' })).toEqual({
      ok: true,
      stop: { reason: 'other', comment: 'why' },
    });
    expect(stopReasonOfForm(lenient, { chosen: 'bored', noReasonChosen: false, comment: undefined })).toEqual(
      {
        ok: false,
        problem: 'reason-required',
      },
    );
  });

  it('takes a comment up to the one limit, counted as people count characters', () => {
    expect(overlongStopComment(undefined)).toBeUndefined();
    expect(overlongStopComment('x'.repeat(STOP_COMMENT_MAX))).toBeUndefined();
    expect(overlongStopComment('x'.repeat(3_200))).toBe(3_200);
    // Two UTF-16 units each, one character each.
    expect(overlongStopComment('🧪'.repeat(STOP_COMMENT_MAX))).toBeUndefined();
    expect(overlongStopComment('🧪'.repeat(STOP_COMMENT_MAX + 1))).toBe(STOP_COMMENT_MAX + 1);
    const body = (comment: string) => ({ interruptReason: 'bug', interruptReasonComment: comment });
    expect(StopRequest.safeParse(body('🧪'.repeat(STOP_COMMENT_MAX))).success).toBe(true);
    expect(StopRequest.safeParse(body('x'.repeat(STOP_COMMENT_MAX + 1))).success).toBe(false);
  });

  it('from the modal: a comment over the limit is refused with its length, whatever the reason', () => {
    const long = ` ${'x'.repeat(3_200)} `;
    expect(stopReasonOfForm(lenient, { chosen: 'bug', noReasonChosen: false, comment: long })).toEqual({
      ok: false,
      problem: 'comment-too-long',
      length: 3_200,
    });
    expect(stopReasonOfForm(lenient, { chosen: 'none', noReasonChosen: true, comment: long })).toMatchObject({
      problem: 'comment-too-long',
    });
    const fits = ` ${'x'.repeat(STOP_COMMENT_MAX)} `;
    expect(stopReasonOfForm(lenient, { chosen: 'bug', noReasonChosen: false, comment: fits })).toMatchObject({
      ok: true,
    });
  });

  it('lacks a comment only for Other, only where the policy asks', () => {
    expect(otherCommentMissing(strict, stopReasonOfCommand('other'))).toBe(true);
    expect(otherCommentMissing(strict, stopReasonOfCommand('other', ' \n'))).toBe(true);
    expect(otherCommentMissing(lenient, stopReasonOfCommand('other'))).toBe(false);
    expect(otherCommentMissing(strict, stopReasonOfCommand('bug'))).toBe(false);
    expect(otherCommentMissing(strict, undefined)).toBe(false);
  });
});
