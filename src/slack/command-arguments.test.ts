import { describe, expect, it } from 'vitest';
import { normaliseBaseUrl } from './connection/submission.js';
import { predicateArguments, predicateArgumentWords } from './dictionaries/predicate-arguments.js';
import { parseSplitterArgs } from './splitter/args.js';
import { workspaceFromBody, workspaceFromCommand } from './workspace.js';

describe('normaliseBaseUrl', () => {
  it.each([
    [' https://exp.example.com/ ', 'https://exp.example.com'],
    ['https://exp.example.com/api/console', 'https://exp.example.com'],
    ['https://exp.example.com/tenant/api/console/', 'https://exp.example.com/tenant'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['ftp://exp.example.com', undefined],
    ['https://user:pass@exp.example.com', undefined],
    ['https://exp.example.com/?token=x', undefined],
    ['not a url', undefined],
    ['', undefined],
  ])('%j → %j', (input, expected) => {
    expect(normaliseBaseUrl(input)).toBe(expected);
  });
});

describe('predicateArguments', () => {
  it('takes experiment= and domain= as the request body and keeps the rest as the filter', () => {
    expect(predicateArguments('domain=2 device type')).toEqual({
      body: { domainId: 2 },
      filter: 'device type',
    });
    expect(predicateArguments('experiment=5 Domain=1')).toMatchObject({
      body: { experimentId: 5, domainId: 1 },
    });
    expect(predicateArguments(undefined)).toEqual({ body: undefined, filter: undefined });
    // Not ids: kept as filter words, never sent.
    expect(predicateArguments('domain=0 experiment=abc')).toEqual({
      body: undefined,
      filter: 'domain=0 experiment=abc',
    });
  });

  it('writes a body back as the words that read it', () => {
    expect(predicateArgumentWords({ experimentId: 5, domainId: 1 })).toEqual(['experiment=5', 'domain=1']);
    expect(predicateArgumentWords({ domainId: 2, experimentId: null })).toEqual(['domain=2']);
    expect(predicateArgumentWords(undefined)).toEqual([]);
    const words = predicateArgumentWords({ experimentId: 5, domainId: 1 });
    expect(predicateArguments([...words, 'city'].join(' '))).toEqual({
      body: { experimentId: 5, domainId: 1 },
      filter: 'city',
    });
  });
});

describe('parseSplitterArgs', () => {
  it('reads TAG PLATFORM PARTICIPANT and refuses anything else with a reason', () => {
    expect(parseSplitterArgs(['checkout', 'ios', 'user:42'])).toEqual({
      ok: true,
      subject: 'checkout',
      platform: { id: 4, name: 'iOS' },
      participant: { userId: 42 },
      warning: undefined,
    });
    expect(parseSplitterArgs(['checkout', 'ios'])).toEqual({ ok: false, problem: undefined });
    expect(parseSplitterArgs(['a', 'ios', '1', 'extra'])).toEqual({
      ok: false,
      problem: { kind: 'word-count', count: 4 },
    });
    expect(parseSplitterArgs(['a', 'tv', '1'])).toEqual({
      ok: false,
      problem: { kind: 'not-a-platform', input: 'tv' },
    });
    expect(parseSplitterArgs(['a', 'ios', 'bob'])).toEqual({
      ok: false,
      problem: { kind: 'not-a-participant', input: 'bob' },
    });
    expect(parseSplitterArgs(['a', '9', 'visitor:abc'])).toMatchObject({
      ok: true,
      warning: { kind: 'unknown-platform-id', id: 9 },
    });
  });
});

describe('workspace references', () => {
  it('keys commands and interactions by team and enterprise', () => {
    expect(workspaceFromCommand({ team_id: 'T1', enterprise_id: 'E1' })).toEqual({
      teamId: 'T1',
      enterpriseId: 'E1',
    });
    expect(workspaceFromCommand({ team_id: 'T1', enterprise_id: '' })).toEqual({
      teamId: 'T1',
      enterpriseId: undefined,
    });
    expect(
      workspaceFromBody({ team: null, enterprise: { id: 'E1' }, user: { id: 'U1', team_id: 'T2' } }),
    ).toEqual({
      teamId: 'T2',
      enterpriseId: 'E1',
    });
  });
});
