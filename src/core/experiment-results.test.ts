import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_MAPPING } from './experiment-fields.js';
import { extractExperimentId, logicalFieldFor, platformFieldErrors } from './experiment-results.js';

describe('extractExperimentId', () => {
  it.each([
    [{ id: 1000 }, 1000],
    [{ experimentId: '42' }, 42],
    [{ data: { id: 7 } }, 7],
    [{ result: { id: 9 } }, 9],
    [{ experiment: { id: 11 } }, 11],
    [{ id: 0 }, undefined],
    [{ id: -3 }, undefined],
    [{ id: 'abc' }, undefined],
    [null, undefined],
    ['1000', undefined],
    [[], undefined],
  ])('%o → %s', (response, expected) => {
    expect(extractExperimentId(response)).toBe(expected);
  });
});

describe('platformFieldErrors', () => {
  it.each([
    ['{"errors":[{"field":"layerId","message":"full"}]}', [{ field: 'layerId', message: 'full' }]],
    ['{"errors":{"teamId":"unknown"}}', [{ field: 'teamId', message: 'unknown' }]],
    ['{"violations":[{"path":"metrics[0]","detail":"bad"}]}', [{ field: 'metrics[0]', message: 'bad' }]],
    ['{"message":"Validation failed"}', [{ field: undefined, message: 'Validation failed' }]],
    ['plain text refusal', [{ field: undefined, message: 'plain text refusal' }]],
    ['', []],
  ])('%s', (body, expected) => {
    expect(platformFieldErrors(body)).toEqual(expected);
  });
});

describe('logicalFieldFor', () => {
  it('maps payload names back through the mapping, including indexed and nested paths', () => {
    expect(logicalFieldFor('layerId', DEFAULT_FIELD_MAPPING)).toBe('layer');
    expect(logicalFieldFor('metrics[0]', DEFAULT_FIELD_MAPPING)).toBe('metrics');
    expect(logicalFieldFor('nonsense', DEFAULT_FIELD_MAPPING)).toBeUndefined();
    expect(logicalFieldFor(undefined, DEFAULT_FIELD_MAPPING)).toBeUndefined();
  });
});
