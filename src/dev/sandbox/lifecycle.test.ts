import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './sandbox-http.test-helper.js';
import { type Sandbox, startSandbox } from './server.js';

let sandbox: Sandbox;
let api: string;
let token: string;

beforeEach(async () => {
  sandbox = await startSandbox();
  api = `${sandbox.url}/api/console/experiments/v1`;
  token = await sandbox.issueToken();
});
afterEach(() => sandbox.close());

const act = (id: number | string, action: string, body?: unknown) =>
  call(`${api}/${id}/${action}`, 'POST', { token, body });
const statusOf = (id: number) => sandbox.state.experiments.get(id)?.status;

describe('lifecycle errors, byte for byte', () => {
  it.each(['start', 'stop', 'archive', 'unarchive'])(
    '404 for %s on an unknown experiment',
    async (action) => {
      const res = await act(999, action);
      expect(res.status).toBe(404);
      expect(res.text).toBe(`Experiment with id=999 was not found for action ${action}`);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    },
  );

  it.each([
    [1, 'start', 'running'],
    [5, 'start', 'stopped'],
    [6, 'start', 'archived'],
    [4, 'stop', 'draft'],
    [5, 'stop', 'stopped'],
    [2, 'archive', 'running'],
    [6, 'archive', 'archived'],
    [5, 'unarchive', 'stopped'],
    [1, 'unarchive', 'running'],
  ] as const)('400 for experiment %i action %s in status %s', async (id, action, status) => {
    const res = await act(id, action);
    expect(res.status).toBe(400);
    expect(res.text).toBe(
      `Cannot perform action ${action} for experiment id=${id}: current status is ${status}`,
    );
    expect(statusOf(id)).toBe(status);
  });

  it('404 with the stated text for id 0; validation 400 for ids that are not positive integers', async () => {
    const zero = await act(0, 'start');
    expect(zero.status).toBe(404);
    expect(zero.text).toBe('Experiment with id=0 was not found for action start');
    for (const bad of ['abc', '-1', '1.5', '99999999999999999999']) {
      const res = await act(bad, 'start');
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({
        message: 'Validation failed',
        errors: [{ field: 'id', message: 'must be a positive integer' }],
      });
    }
  });

  it('404 for an unknown action and 405 for another method on a lifecycle path', async () => {
    expect((await act(1, 'pause')).status).toBe(404);
    const res = await call(`${api}/1/start`, 'GET', { token });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('lifecycle transitions', () => {
  it('walks draft → running → stopped → archived → stopped, answering {"ok":true}', async () => {
    for (const [action, after] of [
      ['start', 'running'],
      ['stop', 'stopped'],
      ['archive', 'archived'],
      ['unarchive', 'stopped'],
    ] as const) {
      const res = await act(123, action);
      expect(res.status).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(statusOf(123)).toBe(after);
    }
    // A stopped experiment is not restarted.
    expect((await act(123, 'start')).text).toBe(
      'Cannot perform action start for experiment id=123: current status is stopped',
    );
  });

  it("refuses to archive a draft, as the app's transition table says", async () => {
    const res = await act(4, 'archive');
    expect(res.status).toBe(400);
    expect(res.text).toBe('Cannot perform action archive for experiment id=4: current status is draft');
    expect(statusOf(4)).toBe('draft');
  });

  it('shows the new status through GET /experiments/v1/{id}', async () => {
    await act(123, 'start');
    const res = await call(`${api}/123`, 'GET', { token });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ id: 123, status: 'running', label: 'recommendations_carousel' });
  });
});

describe('stop body', () => {
  it('records the interrupt reason and comment', async () => {
    const res = await act(2, 'stop', {
      interruptReason: 'critical_metric_impact',
      interruptReasonComment: 'AOV -4%',
    });
    expect(res.json()).toEqual({ ok: true });
    expect(sandbox.state.experiments.get(2)).toMatchObject({
      status: 'stopped',
      interruptReason: 'critical_metric_impact',
      interruptReasonComment: 'AOV -4%',
    });
  });

  it('accepts no body, an empty object and explicit nulls', async () => {
    expect((await act(1, 'stop')).status).toBe(200);
    expect(sandbox.state.experiments.get(1)?.interruptReason).toBeNull();
    expect((await act(2, 'stop', {})).status).toBe(200);
    expect((await act(3, 'stop', { interruptReason: null, interruptReasonComment: null })).status).toBe(200);
  });

  it.each([
    [{ interruptReason: 'boredom' }, 'interruptReason'],
    [{ interruptReason: 'BUG' }, 'interruptReason'],
    [{ interruptReasonComment: 42 }, 'interruptReasonComment'],
    [{ reason: 'bug' }, 'reason'],
    [['bug'], '(body)'],
  ])('refuses %j with a validation 400 on %s and does not stop', async (body, field) => {
    const res = await act(1, 'stop', body);
    expect(res.status).toBe(400);
    const parsed = res.json() as { message: string; errors: { field: string }[] };
    expect(parsed.message).toBe('Validation failed');
    expect(parsed.errors.map((e) => e.field)).toContain(field);
    expect(statusOf(1)).toBe('running');
  });

  it('refuses a malformed JSON body with a validation 400', async () => {
    const res = await call(`${api}/1/stop`, 'POST', { token, rawBody: '{"interruptReason": "bug"' });
    expect(res.status).toBe(400);
    expect((res.json() as { errors: { field: string }[] }).errors[0]?.field).toBe('(body)');
    expect(statusOf(1)).toBe('running');
  });

  it('validates the body before looking the experiment up', async () => {
    expect((await act(999, 'stop', { interruptReason: 'nope' })).status).toBe(400);
    expect((await act(999, 'stop', { interruptReason: 'bug' })).status).toBe(404);
  });
});
