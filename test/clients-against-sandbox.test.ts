// The real console and splitter clients against the real sandbox platform over HTTP: every rule of
// the interface's Errors, Authentication and Limits sections, end to end. Unit tests cover each
// side alone; this file proves the two agree on the wire.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { Keyv } from 'keyv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleAgent } from '../src/console/agent.js';
import { type ConsoleClientOptions, createConsoleClient } from '../src/console/client.js';
import { createDictionaryCache, type DictionaryCache } from '../src/console/dictionaries/cache.js';
import type { DictionaryItem } from '../src/console/dictionaries/normalise.js';
import {
  ConsoleTimeoutError,
  ExperimentNotFoundError,
  InsufficientScopeError,
  InvalidRequestError,
  InvalidTokenError,
  MissingAuthError,
  StatusConflictError,
  ValidationError,
} from '../src/console/errors.js';
import { ContextParamStatus } from '../src/console/schemas.js';
import { type ConsoleApi, DICTIONARY_NAMES, type DictionaryName } from '../src/console/types.js';
import type { LifecycleAction } from '../src/core/lifecycle-action.js';
import { ExperimentInterruptReason } from '../src/core/stop-reason.js';
import {
  ALLOWED_FROM,
  EXPERIMENT_STATUSES,
  type ExperimentStatus,
} from '../src/dev/sandbox/model/statuses.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { createSplitterClient } from '../src/splitter/client.js';
import { SplitterApiError, SplitterRequestError } from '../src/splitter/errors.js';

const SECRET = randomBytes(32);
const READ_SCOPE = 'read:experiment:read_experiments';
const MANAGE_SCOPE = 'edit:experiment:manage_experiment';
const INVALID_KEY = 'Invalid api key provided';
const SCOPE = 'T0SANDBOX';
const UNKNOWN_ID = 987_654;
const ACTIONS: readonly LifecycleAction[] = ['start', 'stop', 'archive', 'unarchive'];

let sandbox: Sandbox;
let token: string;
const agent = createConsoleAgent();
const dropped: string[] = [];
let cache: DictionaryCache;
let client: ConsoleApi;

function consoleClient(tok: string | undefined, extra: Partial<ConsoleClientOptions> = {}): ConsoleApi {
  return createConsoleClient({
    connection: { baseUrl: sandbox.url, token: tok },
    dispatcher: agent,
    retry: { attempts: 1 },
    ...extra,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ secret: SECRET });
  token = await sandbox.issueToken({ name: 'clients-against-sandbox' });
  cache = createDictionaryCache({ keyv: new Keyv(), ttlMs: 60_000 });
  // Wired exactly as the app should: a validation 400 drops the workspace's dictionaries.
  client = consoleClient(token, {
    onValidationError: async () => {
      dropped.push(SCOPE);
      await cache.drop(SCOPE);
    },
  });
});
afterAll(async () => {
  await sandbox?.close();
  await agent.close();
});

/** The rejection of `promise`, checked to be a `type`; a resolved promise fails the test. */
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

const stored = (id: number) => {
  const exp = sandbox.state.experiments.get(id);
  if (!exp) throw new Error(`experiment ${id} is not in the sandbox`);
  return exp;
};
const requestsTo = (path: string) => sandbox.state.requests.filter((r) => r.url === path);

/** A valid minimal definition; values copied from the sandbox's seeded experiments. */
function minimalDefinition(name: string): Record<string, unknown> {
  return {
    name,
    type: 'regular',
    markupScopeType: 'incoming_traffic',
    exposure: 'all',
    statisticalMethod: 'frequentist',
    teamId: 111,
    participantType: 'user',
    layerId: 101,
    domainId: 1,
    metrics: ['search.conversion.d7'],
  };
}

async function createDraft(name: string): Promise<number> {
  const created = (await client.createExperiment(minimalDefinition(name))) as { id?: unknown };
  expect(typeof created.id).toBe('number');
  return created.id as number;
}

/** A fresh experiment brought to `status` through the client's own lifecycle calls. */
async function experimentIn(status: ExperimentStatus): Promise<number> {
  const id = await createDraft(`in ${status} ${Math.random()}`);
  if (status !== 'draft') await client.start(id);
  if (status === 'stopped' || status === 'archived') await client.stop(id);
  if (status === 'archived') await client.archive(id);
  expect(stored(id).status).toBe(status);
  return id;
}

describe('Authentication', () => {
  it('answers a request without a token with 401 → MissingAuthError, on actions and dictionaries', async () => {
    const anonymous = consoleClient(undefined);
    const onAction = await caught(anonymous.start(1), MissingAuthError);
    expect(onAction.status).toBe(401);
    const onDictionary = await caught(anonymous.getDictionary('tags'), MissingAuthError);
    expect(onDictionary.status).toBe(401);
    expect(stored(1).status).toBe('running');
  });

  const foreignSecret = randomBytes(32);
  const sign = (secret: Uint8Array, withExpiry: boolean) => {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ scopes: [READ_SCOPE, MANAGE_SCOPE] })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject('someone')
      .setJti(randomBytes(8).toString('hex'))
      .setIssuedAt(now);
    return (withExpiry ? jwt.setExpirationTime(now + 600) : jwt).sign(secret);
  };

  it('accepts a hand-signed token with the platform key (the control for the forged ones below)', async () => {
    const items = await consoleClient(await sign(SECRET, true)).getDictionary('tags');
    expect(Array.isArray(items)).toBe(true);
  });

  it.each([
    ['expired', () => sandbox.issueToken({ expiresInSeconds: -10 })],
    ['garbage', async () => 'not-a-jwt-at-all'],
    ['wrongly signed', () => sign(foreignSecret, true)],
    ['without the mandatory expiry', () => sign(SECRET, false)],
  ])('refuses a %s token with 403 "Invalid api key provided" → InvalidTokenError', async (_label, make) => {
    const bad = consoleClient(await make());
    for (const call of [() => bad.getDictionary('types'), () => bad.archive(4)]) {
      const error = await caught(call(), InvalidTokenError);
      expect(error).toMatchObject({ status: 403, body: INVALID_KEY });
    }
    expect(stored(4).status).toBe('draft');
  });

  it('refuses a token once it is revoked, and for good', async () => {
    const revocable = await sandbox.issueToken({ name: 'to revoke' });
    const before = consoleClient(revocable);
    await expect(before.getDictionary('tags')).resolves.toBeDefined();
    sandbox.revokeToken(revocable);
    const error = await caught(before.getDictionary('tags'), InvalidTokenError);
    expect(error).toMatchObject({ status: 403, body: INVALID_KEY });
    await caught(consoleClient(revocable).start(4), InvalidTokenError);
  });

  it('tells a valid token lacking the manage scope (InsufficientScopeError) from an invalid one', async () => {
    const id = await createDraft('scope check');
    const readOnly = consoleClient(await sandbox.issueToken({ scopes: [READ_SCOPE] }));
    await expect(readOnly.getDictionary('tags')).resolves.toBeDefined();
    const error = await caught(readOnly.start(id), InsufficientScopeError);
    expect(error).not.toBeInstanceOf(InvalidTokenError);
    expect(error.status).toBe(403);
    expect(error.body).toContain(MANAGE_SCOPE);
    expect(() => JSON.parse(error.body ?? '')).not.toThrow();
    expect(stored(id).status).toBe('draft');

    const manageOnly = consoleClient(await sandbox.issueToken({ scopes: [MANAGE_SCOPE] }));
    const reading = await caught(manageOnly.getDictionary('tags'), InsufficientScopeError);
    expect(reading.body).toContain(READ_SCOPE);
  });
});

describe('Errors: lifecycle actions', () => {
  it.each(ACTIONS.map((a) => [a]))(
    '%s on an unknown id → ExperimentNotFoundError with id and action',
    async (action) => {
      const error = await caught(client.runAction(action, UNKNOWN_ID), ExperimentNotFoundError);
      const sentence = `Experiment with id=${UNKNOWN_ID} was not found for action ${action}`;
      expect(error).toMatchObject({ status: 404, experimentId: UNKNOWN_ID, action, body: sentence });
      expect(error.message).toBe(sentence);
    },
  );

  const refusals = EXPERIMENT_STATUSES.flatMap((status) =>
    ACTIONS.filter((action) => !ALLOWED_FROM[action].includes(status)).map(
      (action) => [status, action] as const,
    ),
  );

  it('covers every action at least once among the refusals', () => {
    expect(new Set(refusals.map(([, action]) => action))).toEqual(new Set(ACTIONS));
  });

  it.each(refusals)(
    'in status %s, %s → StatusConflictError parsed from the sandbox text',
    async (status, action) => {
      const id = await experimentIn(status);
      const error = await caught(client.runAction(action, id), StatusConflictError);
      const sentence = `Cannot perform action ${action} for experiment id=${id}: current status is ${status}`;
      expect(error).toMatchObject({
        status: 400,
        action,
        experimentId: id,
        currentStatus: status,
        body: sentence,
      });
      expect(error.message).toBe(sentence);
      expect(stored(id).status).toBe(status);
    },
  );

  it('refuses ids that are not positive integers before any call', async () => {
    const before = sandbox.state.requests.length;
    for (const id of [0, -3, 1.5, Number.NaN]) await caught(client.start(id), InvalidRequestError);
    expect(sandbox.state.requests.length).toBe(before);
  });
});

describe('stop with a ConsoleStopExperimentRequest', () => {
  it.each(ExperimentInterruptReason.options.map((r) => [r]))(
    'stops with reason %s and its comment',
    async (reason) => {
      const id = await experimentIn('running');
      const body = { interruptReason: reason, interruptReasonComment: `because ${reason}` };
      await expect(client.stop(id, body)).resolves.toEqual({ ok: true });
      expect(stored(id)).toMatchObject({ status: 'stopped', ...body });
      const sent = requestsTo(`/api/console/experiments/v1/${id}/stop`).at(-1);
      expect(JSON.parse(sent?.body ?? '')).toEqual(body);
    },
  );

  it('stops with no body at all, and with explicit nulls', async () => {
    const bare = await experimentIn('running');
    await expect(client.stop(bare)).resolves.toEqual({ ok: true });
    expect(requestsTo(`/api/console/experiments/v1/${bare}/stop`).at(-1)?.body).toBe('');
    expect(stored(bare)).toMatchObject({
      status: 'stopped',
      interruptReason: null,
      interruptReasonComment: null,
    });

    const nulls = await experimentIn('running');
    await client.stop(nulls, { interruptReason: null, interruptReasonComment: null });
    expect(stored(nulls)).toMatchObject({ status: 'stopped', interruptReason: null });
  });
});

describe('dictionaries through the client, the cache and the normaliser', () => {
  const items = async (name: DictionaryName) => (await cache.get(SCOPE, name, client)).items;
  const byLabel = (list: DictionaryItem[], label: string) => {
    const found = list.find((i) => i.label === label);
    if (!found) throw new Error(`no item labelled ${label}`);
    return found.value;
  };

  it.each(DICTIONARY_NAMES.map((n) => [n]))(
    '%s normalises to non-empty items without warnings',
    async (name) => {
      const read = await cache.get(SCOPE, name, client, { refresh: true });
      expect(read.items.length).toBeGreaterThan(0);
      expect(read.warnings).toEqual([]);
      for (const item of read.items) expect(['string', 'number']).toContain(typeof item.value);
    },
  );

  it('reads context-param-predicates with all four statuses, filtered by the GET body', async () => {
    const all = await cache.get(SCOPE, 'context-param-predicates', client);
    expect(new Set(all.items.map((i) => i.status))).toEqual(new Set(ContextParamStatus.options));
    expect(all.extra).toEqual({
      predicates: sandbox.state.dictionaries['context-param-predicates'].predicates,
      predicateApplicability: sandbox.state.dictionaries['context-param-predicates'].predicateApplicability,
    });
    const path = '/api/console/experiments/v1/dictionaries/context-param-predicates';
    const payments = await cache.get(SCOPE, 'context-param-predicates', client, { body: { domainId: 2 } });
    expect(payments.items.map((i) => i.value)).toEqual([6, 7, 8]);
    expect(payments.items.every((i) => (i.raw as { domainId: unknown }).domainId === 2)).toBe(true);
    const sent = requestsTo(path).at(-1);
    expect(sent?.method).toBe('GET');
    expect(JSON.parse(sent?.body ?? '')).toEqual({ domainId: 2 });
    // experiment 5 lives in domain 3
    const byExperiment = await cache.get(SCOPE, 'context-param-predicates', client, {
      body: { experimentId: 5 },
    });
    expect(byExperiment.items.map((i) => i.value)).toEqual([9, 10]);
  });

  it('caches: a second read sends nothing (Limits: dictionaries change rarely)', async () => {
    await items('preset-names');
    const count = requestsTo('/api/console/experiments/v1/dictionaries/preset-names').length;
    await items('preset-names');
    expect(requestsTo('/api/console/experiments/v1/dictionaries/preset-names').length).toBe(count);
  });

  it('creates with exact dictionary values that round-trip with their JSON types', async () => {
    const teams = await items('teams');
    const team = teams.find((t) => t.group?.includes(' / '))?.value; // a leaf of the tree
    const metrics = (await items('objective-meta')).filter((m) => m.group === 'metrics').slice(0, 2);
    const lists = await items('participant-lists');
    const definition = {
      name: 'Round trip of dictionary values',
      type: byLabel(await items('types'), 'A/B test'),
      markupScopeType: 'incoming_traffic',
      exposure: 'all',
      statisticalMethod: 'bayesian',
      teamId: team,
      participantType: byLabel(await items('participantTypes'), 'Courier'),
      layerId: byLabel(await items('layers'), 'Checkout flow'),
      holdoutId: (await items('holdouts')).find((h) => h.status === 'active')?.value,
      domainId: byLabel(await items('domains'), 'Payments'),
      metrics: metrics.map((m) => m.value),
      tags: (await items('tags'))
        .filter((t) => t.value === 'growth' || t.value === 'guardrail')
        .map((t) => t.value),
      allowedParticipantLists: lists.filter((l) => l.group === 'allowed').map((l) => l.value),
      excludedParticipantLists: lists.filter((l) => l.group === 'excluded').map((l) => l.value),
      presetName: byLabel(await items('preset-names'), 'Checkout funnel'),
    };
    expect(definition).toMatchObject({ teamId: expect.any(Number), layerId: 201, domainId: 2 });
    expect(definition).toMatchObject({ participantType: 'courier', holdoutId: expect.any(String) });
    expect(definition.metrics).toHaveLength(2);
    expect(definition.allowedParticipantLists.length).toBeGreaterThan(0);
    expect(definition.excludedParticipantLists.length).toBeGreaterThan(0);

    const created = (await client.createExperiment(definition)) as { id: number };
    expect(JSON.parse(requestsTo('/api/console/experiments/v1').at(-1)?.body ?? '')).toStrictEqual(
      definition,
    );
    const { name: _name, ...values } = definition;
    for (const [field, value] of Object.entries(values)) {
      expect(stored(created.id)[field as keyof typeof values]).toStrictEqual(value);
    }
  });

  it('refuses a value not in a dictionary (12 vs "12") → ValidationError, and the cache scope is dropped', async () => {
    const team = (await items('teams'))[0]?.value;
    expect(typeof team).toBe('number');
    await items('tags');
    expect(await cache.peek(SCOPE, 'tags')).toBeDefined();
    const count = sandbox.state.experiments.size;
    const dropsBefore = dropped.length;

    const error = await caught(
      client.createExperiment({ ...minimalDefinition('stringly team'), teamId: String(team) }),
      ValidationError,
    );
    expect(error.status).toBe(400);
    expect(error.body).toContain('teamId');
    expect(dropped.length).toBe(dropsBefore + 1);
    expect(await cache.peek(SCOPE, 'tags')).toBeUndefined();
    expect(await cache.peek(SCOPE, 'teams')).toBeUndefined();
    expect(sandbox.state.experiments.size).toBe(count);
  });

  it('allows exactly one switchback strategy (Limits)', async () => {
    const switchback = { ...minimalDefinition('switchback'), type: 'switchback' };
    await caught(
      client.createExperiment({ ...switchback, switchback: { strategy: 'RANDOM' } }),
      ValidationError,
    );
    const created = (await client.createExperiment({
      ...switchback,
      switchback: { strategy: 'DETERMINISTIC_RANDOM' },
    })) as { id: number };
    expect(stored(created.id).switchback).toEqual({ strategy: 'DETERMINISTIC_RANDOM' });
  });
});

describe('a slow platform', () => {
  it('times a lifecycle POST out as outcome unknown, while the sandbox did apply it', async () => {
    const id = await experimentIn('draft');
    const impatient = consoleClient(token, { timeouts: { headersMs: 300 } });
    sandbox.setLatency(1500, { method: 'POST', pathIncludes: `/experiments/v1/${id}/start` });
    try {
      const error = await caught(impatient.start(id), ConsoleTimeoutError);
      expect(error.outcomeUnknown).toBe(true);
      expect(stored(id).status).toBe('running');
    } finally {
      sandbox.setLatency(0);
    }
  });

  it('times a dictionary GET out with a known outcome (nothing changes on a read)', async () => {
    const impatient = consoleClient(token, { timeouts: { headersMs: 300 } });
    sandbox.setLatency(1500, { method: 'GET', pathIncludes: '/dictionaries/tags' });
    try {
      const error = await caught(impatient.getDictionary('tags'), ConsoleTimeoutError);
      expect(error.outcomeUnknown).toBe(false);
    } finally {
      sandbox.setLatency(0);
    }
  });
});

describe('splitter client against the sandbox', () => {
  const request = { tag: 'checkout', platform: { id: 1 }, participant: { userId: 42 } };
  const running = () =>
    [...sandbox.state.experiments.values()].filter(
      (e) => e.status === 'running' && e.tags?.includes('checkout'),
    );

  it.each([false, true])('getFeaturesByTag with trailingSlash=%s', async (trailingSlash) => {
    const splitter = createSplitterClient({ baseUrl: sandbox.splitterUrl, trailingSlash });
    const features = await splitter.getFeaturesByTag(request);
    const expected = running().sort((a, b) => a.id - b.id);
    expect(features.map((f) => f.experimentLabel)).toEqual(expected.map((e) => e.label));
    expect(features.length).toBeGreaterThan(0);
    features.forEach((f, i) => {
      expect(expected[i]?.groups).toContain(f.label);
    });
    const last = sandbox.state.requests.at(-1);
    expect(last?.url).toBe(`/splitter/getFeaturesByTag${trailingSlash ? '/' : ''}`);
  });

  it('assigns the same features across calls, clients and path styles', async () => {
    const plain = createSplitterClient({ baseUrl: sandbox.splitterUrl });
    const slashed = createSplitterClient({ baseUrl: `${sandbox.splitterUrl}/`, trailingSlash: true });
    const visitor = { ...request, participant: { visitorId: 'device-7f3a' } };
    for (const req of [request, visitor]) {
      const first = await plain.getFeaturesByTag(req);
      expect(await plain.getFeaturesByTag(req)).toEqual(first);
      expect(await slashed.getFeaturesByTag(req)).toEqual(first);
    }
  });

  it('records exposeManyV2 in sandbox.state.exposures, with X-Source', async () => {
    const splitter = createSplitterClient({ baseUrl: sandbox.splitterUrl, source: 'exp-chatops-test' });
    const before = sandbox.state.exposures.length;
    const label = stored(2).label;
    await splitter.exposeManyV2({
      exposures: [
        { experimentLabel: label, platform: { id: 4, version: '7.1.0' }, participant: { userId: 42 } },
        { experimentLabel: 'no_such_experiment', platform: { id: 1 }, participant: { visitorId: 'v-1' } },
      ],
    });
    expect(sandbox.state.exposures.slice(before)).toMatchObject([
      {
        experimentLabel: label,
        platform: { id: 4, version: '7.1.0' },
        participant: { userId: 42 },
        source: 'exp-chatops-test',
        known: true,
      },
      { experimentLabel: 'no_such_experiment', participant: { visitorId: 'v-1' }, known: false },
    ]);
  });

  it('refuses invalid requests before sending anything', async () => {
    const splitter = createSplitterClient({ baseUrl: sandbox.splitterUrl });
    const before = sandbox.state.requests.length;
    const exposures = sandbox.state.exposures.length;
    await caught(splitter.getFeaturesByTag({ ...request, participant: {} }), SplitterRequestError);
    await caught(splitter.getFeaturesByTag({ ...request, tag: '' }), SplitterRequestError);
    await caught(splitter.exposeManyV2({ exposures: [] }), SplitterRequestError);
    await caught(
      splitter.exposeManyV2({
        exposures: [{ experimentLabel: 'x', platform: { id: 1 }, participant: { userId: 1.5 } }],
      }),
      SplitterRequestError,
    );
    expect(sandbox.state.requests.length).toBe(before);
    expect(sandbox.state.exposures.length).toBe(exposures);
  });

  it('sends the bearer token to a splitter that requires one, and is refused without it', async () => {
    const guarded = await startSandbox({ splitterToken: 'splitter-token-1234567890' });
    try {
      const anonymous = createSplitterClient({ baseUrl: guarded.splitterUrl });
      const denied = await caught(anonymous.getFeaturesByTag(request), SplitterApiError);
      expect(denied).toMatchObject({ status: 401, kind: 'unauthorized' });
      await caught(
        anonymous.exposeManyV2({
          exposures: [{ experimentLabel: 'x', platform: { id: 1 }, participant: { userId: 1 } }],
        }),
        SplitterApiError,
      );
      expect(guarded.state.exposures).toHaveLength(0);
      const wrong = createSplitterClient({ baseUrl: guarded.splitterUrl, token: 'another-token-0987654321' });
      expect(await caught(wrong.getFeaturesByTag(request), SplitterApiError)).toMatchObject({
        kind: 'unauthorized',
      });

      for (const trailingSlash of [false, true]) {
        const allowed = createSplitterClient({
          baseUrl: guarded.splitterUrl,
          token: 'splitter-token-1234567890',
          trailingSlash,
        });
        expect((await allowed.getFeaturesByTag(request)).length).toBeGreaterThan(0);
      }
    } finally {
      await guarded.close();
    }
  });
});
