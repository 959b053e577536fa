import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DICTIONARY_NAMES } from '../../console/types.js';
import { call } from './sandbox-http.test-helper.js';
import { type Sandbox, startSandbox } from './server.js';

let sandbox: Sandbox;
let dicts: string;
let token: string;

beforeEach(async () => {
  sandbox = await startSandbox();
  dicts = `${sandbox.url}/api/console/experiments/v1/dictionaries`;
  token = await sandbox.issueToken();
});
afterEach(() => sandbox.close());

const get = async (name: string, body?: unknown) => call(`${dicts}/${name}`, 'GET', { token, body });

interface Param {
  id: number;
  status: string;
  domainId: number;
}

describe('dictionaries', () => {
  it.each(DICTIONARY_NAMES)('serves %s as JSON', async (name) => {
    const res = await get(name);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual(JSON.parse(JSON.stringify(sandbox.state.dictionaries[name])));
  });

  it('uses deliberately different shapes', async () => {
    const types = (await get('types')).json() as { value: string; deprecated: boolean }[];
    expect(types.find((t) => t.value === 'adhoc')?.deprecated).toBe(true);
    expect(types).toHaveLength(8);
    expect((await get('domains')).json()).toMatchObject({
      items: expect.arrayContaining([{ id: 1, name: 'Marketplace' }]),
    });
    expect((await get('participantTypes')).json()).toContainEqual({ key: 'user', label: 'Registered user' });
    expect((await get('layers')).json()).toContainEqual({ id: 201, title: 'Checkout flow', domainId: 2 });
    expect((await get('holdouts')).json()).toMatchObject({ result: expect.any(Array) });
    const lists = (await get('participant-lists')).json() as { allowed: unknown[]; excluded: unknown[] };
    expect(lists.allowed.length).toBeGreaterThan(0);
    expect(lists.excluded.length).toBeGreaterThan(0);
    const tags = (await get('tags')).json() as unknown[];
    expect(tags.every((t) => typeof t === 'string')).toBe(true);
    const presets = (await get('preset-names')).json() as unknown[];
    expect(presets.every((t) => typeof t === 'string')).toBe(true);
  });

  it('serves teams as a tree three levels deep', async () => {
    interface Team {
      id: number;
      children: Team[];
    }
    const { data } = (await get('teams')).json() as { data: Team[] };
    const depth = (t: Team): number => 1 + Math.max(0, ...t.children.map(depth));
    expect(Math.max(...data.map(depth))).toBe(3);
    const count = (t: Team): number => 1 + t.children.reduce((n, c) => n + count(c), 0);
    expect(data.reduce((n, t) => n + count(t), 0)).toBeGreaterThanOrEqual(10);
  });

  it('serves a metric catalogue large enough to need search (about 2500 unique slugs)', async () => {
    const meta = (await get('objective-meta')).json() as { metrics: { slug: string }[]; slices: unknown[] };
    expect(meta.metrics.length).toBe(2500);
    expect(new Set(meta.metrics.map((m) => m.slug)).size).toBe(2500);
    expect(meta.slices.length).toBeGreaterThan(0);
  });

  it.each([
    'participant-types',
    'participanttypes',
    'ParticipantTypes',
    'participant_lists',
    'participantLists',
    'presetNames',
    'statuses',
    'tags/',
    'tags/extra',
    '',
  ])('answers 404 for %j', async (name) => {
    const res = await get(name);
    expect(res.status).toBe(404);
  });

  it('answers 405 for a method other than GET', async () => {
    const res = await call(`${dicts}/tags`, 'POST', { token, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
  });
});

describe('context-param-predicates (a GET with a JSON body)', () => {
  it('returns every param, in all four statuses, without a body', async () => {
    const res = await get('context-param-predicates');
    const body = res.json() as { params: Param[]; predicates: unknown[]; predicateApplicability: object };
    expect(new Set(body.params.map((p) => p.status))).toEqual(
      new Set(['draft', 'active', 'archived', 'deleted']),
    );
    expect(new Set(body.params.map((p) => p.domainId)).size).toBeGreaterThan(1);
    expect(body.predicates.length).toBeGreaterThan(0);
    expect(Object.keys(body.predicateApplicability)).toEqual(['string', 'number', 'boolean', 'version']);
  });

  it('filters params by domainId taken from the body', async () => {
    const one = (await get('context-param-predicates', { domainId: 1 })).json() as { params: Param[] };
    expect(one.params.length).toBeGreaterThan(0);
    expect(one.params.every((p) => p.domainId === 1)).toBe(true);
    expect(new Set(one.params.map((p) => p.status))).toEqual(
      new Set(['draft', 'active', 'archived', 'deleted']),
    );
    const two = (await get('context-param-predicates', { domainId: 2 })).json() as { params: Param[] };
    expect(two.params.map((p) => p.id)).toEqual([6, 7, 8]);
    const none = (await get('context-param-predicates', { domainId: 99 })).json() as { params: Param[] };
    expect(none.params).toEqual([]);
  });

  it('filters by the domain of experimentId; domainId wins when both are sent', async () => {
    const byExp = (await get('context-param-predicates', { experimentId: 5 })).json() as { params: Param[] };
    expect(byExp.params.map((p) => p.id)).toEqual([9, 10]);
    const both = (await get('context-param-predicates', { experimentId: 5, domainId: 4 })).json() as {
      params: Param[];
    };
    expect(both.params.map((p) => p.id)).toEqual([11, 12]);
    const nulls = (await get('context-param-predicates', { experimentId: null, domainId: null })).json() as {
      params: Param[];
    };
    expect(nulls.params).toHaveLength(12);
  });

  it('404s an unknown experimentId and refuses an invalid body', async () => {
    const missing = await get('context-param-predicates', { experimentId: 999 });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('Experiment with id=999 was not found');
    for (const body of [{ domainId: '1' }, { domainId: 1.5 }, { domain: 1 }, [1]]) {
      const res = await get('context-param-predicates', body);
      expect(res.status).toBe(400);
      expect((res.json() as { message: string }).message).toBe('Validation failed');
    }
    const malformed = await call(`${dicts}/context-param-predicates`, 'GET', {
      token,
      rawBody: '{domainId:1}',
    });
    expect(malformed.status).toBe(400);
  });
});
