import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REQUIRED_WHEN } from './model/experiment-conditions.js';
import { SANDBOX_EXPERIMENT_FIELDS } from './model/experiment-fields.js';
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

const valid = {
  name: 'Bigger buy button',
  type: 'regular',
  markupScopeType: 'incoming_traffic',
  exposure: 'all',
  statisticalMethod: 'frequentist',
  teamId: 211,
  participantType: 'user',
  layerId: 201,
  domainId: 2,
  metrics: ['checkout.conversion.d7', 'checkout.aov.d28'],
  tags: ['checkout'],
  holdoutId: 'payments-2025-q2',
  allowedParticipantLists: [501],
  excludedParticipantLists: [601],
  presetName: 'Checkout funnel',
};

interface ValidationBody {
  message: string;
  errors: { field: string; message: string }[];
}

const create = (body: unknown) => call(api, 'POST', { token, body });
const patch = (id: number, body: unknown) => call(`${api}/${id}`, 'PATCH', { token, body });

async function expectRefused(res: Awaited<ReturnType<typeof create>>, field: string, message?: RegExp) {
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = res.json() as ValidationBody;
  expect(body.message).toBe('Validation failed');
  const hit = body.errors.find((e) => e.field === field);
  expect(hit, JSON.stringify(body.errors)).toBeDefined();
  if (message) expect(hit?.message).toMatch(message);
}

describe('POST /experiments/v1', () => {
  it('creates a draft with a new numeric id, a generated label and default groups', async () => {
    const before = sandbox.state.experiments.size;
    const res = await create(valid);
    expect(res.status).toBe(201);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ ...valid, status: 'draft', groups: ['control', 'test'] });
    expect(typeof body.id).toBe('number');
    expect(body.label).toBe(`bigger_buy_button_${body.id}`);
    expect(res.headers.location).toBe(`/api/console/experiments/v1/${body.id}`);
    expect(sandbox.state.experiments.size).toBe(before + 1);
    const read = await call(`${api}/${body.id}`, 'GET', { token });
    expect(read.json()).toEqual(body);
    const second = (await create({ ...valid, name: 'Second' })).json() as { id: number };
    expect(second.id).toBe((body.id as number) + 1);
  });

  it('accepts exactly the field names it exports for the app (the payload above uses all of them)', () => {
    expect(Object.keys(valid)).toEqual(expect.arrayContaining(Object.values(SANDBOX_EXPERIMENT_FIELDS)));
  });

  it.each([
    ['teamId', 999, 'teamId'],
    ['teamId', '211', 'teamId'],
    ['participantType', 'robot', 'participantType'],
    ['layerId', 'x', 'layerId'],
    ['holdoutId', 'global-2030', 'holdoutId'],
    ['domainId', 9, 'domainId'],
    ['metrics', ['checkout.conversion.d7', 'checkout.happiness.d7'], 'metrics[1]'],
    ['metrics', ['checkout.conversion.d7', 'checkout.conversion.d7'], 'metrics[1]'],
    ['tags', ['checkout', 'Checkout'], 'tags[1]'],
    ['allowedParticipantLists', [601], 'allowedParticipantLists[0]'],
    ['excludedParticipantLists', [501], 'excludedParticipantLists[0]'],
    ['presetName', 'Everything', 'presetName'],
  ])('refuses %s = %j: it must strictly equal a dictionary value', async (key, value, field) => {
    const before = sandbox.state.experiments.size;
    await expectRefused(await create({ ...valid, [key]: value }), field, /unknown value|duplicate value/);
    expect(sandbox.state.experiments.size).toBe(before);
  });

  it('names the dictionary and quotes the value as JSON, so 12 and "12" differ', async () => {
    const body = (await create({ ...valid, layerId: '201' })).json() as ValidationBody;
    expect(body.errors).toEqual([
      { field: 'layerId', message: 'unknown value "201": not in dictionary layers' },
    ]);
  });

  it('reads the dictionaries live: a value removed from a dictionary is refused', async () => {
    expect((await create(valid)).status).toBe(201);
    sandbox.state.dictionaries.layers = sandbox.state.dictionaries.layers.filter((l) => l.id !== 201);
    await expectRefused(await create({ ...valid, name: 'again' }), 'layerId');
  });

  it.each([
    ['type', 'adhoc', 'type', /obsolete/],
    ['type', 'multivariate', 'type', undefined],
    ['markupScopeType', 'everyone', 'markupScopeType', undefined],
    ['exposure', 'weeks', 'exposure', undefined],
    ['statisticalMethod', 'magic', 'statisticalMethod', undefined],
    ['switchback', { strategy: 'ROUND_ROBIN' }, 'switchback.strategy', undefined],
    ['retro', { type: 'vibes' }, 'retro.type', undefined],
  ])('refuses %s = %j', async (key, value, field, message) => {
    await expectRefused(await create({ ...valid, [key]: value }), field, message);
  });

  it('requires the core fields', async () => {
    const { name: _n, type: _t, teamId: _team, metrics: _m, ...rest } = valid;
    const body = (await create(rest)).json() as ValidationBody;
    expect(body.errors.map((e) => e.field).sort()).toEqual(['metrics', 'name', 'teamId', 'type']);
    await expectRefused(await create({ ...valid, metrics: [] }), 'metrics');
  });

  it('refuses unknown and read-only fields', async () => {
    await expectRefused(await create({ ...valid, team: 211 }), 'team', /unknown field/);
    await expectRefused(await create({ ...valid, status: 'running' }), 'status', /read-only/);
    await expectRefused(await create({ ...valid, id: 5 }), 'id', /read-only/);
  });

  it('requires segments with markupScopeType event, and only valid ones', async () => {
    const event = { ...valid, markupScopeType: 'event' };
    await expectRefused(await create(event), 'segments', /required when markupScopeType is event/);
    const segment = { paramId: 6, predicate: 'in', values: ['card', 'sbp'] };
    expect((await create({ ...event, segments: [segment] })).status).toBe(201);
    // Segments are not required without event.
    expect((await create({ ...valid, name: 'no segments' })).status).toBe(201);

    await expectRefused(
      await create({ ...event, segments: [{ ...segment, paramId: 8 }] }),
      'segments[0].paramId',
      /draft/,
    );
    await expectRefused(
      await create({ ...event, segments: [{ ...segment, paramId: 2 }] }),
      'segments[0].paramId',
      /domain 1/,
    );
    await expectRefused(
      await create({ ...event, segments: [{ ...segment, paramId: 77 }] }),
      'segments[0].paramId',
    );
    await expectRefused(
      await create({ ...event, segments: [{ ...segment, predicate: 'gt' }] }),
      'segments[0].predicate',
    );
    await expectRefused(
      await create({ ...event, segments: [{ ...segment, values: [] }] }),
      'segments[0].values',
    );
    const domain1 = { ...event, domainId: 1, layerId: 101 };
    await expectRefused(
      await create({ ...domain1, segments: [{ ...segment, paramId: 4 }] }),
      'segments[0].paramId',
      /archived/,
    );
    await expectRefused(
      await create({ ...domain1, segments: [{ ...segment, paramId: 5 }] }),
      'segments[0].paramId',
      /deleted/,
    );
  });

  it('enforces each condition its assumptions module lists, and only while it holds', async () => {
    expect(REQUIRED_WHEN.map((r) => `${r.field}:${r.basis}`)).toEqual([
      'segments:used-with',
      'propagateExposureDays:used-with',
      'retro:assumption',
      'switchback:assumption',
    ]);
    for (const { field, when } of REQUIRED_WHEN) {
      const body = { ...valid, [when.field]: when.equals };
      await expectRefused(
        await create(body),
        field,
        new RegExp(`required when ${when.field} is ${when.equals}`),
      );
    }
  });

  it('requires propagateExposureDays with exposure days', async () => {
    await expectRefused(await create({ ...valid, exposure: 'days' }), 'propagateExposureDays');
    await expectRefused(
      await create({ ...valid, exposure: 'days', propagateExposureDays: 0 }),
      'propagateExposureDays',
    );
    expect((await create({ ...valid, exposure: 'days', propagateExposureDays: 7 })).status).toBe(201);
  });

  it('requires retro for type retro and parentExperimentId for parent_experiment', async () => {
    const retro = { ...valid, type: 'retro' };
    await expectRefused(await create(retro), 'retro');
    await expectRefused(
      await create({ ...retro, retro: { type: 'parent_experiment' } }),
      'parentExperimentId',
      /required/,
    );
    await expectRefused(
      await create({ ...retro, retro: { type: 'parent_experiment' }, parentExperimentId: 9999 }),
      'parentExperimentId',
      /does not exist/,
    );
    expect(
      (await create({ ...retro, retro: { type: 'parent_experiment' }, parentExperimentId: 5 })).status,
    ).toBe(201);
    const nested = await create({
      ...retro,
      name: 'nested',
      retro: { type: 'parent_experiment', parentExperimentId: 5 },
    });
    expect(nested.status).toBe(201);
    expect((await create({ ...retro, name: 'lists', retro: { type: 'lists' } })).status).toBe(201);
  });

  it('requires switchback with DETERMINISTIC_RANDOM for type switchback', async () => {
    await expectRefused(await create({ ...valid, type: 'switchback' }), 'switchback');
    const ok = await create({
      ...valid,
      type: 'switchback',
      switchback: { strategy: 'DETERMINISTIC_RANDOM' },
    });
    expect(ok.status).toBe(201);
  });

  it('keeps labels unique and checks custom groups', async () => {
    await expectRefused(await create({ ...valid, label: 'checkout_one_click' }), 'label', /id=2/);
    await expectRefused(await create({ ...valid, label: 'has space' }), 'label');
    await expectRefused(await create({ ...valid, groups: ['control'] }), 'groups');
    await expectRefused(await create({ ...valid, groups: ['a', 'a'] }), 'groups');
    const res = await create({ ...valid, label: 'buy_button', groups: ['control', 'big', 'huge'] });
    expect(res.json()).toMatchObject({ label: 'buy_button', groups: ['control', 'big', 'huge'] });
  });

  it('refuses malformed JSON, a missing body and a non-object body', async () => {
    const malformed = await call(api, 'POST', { token, rawBody: '{"name": ' });
    await expectRefused(malformed, '(body)', /malformed JSON/);
    await expectRefused(await call(api, 'POST', { token }), '(body)');
    await expectRefused(await create([valid]), '(body)');
  });

  it('refuses other methods on the collection', async () => {
    const res = await call(api, 'GET', { token });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});

describe('PATCH /experiments/v1/{id}', () => {
  it('applies changes and returns the updated experiment', async () => {
    const res = await patch(4, { name: 'Onboarding tour v2', layerId: 102, holdoutId: null });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({
      id: 4,
      status: 'draft',
      name: 'Onboarding tour v2',
      layerId: 102,
      holdoutId: null,
    });
    expect(sandbox.state.experiments.get(4)).toMatchObject({ layerId: 102, teamId: 12 });
  });

  it('404s an unknown experiment with a text body', async () => {
    const res = await patch(999, { name: 'x' });
    expect(res.status).toBe(404);
    expect(res.text).toBe('Experiment with id=999 was not found');
  });

  it('refuses to edit an archived experiment in the lifecycle text style', async () => {
    const res = await patch(6, { name: 'x' });
    expect(res.status).toBe(400);
    expect(res.text).toBe('Cannot perform action update for experiment id=6: current status is archived');
  });

  it('validates changed values against the dictionaries and the shape', async () => {
    await expectRefused(await patch(4, { teamId: 7 }), 'teamId');
    await expectRefused(await patch(4, { metrics: ['nope'] }), 'metrics[0]');
    await expectRefused(await patch(4, { type: 'adhoc' }), 'type', /obsolete/);
    await expectRefused(await patch(4, { teamId: null }), 'teamId');
    await expectRefused(await patch(4, { owner: 'me' }), 'owner', /unknown field/);
    await expectRefused(await patch(4, { status: 'running' }), 'status', /read-only/);
    expect(sandbox.state.experiments.get(4)?.teamId).toBe(12);
  });

  it('checks the interface conditions on the merged experiment', async () => {
    await expectRefused(await patch(1, { markupScopeType: 'event' }), 'segments');
    await expectRefused(await patch(1, { exposure: 'days' }), 'propagateExposureDays');
    await expectRefused(await patch(1, { type: 'switchback' }), 'switchback');
    await expectRefused(await patch(7, { parentExperimentId: 7 }), 'parentExperimentId', /own parent/);
    expect((await patch(1, { exposure: 'days', propagateExposureDays: 3 })).status).toBe(200);
    // 4 already has days and propagateExposureDays: changing something else keeps it valid.
    expect((await patch(4, { statisticalMethod: 'bayesian' })).status).toBe(200);
  });

  it('refuses a malformed body and a bad id', async () => {
    await expectRefused(await call(`${api}/4`, 'PATCH', { token, rawBody: 'name=x' }), '(body)');
    await expectRefused(await patch(Number.NaN, { name: 'x' }), 'id');
  });
});

describe('GET /experiments/v1/{id} (sandbox convenience)', () => {
  it('returns a seeded experiment and 404s an unknown one', async () => {
    const res = await call(`${api}/2`, 'GET', { token });
    expect(res.json()).toMatchObject({
      id: 2,
      status: 'running',
      label: 'checkout_one_click',
      tags: ['checkout', 'payments'],
    });
    const missing = await call(`${api}/404`, 'GET', { token });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe('Experiment with id=404 was not found');
  });
});
