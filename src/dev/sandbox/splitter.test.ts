import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './sandbox-http.test-helper.js';
import { type Sandbox, startSandbox } from './server.js';

let sandbox: Sandbox;

beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

interface Features {
  result: { features: { experimentLabel: string; label: string }[] };
}

const lookup = (body: unknown, path = 'getFeaturesByTag', headers?: Record<string, string>) =>
  call(`${sandbox.splitterUrl}/${path}`, 'POST', { body, headers });
const request = (participant: object, tag = 'checkout') => ({
  tag,
  platform: { id: 1, version: '2.3.0' },
  participant,
});
const featuresOf = async (participant: object, tag = 'checkout') =>
  ((await lookup(request(participant, tag))).json() as Features).result.features;

async function expectBadRequest(res: Awaited<ReturnType<typeof lookup>>, mentions: RegExp) {
  expect(res.status).toBe(400);
  const body = res.json() as { error: { kind: string; message: string } };
  expect(body.error.kind).toBe('bad_request');
  expect(body.error.message).toMatch(mentions);
}

describe('getFeaturesByTag', () => {
  it('answers with and without the trailing slash, identically', async () => {
    const plain = await lookup(request({ userId: 42 }));
    const slashed = await lookup(request({ userId: 42 }), 'getFeaturesByTag/');
    expect(plain.status).toBe(200);
    expect(slashed.status).toBe(200);
    expect(slashed.json()).toEqual(plain.json());
  });

  it('serves only running experiments carrying the tag, one feature each', async () => {
    const features = await featuresOf({ userId: 42 });
    expect(features.map((f) => f.experimentLabel)).toEqual(['checkout_one_click', 'checkout_button_colour']);
    expect(features[0]?.label).toMatch(/^(control|test)$/);
    expect(features[1]?.label).toMatch(/^(control|test_green|test_orange)$/);
    expect(Object.keys(features[0] ?? {})).toEqual(['experimentLabel', 'label']);
    expect(await featuresOf({ userId: 42 }, 'onboarding')).toEqual([]);
    expect(await featuresOf({ userId: 42 }, 'no-such-tag')).toEqual([]);
  });

  it('assigns deterministically: same participant, same groups, on every call and every sandbox', async () => {
    const first = await featuresOf({ visitorId: 'device-abc' });
    expect(await featuresOf({ visitorId: 'device-abc' })).toEqual(first);
    const other = await startSandbox();
    try {
      const res = await call(`${other.splitterUrl}/getFeaturesByTag`, 'POST', {
        body: request({ visitorId: 'device-abc' }),
      });
      expect((res.json() as Features).result.features).toEqual(first);
    } finally {
      await other.close();
    }
  });

  it('spreads many participants over every group', async () => {
    const seen = new Map<string, Set<string>>();
    for (let userId = 1; userId <= 120; userId++) {
      for (const f of await featuresOf({ userId })) {
        const groups = seen.get(f.experimentLabel) ?? new Set();
        groups.add(f.label);
        seen.set(f.experimentLabel, groups);
      }
    }
    expect(seen.get('checkout_one_click')).toEqual(new Set(['control', 'test']));
    expect(seen.get('checkout_button_colour')).toEqual(new Set(['control', 'test_green', 'test_orange']));
  });

  it('keys on userId when both ids are given', async () => {
    const byUser = await featuresOf({ userId: 7 });
    for (const visitorId of ['a', 'b', 'c', 'd'])
      expect(await featuresOf({ userId: 7, visitorId })).toEqual(byUser);
  });

  it('serves an experiment as soon as the console starts it', async () => {
    expect(await featuresOf({ userId: 1 }, 'recommendations')).toEqual([]);
    const token = await sandbox.issueToken();
    await call(`${sandbox.url}/api/console/experiments/v1/123/start`, 'POST', { token });
    const features = await featuresOf({ userId: 1 }, 'recommendations');
    expect(features.map((f) => f.experimentLabel)).toEqual(['recommendations_carousel']);
  });

  it('accepts platform ids the interface does not list', async () => {
    const res = await lookup({ tag: 'checkout', platform: { id: 99 }, participant: { userId: 1 } });
    expect(res.status).toBe(200);
  });

  it('counts a null participant id as absent (model/splitter-rules.ts), still needing one filled', async () => {
    const byVisitor = await lookup(request({ userId: null, visitorId: 'v-1' }));
    expect(byVisitor.status).toBe(200);
    expect(byVisitor.json()).toEqual((await lookup(request({ visitorId: 'v-1' }))).json());
    expect((await lookup(request({ userId: 7, visitorId: null }))).status).toBe(200);
    await expectBadRequest(
      await lookup(request({ userId: null, visitorId: null })),
      /at least one of userId/,
    );
  });

  it.each([
    [{ platform: { id: 1 }, participant: { userId: 1 } }, /tag/],
    [{ tag: '', platform: { id: 1 }, participant: { userId: 1 } }, /tag/],
    [{ tag: 'checkout', participant: { userId: 1 } }, /platform/],
    [{ tag: 'checkout', platform: { id: '1' }, participant: { userId: 1 } }, /platform\.id/],
    [{ tag: 'checkout', platform: { id: 1.5 }, participant: { userId: 1 } }, /platform\.id/],
    [{ tag: 'checkout', platform: { id: 1 } }, /participant/],
    [{ tag: 'checkout', platform: { id: 1 }, participant: {} }, /at least one of userId and visitorId/],
    [{ tag: 'checkout', platform: { id: 1 }, participant: { visitorId: '' } }, /at least one of userId/],
    [{ tag: 'checkout', platform: { id: 1 }, participant: { userId: '42' } }, /participant\.userId/],
    [{ tag: 'checkout', platform: { id: 1 }, participant: { userId: 4.2 } }, /participant\.userId/],
  ])('refuses %j with 400 bad_request', async (body, mentions) => {
    await expectBadRequest(await lookup(body), mentions);
  });

  it('refuses malformed JSON and an empty body', async () => {
    await expectBadRequest(
      await call(`${sandbox.splitterUrl}/getFeaturesByTag`, 'POST', { rawBody: '{"tag": "x",' }),
      /malformed JSON/,
    );
    await expectBadRequest(
      await call(`${sandbox.splitterUrl}/getFeaturesByTag`, 'POST'),
      /JSON body is required/,
    );
  });
});

describe('exposeManyV2', () => {
  const exposure = (experimentLabel: string, participant: object) => ({
    experimentLabel,
    platform: { id: 4, version: '17.2' },
    participant,
  });

  it.each(['exposeManyV2', 'exposeManyV2/'])(
    'records exposures with X-Source via %s and answers an empty 200',
    async (path) => {
      const res = await lookup(
        {
          exposures: [
            exposure('checkout_one_click', { userId: 42 }),
            exposure('not_running_anywhere', { visitorId: 'v-1' }),
          ],
        },
        path,
        { 'x-source': 'exp-chatops' },
      );
      expect(res.status).toBe(200);
      expect(res.text).toBe('');
      expect(sandbox.state.exposures).toMatchObject([
        {
          experimentLabel: 'checkout_one_click',
          platform: { id: 4, version: '17.2' },
          participant: { userId: 42 },
          source: 'exp-chatops',
          known: true,
        },
        { experimentLabel: 'not_running_anywhere', participant: { visitorId: 'v-1' }, known: false },
      ]);
    },
  );

  it('accepts an empty list and calls without X-Source', async () => {
    expect((await lookup({ exposures: [] }, 'exposeManyV2')).status).toBe(200);
    expect((await lookup({ exposures: [exposure('x', { userId: 1 })] }, 'exposeManyV2')).status).toBe(200);
    expect(sandbox.state.exposures[0]?.source).toBeUndefined();
  });

  it('refuses an invalid exposure and records none of the batch', async () => {
    const res = await lookup(
      { exposures: [exposure('checkout_one_click', { userId: 1 }), exposure('checkout_one_click', {})] },
      'exposeManyV2',
    );
    await expectBadRequest(res, /exposures\.1\.participant/);
    await expectBadRequest(await lookup({}, 'exposeManyV2'), /exposures/);
    await expectBadRequest(
      await lookup({ exposures: [{ platform: { id: 1 }, participant: { userId: 1 } }] }, 'exposeManyV2'),
      /experimentLabel/,
    );
    expect(sandbox.state.exposures).toEqual([]);
  });
});

describe('splitter errors and auth', () => {
  it('answers unknown methods with 404 and other verbs with 405, in the error shape', async () => {
    const unknown = await lookup({}, 'getFeatures');
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ error: { kind: 'not_found' } });
    const get = await call(`${sandbox.splitterUrl}/getFeaturesByTag`, 'GET');
    expect(get.status).toBe(405);
    expect(get.json()).toMatchObject({ error: { kind: 'method_not_allowed' } });
  });

  it('answers a server error with 500 kind internal and keeps serving', async () => {
    const experiments = sandbox.state.experiments;
    (sandbox.state as { experiments: unknown }).experiments = undefined;
    const res = await lookup(request({ userId: 1 }));
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({
      error: { kind: 'internal', message: 'internal error in the sandbox platform' },
    });
    sandbox.state.experiments = experiments;
    expect((await lookup(request({ userId: 1 }))).status).toBe(200);
  });

  it('is open by default and requires the bearer token when one is configured', async () => {
    const guarded = await startSandbox({ splitterToken: 'splitter-secret' });
    try {
      const url = `${guarded.splitterUrl}/getFeaturesByTag`;
      const body = request({ userId: 1 });
      const none = await call(url, 'POST', { body });
      expect(none.status).toBe(401);
      expect(none.json()).toMatchObject({ error: { kind: 'unauthorized' } });
      expect((await call(url, 'POST', { body, token: 'wrong' })).status).toBe(401);
      expect((await call(url, 'POST', { body, token: 'splitter-secret' })).status).toBe(200);
      expect(guarded.state.requests.every((r) => r.headers.authorization === undefined)).toBe(true);
    } finally {
      await guarded.close();
    }
  });
});
