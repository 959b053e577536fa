import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ExperimentNotFoundError, InvalidTokenError, StatusConflictError } from '../console/errors.js';
import { type LifecycleOnOutage, lifecycleOnOutage, SCOPE } from './lifecycle/outage.test-helper.js';
import { runLifecycleAction } from './run-action.js';

// An action the platform answers while the app's store goes away (between the intent's write and
// the record's): the outcome is the platform's, whatever the store did, and what it taught is
// written once the store is back.

let o: LifecycleOnOutage;
beforeEach(async () => {
  o = await lifecycleOnOutage();
});
afterEach(async () => {
  await o.close();
});

const record = (id: number) => o.stored(`record:${SCOPE}:${id}`);

describe('an action answered while the store goes away', () => {
  it('is a conflict with the status the platform named, recorded once the store is back', async () => {
    o.cutWhenAnswered();
    const outcome = await runLifecycleAction(o.deps, o.request('start', 1));
    expect(outcome.kind).toBe('conflict');
    if (outcome.kind !== 'conflict') return;
    expect(outcome.error).toBeInstanceOf(StatusConflictError);
    expect(outcome.error.currentStatus).toBe('running');
    expect(outcome.view.record.status?.value).toBe('running');
    // Refused from running: not offered again.
    expect(outcome.view.offered).toEqual(['stop']);
    expect(o.logs.join('\n')).toContain('lifecycle action answered but its answer not recorded');
    expect(await record(1)).toBeUndefined();

    o.outage.restore();
    expect(await o.records.writeKept()).toBe(0);
    expect(await record(1)).toMatchObject({ status: { value: 'running' } });
    expect(await o.stored(`learnt:${SCOPE}`)).toEqual({ v: 1, refusals: { running: ['start'] } });
  });

  it('is not found, and the record learns it once the store is back', async () => {
    o.cutWhenAnswered();
    const outcome = await runLifecycleAction(o.deps, o.request('archive', 987_654));
    expect(outcome).toMatchObject({ kind: 'failed', error: expect.any(ExperimentNotFoundError) });
    o.outage.restore();
    await o.records.writeKept();
    expect(await record(987_654)).toMatchObject({ notFound: { value: true } });
  });

  it("is the token's refusal, though the mark on the stored connection could not be written", async () => {
    o.sandbox.revokeToken(o.token);
    o.cutWhenAnswered();
    const outcome = await runLifecycleAction(o.deps, o.request('start', 4));
    expect(outcome).toMatchObject({ kind: 'failed', error: expect.any(InvalidTokenError) });
    expect(o.logs.join('\n')).toContain('lifecycle action answered but its answer not recorded');
  });

  it('is done, told from what was read before, and recorded once the store is back', async () => {
    o.cutWhenAnswered();
    const outcome = await runLifecycleAction(o.deps, o.request('start', 4));
    expect(outcome.kind).toBe('done');
    if (outcome.kind !== 'done') return;
    expect(outcome.view.record.status?.value).toBe('running');
    await outcome.recorded;
    o.outage.restore();
    await o.records.writeKept();
    expect(await record(4)).toMatchObject({
      status: { value: 'running' },
      actions: [{ action: 'start', actorId: 'U0MEMBER1' }],
    });
  });
});
