import { describe, expect, it } from 'vitest';
import { DictionaryBudgetExceededError } from '../src/console/dictionaries/budget.js';
import { pickValue } from '../src/console/dictionaries/item-fields.js';
import * as consoleErrors from '../src/console/errors.js';
import { entryValue } from '../src/core/platform/entry-value.js';
import { PLATFORM_FAILURE_KINDS, platformFailure } from '../src/core/platform/failures.js';
import { TransportError } from '../src/http/transport-error.js';
import { SplitterApiError } from '../src/splitter/errors.js';

// The console implements the domain's port (src/core/platform/): the domain recognises its errors
// by their shape, so these hold the two together.

const request = { method: 'POST', path: '/experiments/v1/4/start' };
const detail = { experimentId: 4, action: 'start', currentStatus: 'running', outcomeUnknown: true };
const everyConsoleError = [
  new consoleErrors.MissingAuthError('m', { ...request, status: 401 }),
  new consoleErrors.InvalidTokenError('m', { ...request, status: 403 }),
  new consoleErrors.InsufficientScopeError('m', { ...request, status: 403 }),
  new consoleErrors.ForbiddenError('m', { ...request, status: 403 }),
  new consoleErrors.ExperimentNotFoundError('m', { ...request, ...detail, status: 404 }),
  new consoleErrors.StatusConflictError('m', { ...request, ...detail, status: 400 }),
  new consoleErrors.ValidationError('m', { ...request, status: 400 }),
  new consoleErrors.ServerError('m', { ...request, status: 502 }),
  new consoleErrors.UnexpectedStatusError('m', { ...request, status: 409 }),
  new consoleErrors.UnexpectedResponseError('m', { ...request, status: 200 }),
  new consoleErrors.ConsoleTimeoutError('m', { ...request, outcomeUnknown: true }),
  new consoleErrors.ConnectionError('m', { ...request, outcomeUnknown: false }),
  new consoleErrors.InvalidRequestError('m', { ...request, issues: ['id: too small'] }),
];

describe("the console's errors are the domain's platform failures", () => {
  it('every kind the port names has its console error, recognised as that kind', () => {
    expect(everyConsoleError.map((error) => platformFailure(error)?.kind)).toEqual([
      ...PLATFORM_FAILURE_KINDS,
    ]);
    for (const error of everyConsoleError) expect(platformFailure(error)).toBe(error);
  });

  it('no other error is taken for one: a transport, splitter, cache or plain error', () => {
    const others = [
      new TransportError('t', {
        kind: 'timeout',
        phase: 'headers',
        code: undefined,
        neverSent: false,
        outcomeUnknown: true,
        ...request,
        timeoutMs: 10,
        detail: 'd',
        cause: undefined,
      }),
      new SplitterApiError('s', { method: 'exposeManyV2', status: 400, kind: 'validation', body: '' }),
      new DictionaryBudgetExceededError('T1', 'teams', 100),
      Object.assign(new Error('e'), { kind: 'server' }),
      { kind: 'server', status: 500, ...request },
    ];
    expect(others.map(platformFailure)).toEqual(others.map(() => undefined));
  });
});

describe("an entry of the platform's JSON", () => {
  it("is known by the same value to the domain (a record's embedded entry) and to the dictionaries", () => {
    const entries = [
      { id: 12, name: 'Checkout' },
      { id: '', value: 'v', key: 'k' },
      { id: Number.NaN, code: 'C1' },
      { slug: 'growth', name: 'Growth' },
      { name: 'tag' },
      { id: true, title: 'no value' },
      {},
    ];
    expect(entries.map(entryValue)).toEqual(entries.map((entry) => pickValue(entry)));
    expect(entries.map(entryValue)).toEqual([12, 'v', 'C1', 'growth', 'tag', undefined, undefined]);
  });
});
