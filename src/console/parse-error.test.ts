import { describe, expect, it } from 'vitest';
import {
  ExperimentNotFoundError,
  ForbiddenError,
  InsufficientScopeError,
  InvalidTokenError,
  MissingAuthError,
  ServerError,
  UnexpectedStatusError,
  ValidationError,
} from './errors.js';
import { keepBody, matchConflict, parseErrorResponse, primaryMessage } from './parse-error.js';

const base = { method: 'POST', path: '/experiments/v1/7/stop', experimentScoped: true };
const sent = { action: 'stop', experimentId: 7 };
const lifecycle = { ...base, lifecycle: sent };
const conflict = 'Cannot perform action stop for experiment id=7: current status is ';

describe('403 classification', () => {
  it('keeps "Invalid api key provided" an invalid token and a scope refusal apart', () => {
    const invalid = parseErrorResponse({ ...base, status: 403, text: 'Invalid api key provided' });
    expect(invalid).toBeInstanceOf(InvalidTokenError);
    const scope = parseErrorResponse({
      ...base,
      status: 403,
      text: '{"message":"Insufficient scope: requires edit:experiment:manage_experiment"}',
    });
    expect(scope).toBeInstanceOf(InsufficientScopeError);
    expect(scope).not.toBeInstanceOf(InvalidTokenError);
    const oauth = parseErrorResponse({
      ...base,
      status: 403,
      text: '{"error":"insufficient_scope","error_description":"manage right needed"}',
    });
    expect(oauth).toBeInstanceOf(InsufficientScopeError);
  });
});

describe('403', () => {
  const base403 = { status: 403, method: 'POST', path: '/experiments/v1/7/stop', experimentScoped: true };
  it('is an invalid token only with the interface\'s "Invalid api key provided"', () => {
    expect(parseErrorResponse({ ...base403, text: '{"message":"Invalid api key provided"}' })).toBeInstanceOf(
      InvalidTokenError,
    );
    expect(parseErrorResponse({ ...base403, text: 'Invalid api key provided' })).toBeInstanceOf(
      InvalidTokenError,
    );
  });
  it.each([
    '<html><body><h1>403 Forbidden</h1>nginx</body></html>',
    '{"message":"Request blocked by WAF rule 942100"}',
    'Access denied',
  ])('is a refusal that leaves the connection alone for %j', (text) => {
    const error = parseErrorResponse({ ...base403, text });
    expect(error).toBeInstanceOf(ForbiddenError);
    expect(error).not.toBeInstanceOf(InvalidTokenError);
  });
});

describe('parseErrorResponse', () => {
  it.each([
    [401, MissingAuthError],
    // Only the interface's own text says the token is bad; a bare 403 may be a gateway's.
    [403, ForbiddenError],
    [404, ExperimentNotFoundError],
    [400, ValidationError],
    [500, ServerError],
    [599, ServerError],
    [302, UnexpectedStatusError],
    [418, UnexpectedStatusError],
    [429, UnexpectedStatusError],
  ])('classifies %i by status even with an empty body', (status, cls) => {
    const error = parseErrorResponse({ ...base, status, text: '' });
    expect(error).toBeInstanceOf(cls);
    expect(error).toMatchObject({ status, body: '', method: 'POST', path: '/experiments/v1/7/stop' });
  });

  it('finds the sentence in a JSON body larger than the kept 4 KB', () => {
    const text = JSON.stringify({ message: `${conflict}RUNNING`, trace: 'x'.repeat(10_000) });
    const error = parseErrorResponse({ ...lifecycle, status: 400, text });
    expect(error).toMatchObject({ currentStatus: 'RUNNING', action: 'stop', experimentId: 7 });
    expect(error.body?.length).toBeLessThanOrEqual(4097);
  });

  it('takes the message from a JSON string body and from a one-error list', () => {
    expect(matchConflict(JSON.stringify(`${conflict}draft`), sent)?.currentStatus).toBe('draft');
    const list = JSON.stringify({ errors: [{ code: 'STATUS', message: `${conflict}RUNNING` }] });
    expect(matchConflict(list, sent)?.currentStatus).toBe('RUNNING');
  });

  it('keeps an opaque single-token status as sent', () => {
    for (const status of ['RUNNING_WITH_ERRORS', 'на_паузе', 'paused.']) {
      expect(parseErrorResponse({ ...lifecycle, status: 400, text: `${conflict}${status}\n` })).toMatchObject(
        {
          currentStatus: status,
        },
      );
    }
  });

  it.each([
    ['text after the status', `${conflict}PAUSED  \nat line 3`],
    ['a status of several words', `${conflict}on hold (manual)`],
    ['no status', conflict],
    ['another experiment', 'Cannot perform action stop for experiment id=8: current status is running'],
    ['another action', 'Cannot perform action start for experiment id=7: current status is running'],
    ['the sentence inside a longer message', `Rejected: ${conflict}running`],
    [
      'a validation body quoting it in a field',
      JSON.stringify({
        message: 'Validation failed',
        errors: [{ field: 'interruptReasonComment', message: `${conflict}running` }],
      }),
    ],
    ['an echoed value among several errors', JSON.stringify({ errors: [`${conflict}running`, 'too long'] })],
  ])('is a validation failure, not a conflict, for %s', (_label, text) => {
    const error = parseErrorResponse({ ...lifecycle, status: 400, text });
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('is never a conflict for a request that was not a lifecycle action', () => {
    const error = parseErrorResponse({
      ...base,
      path: '/experiments/v1/7',
      status: 400,
      text: `${conflict}running`,
    });
    expect(error).toBeInstanceOf(ValidationError);
  });

  it('ignores an experiment id beyond the safe integer range', () => {
    const text = 'Experiment with id=99999999999999999999 was not found for action start';
    expect(parseErrorResponse({ ...base, status: 404, text })).toMatchObject({
      experimentId: undefined,
      action: 'start',
    });
  });
});

describe('primaryMessage', () => {
  it.each([
    ['{"message":"a"}', 'a'],
    ['{"message":null,"error":"b"}', 'b'],
    ['{"error":{"kind":"k","message":"c"}}', 'c'],
    ['{"detail":"d"}', 'd'],
    ['{"title":"e"}', 'e'],
    ['plain words', 'plain words'],
    ['{"unrelated":1}', undefined],
    ['[1,2]', undefined],
    ['   ', undefined],
  ])('reads %s', (text, expected) => {
    expect(primaryMessage(text)).toBe(expected);
  });
});

describe('keepBody', () => {
  it('redacts the token before truncating so a cut cannot expose half of it', () => {
    const token = 'zzzz-secret-token-zzzz';
    const kept = keepBody(`${'a'.repeat(4090)}${token}`, token);
    expect(kept).not.toContain('zzzz-sec');
    expect(kept.length).toBeLessThanOrEqual(4097);
  });
});
