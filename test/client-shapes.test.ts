// "The bot must not depend on the sandbox's choices": the console client, the dictionary cache and
// the normaliser against OTHER plausible platform shapes than the sandbox's. Every body here is a
// shape the interface leaves open ("not shown"); the assertions are on what the app gets to see.
import { Keyv } from 'keyv';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConsoleClient } from '../src/console/client.js';
import { createDictionaryCache, type DictionaryCache } from '../src/console/dictionaries/cache.js';
import type { DictionaryItem } from '../src/console/dictionaries/normalise.js';
import {
  type ConsoleError,
  ExperimentNotFoundError,
  InsufficientScopeError,
  InvalidTokenError,
  MissingAuthError,
  ServerError,
  StatusConflictError,
  UnexpectedResponseError,
  ValidationError,
} from '../src/console/errors.js';
import type { ConsoleApi, DictionaryName } from '../src/console/types.js';
import type { LifecycleAction } from '../src/core/lifecycle-action.js';

const ORIGIN = 'http://other-platform.test';
const TOKEN = 'shape-token-0123456789abcdef';
const SCOPE = 'T0SHAPES';
const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };

let mock: MockAgent;
let cache: DictionaryCache;
let validationErrors: ValidationError[];
let client: ConsoleApi;

beforeEach(() => {
  mock = new MockAgent();
  mock.disableNetConnect();
  cache = createDictionaryCache({ keyv: new Keyv(), ttlMs: 60_000 });
  validationErrors = [];
  client = createConsoleClient({
    connection: { baseUrl: ORIGIN, token: TOKEN },
    dispatcher: mock,
    retry: { attempts: 1 },
    onValidationError: async (error) => {
      validationErrors.push(error);
      await cache.drop(SCOPE);
    },
  });
});
afterEach(async () => {
  mock.assertNoPendingInterceptors();
  await mock.close();
});

const pool = () => mock.get(ORIGIN);
const dictionaryPath = (name: DictionaryName) => `/api/console/experiments/v1/dictionaries/${name}`;
const actionPath = (id: number, action: LifecycleAction) => `/api/console/experiments/v1/${id}/${action}`;
/** What the app sees of an item: everything but the raw object it keeps for diagnostics. */
const visible = (items: DictionaryItem[]) => items.map(({ raw: _raw, ...rest }) => rest);

async function caught<T extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => T,
): Promise<T> {
  const outcome = await promise.then(
    (value: unknown) => ({ value }),
    (error: unknown) => ({ error }),
  );
  if (!('error' in outcome)) throw new Error(`expected ${type.name}, got ${JSON.stringify(outcome.value)}`);
  expect(outcome.error).toBeInstanceOf(type);
  return outcome.error as T;
}

type Visible = Omit<DictionaryItem, 'raw'>;
const dictionaryShapes: [string, DictionaryName, unknown, Visible[]][] = [
  [
    'types as {data:{items:[{code,name}]}}',
    'types',
    {
      data: {
        items: [
          { code: 'regular', name: 'Classic A/B' },
          { code: 'adhoc', name: 'Ad hoc (obsolete)' },
        ],
      },
    },
    [
      { value: 'regular', label: 'Classic A/B' },
      { value: 'adhoc', label: 'Ad hoc (obsolete)' },
    ],
  ],
  [
    'domains as {result:[{key,displayName}]}',
    'domains',
    {
      result: [
        { key: 'marketplace', displayName: 'Marketplace' },
        { key: 'payments', displayName: 'Payments' },
      ],
    },
    [
      { value: 'marketplace', label: 'Marketplace' },
      { value: 'payments', label: 'Payments' },
    ],
  ],
  [
    'participantTypes as a value→label map',
    'participantTypes',
    { user: 'Registered user', visitor: 'Visitor' },
    [
      { value: 'user', label: 'Registered user' },
      { value: 'visitor', label: 'Visitor' },
    ],
  ],
  [
    'layers as a bare array of {code,name}',
    'layers',
    [
      { code: 'L-101', name: 'Search ranking' },
      { code: 'L-201', name: 'Checkout flow' },
    ],
    [
      { value: 'L-101', label: 'Search ranking' },
      { value: 'L-201', label: 'Checkout flow' },
    ],
  ],
  [
    'layers named after the dictionary, with string ids that look like numbers',
    'layers',
    { layers: [{ id: '7', title: 'Seven' }] },
    [{ value: '7', label: 'Seven' }],
  ],
  [
    'holdouts as a paginated {data:{items}} with a state field',
    'holdouts',
    { data: { items: [{ id: 'h-1', title: 'Global 2025', state: 'ACTIVE' }] }, total: 1, page: 1 },
    [{ value: 'h-1', label: 'Global 2025', status: 'ACTIVE' }],
  ],
  [
    'teams as nested {id,title,subteams}',
    'teams',
    [
      {
        id: 't-1',
        title: 'Marketplace',
        subteams: [{ id: 't-11', title: 'Search', subteams: [{ id: 't-111', title: 'Ranking' }] }],
      },
      { id: 't-2', title: 'Ads', subteams: [] },
    ],
    [
      { value: 't-1', label: 'Marketplace' },
      { value: 't-11', label: 'Search', group: 'Marketplace' },
      { value: 't-111', label: 'Ranking', group: 'Marketplace / Search' },
      { value: 't-2', label: 'Ads' },
    ],
  ],
  [
    'teams as one root object with numeric ids',
    'teams',
    {
      id: 1,
      title: 'Company',
      subteams: [{ id: 2, title: 'Search', subteams: [{ id: 3, title: 'Ranking' }] }],
    },
    [
      { value: 1, label: 'Company' },
      { value: 2, label: 'Search', group: 'Company' },
      { value: 3, label: 'Ranking', group: 'Company / Search' },
    ],
  ],
  [
    'participant-lists as one list of items flagged excluded:true',
    'participant-lists',
    [
      { id: 'pl-qa', name: 'QA staff', excluded: false },
      { id: 77, name: 'Load-test bots', excluded: true },
    ],
    [
      { value: 'pl-qa', label: 'QA staff', group: 'allowed' },
      { value: 77, label: 'Load-test bots', group: 'excluded' },
    ],
  ],
  [
    'objective-meta as {data:{metrics,slices}} with numeric metric ids',
    'objective-meta',
    {
      data: {
        metrics: [
          { id: 1001, name: 'search.ctr', title: 'Search CTR' },
          { id: 1002, name: 'search.conv', title: 'Search conversion' },
        ],
        slices: [{ code: 'platform', name: 'Platform' }],
      },
    },
    [
      { value: 1001, label: 'Search CTR', group: 'metrics' },
      { value: 1002, label: 'Search conversion', group: 'metrics' },
      { value: 'platform', label: 'Platform', group: 'slices' },
    ],
  ],
  [
    'preset-names as {values:[…]}',
    'preset-names',
    { values: ['Core', 'Checkout funnel'] },
    [
      { value: 'Core', label: 'Core' },
      { value: 'Checkout funnel', label: 'Checkout funnel' },
    ],
  ],
  [
    'tags as paginated {items:[{name}]}',
    'tags',
    { items: [{ name: 'checkout' }, { name: 'search' }], page: 1, total: 2 },
    [
      { value: 'checkout', label: 'checkout' },
      { value: 'search', label: 'search' },
    ],
  ],
];

describe('dictionaries of other shapes, through client + cache + normaliser', () => {
  it.each(dictionaryShapes)('%s', async (_label, name, body, expected) => {
    pool()
      .intercept({ path: dictionaryPath(name), method: 'GET' })
      .reply(200, JSON.stringify(body), JSON_HEADERS);
    const read = await cache.get(SCOPE, name, client);
    expect(visible(read.items)).toStrictEqual(expected);
    expect(read.warnings).toEqual([]);
    // served from the cache the second time: no interceptor is left for a second request
    expect(visible((await cache.get(SCOPE, name, client)).items)).toStrictEqual(expected);
  });

  it('reads context-param-predicates with string ids and extra fields, sending the GET body', async () => {
    const response = {
      params: [
        {
          id: 'app_version',
          type: 'VERSION',
          title: 'App version',
          label: 'app_version',
          status: 'active',
          domainId: 1,
          createdBy: 'alice',
          options: { min: '1.0.0' },
        },
        { id: 'city', type: 'STRING', title: 'City', label: 'city', status: 'archived', domainId: 1 },
        { id: 'beta', type: 'BOOL', title: '', label: 'beta_flag', status: 'draft', domainId: 1 },
        { id: 'old', type: 'STRING', title: 'Old', label: 'old', status: 'deleted', domainId: 1 },
      ],
      predicates: { EQ: 'equals', IN: 'is one of' },
      predicateApplicability: [{ type: 'STRING', predicates: ['EQ', 'IN'] }],
      revision: 7,
    };
    pool()
      .intercept({ path: dictionaryPath('context-param-predicates'), method: 'GET', body: '{"domainId":1}' })
      .reply(200, JSON.stringify(response), JSON_HEADERS);
    const read = await cache.get(SCOPE, 'context-param-predicates', client, { body: { domainId: 1 } });
    expect(visible(read.items)).toStrictEqual([
      { value: 'app_version', label: 'App version', status: 'active' },
      { value: 'city', label: 'City', status: 'archived' },
      { value: 'beta', label: 'beta_flag', status: 'draft' },
      { value: 'old', label: 'Old', status: 'deleted' },
    ]);
    expect(read.extra).toEqual({
      predicates: response.predicates,
      predicateApplicability: response.predicateApplicability,
      revision: 7,
    });
    expect(read.warnings).toEqual([]);
  });
});

describe('lifecycle errors of other shapes', () => {
  const conflicts: [string, LifecycleAction, number, string, string, string][] = [
    [
      'JSON {error:{message}}',
      'start',
      5,
      '{"error":{"message":"Cannot perform action start for experiment id=5: current status is PAUSED_BY_SYSTEM"}}',
      'application/json',
      'PAUSED_BY_SYSTEM',
    ],
    [
      'plain text with a trailing newline',
      'stop',
      12,
      'Cannot perform action stop for experiment id=12: current status is ON_HOLD\n',
      'text/plain',
      'ON_HOLD',
    ],
    [
      'a list of error objects',
      'unarchive',
      77,
      '{"errors":[{"code":"STATUS","message":"Cannot perform action unarchive for experiment id=77: current status is RUNNING"}]}',
      'application/json',
      'RUNNING',
    ],
  ];

  it.each(conflicts)('400 as %s → StatusConflictError', async (_label, action, id, body, type, status) => {
    pool()
      .intercept({ path: actionPath(id, action), method: 'POST' })
      .reply(400, body, { headers: { 'content-type': type } });
    const error = await caught(client.runAction(action, id), StatusConflictError);
    expect(error).toMatchObject({ status: 400, action, experimentId: id, currentStatus: status });
    expect(validationErrors).toEqual([]);
  });

  it.each([
    [
      'JSON {detail}',
      9,
      'archive' as const,
      '{"detail":"Experiment with id=9 was not found for action archive"}',
    ],
    [
      'a Spring-style error object',
      31,
      'stop' as const,
      '{"status":404,"error":"Not Found","message":"Experiment with id=31 was not found for action stop","path":"/x"}',
    ],
  ])('404 as %s → ExperimentNotFoundError with id and action', async (_label, id, action, body) => {
    pool()
      .intercept({ path: actionPath(id, action), method: 'POST' })
      .reply(404, body, JSON_HEADERS);
    const error = await caught(client.runAction(action, id), ExperimentNotFoundError);
    expect(error).toMatchObject({ status: 404, experimentId: id, action });
    expect(error.message).toBe(`Experiment with id=${id} was not found for action ${action}`);
  });

  it('a bare 404 page on a lifecycle path is still "not found", with nothing parsed', async () => {
    pool()
      .intercept({ path: actionPath(4, 'start'), method: 'POST' })
      .reply(404, '<h1>Not Found</h1>');
    const error = await caught(client.start(4), ExperimentNotFoundError);
    expect(error).toMatchObject({ experimentId: undefined, action: undefined });
  });
});

describe('validation 400 bodies of several shapes', () => {
  const bodies: [string, string][] = [
    ['field errors', '{"errors":[{"field":"teamId","message":"must be one of dictionary teams"}]}'],
    [
      'RFC 7807 problem',
      '{"type":"about:blank","title":"Bad Request","status":400,"detail":"teamId: unknown"}',
    ],
    [
      'violations',
      '{"message":"Validation failed","violations":[{"propertyPath":"tags[0]","message":"unknown"}]}',
    ],
    ['nested error details', '{"error":{"code":"VALIDATION","details":[{"path":["metrics",0]}]}}'],
    ['plain text', 'Bad Request'],
    ['an empty body', ''],
  ];

  it.each(bodies)(
    '%s → ValidationError, onValidationError called, cache scope dropped',
    async (_label, body) => {
      pool()
        .intercept({ path: dictionaryPath('tags'), method: 'GET' })
        .reply(200, '["a","b"]', JSON_HEADERS);
      await cache.get(SCOPE, 'tags', client);
      expect(await cache.peek(SCOPE, 'tags')).toBeDefined();
      pool().intercept({ path: '/api/console/experiments/v1', method: 'POST' }).reply(400, body);
      const error = await caught(client.createExperiment({ name: 'x' }), ValidationError);
      expect(error).toMatchObject({ status: 400, body });
      expect(validationErrors).toEqual([error]);
      expect(await cache.peek(SCOPE, 'tags')).toBeUndefined();
    },
  );
});

describe('other answers the app must classify', () => {
  it('a 502 HTML page from a proxy → ServerError, a POST not retried', async () => {
    const page =
      '<html><head><title>502 Bad Gateway</title></head><body><center>nginx</center></body></html>';
    pool()
      .intercept({ path: actionPath(3, 'archive'), method: 'POST' })
      .reply(502, page, { headers: { 'content-type': 'text/html' } });
    const error = await caught(client.archive(3), ServerError);
    expect(error).toMatchObject({ status: 502, body: page });
  });

  it('a 200 with {"ok":"true"} (a string) → UnexpectedResponseError', async () => {
    pool()
      .intercept({ path: actionPath(3, 'start'), method: 'POST' })
      .reply(200, '{"ok":"true"}', JSON_HEADERS);
    const error = await caught(client.start(3), UnexpectedResponseError);
    expect(error).toMatchObject({ status: 200, body: '{"ok":"true"}' });
  });

  it('a 200 with ok:true and extra fields is success', async () => {
    pool()
      .intercept({ path: actionPath(3, 'stop'), method: 'POST', body: '{"interruptReason":"bug"}' })
      .reply(200, '{"ok":true,"experiment":{"id":3,"status":"STOPPED"}}', JSON_HEADERS);
    await expect(client.stop(3, { interruptReason: 'bug' })).resolves.toEqual({ ok: true });
  });

  it.each([
    ['JSON-wrapped invalid key', 403, '{"error":{"message":"Invalid api key provided"}}', InvalidTokenError],
    [
      'a plain-words missing scope',
      403,
      '{"message":"Token lacks scope edit:experiment:manage_experiment"}',
      InsufficientScopeError,
    ],
    ['a JSON 401', 401, '{"error":"unauthorized"}', MissingAuthError],
  ] as const)('auth refusal as %s', async (_label, status, body, type) => {
    pool()
      .intercept({ path: actionPath(8, 'start'), method: 'POST' })
      .reply(status, body, JSON_HEADERS);
    const error = await caught<ConsoleError>(client.start(8), type);
    expect(error).toMatchObject({ status, body });
  });

  it('returns create answers of any JSON shape as sent, and an empty one as null', async () => {
    pool()
      .intercept({ path: '/api/console/experiments/v1', method: 'POST' })
      .reply(200, '{"data":{"id":55,"status":"NEW"}}', JSON_HEADERS);
    pool().intercept({ path: '/api/console/experiments/v1', method: 'POST' }).reply(201, '');
    await expect(client.createExperiment({ name: 'a' })).resolves.toEqual({
      data: { id: 55, status: 'NEW' },
    });
    await expect(client.createExperiment({ name: 'b' })).resolves.toBeNull();
  });
});
