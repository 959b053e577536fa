import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import {
  block,
  change as changeSelect,
  elementOf,
  MODAL_USER,
  multi,
  type Obj,
  openModal as openExperimentModal,
  option,
  optionsOf,
  select,
  text,
} from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

const CHANNEL = 'C0GENERAL';
const USER = MODAL_USER;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const openModal = (command: string) => openExperimentModal(h, command);
const change = (view: EmulatedView, blockId: string, value: string) => changeSelect(h, view, blockId, value);

describe('/exp create', () => {
  it('opens a modal with dictionary-driven pickers and no deprecated type', async () => {
    const view = await openModal('create');
    expectWithinBlockKitLimits({ kind: 'view', view: view.view });
    const types = optionsOf(elementOf(view, 'exp_xm_type')).map((o) => o.value);
    expect(types).toContain('regular');
    expect(types).not.toContain('adhoc');
    const layers = optionsOf(elementOf(view, 'exp_xm_layer')).map((o) => (o.text as Obj).text);
    expect(layers).toContain('Search ranking');
    // 2,500 metrics cannot be a static menu: the modal asks the app's options handler.
    expect(elementOf(view, 'exp_xm_metrics').type).toBe('multi_external_select');
    expect(block(view, 'exp_xm_switchback_strategy')).toBeUndefined();
  });

  it('shows fields as choices change', async () => {
    let view = await openModal('create');
    view = await change(view, 'exp_xm_type', 'switchback');
    const strategy = elementOf(view, 'exp_xm_switchback_strategy');
    expect((strategy.initial_option as Obj | undefined)?.value).toBe('DETERMINISTIC_RANDOM');

    view = await change(view, 'exp_xm_type', 'retro');
    expect(block(view, 'exp_xm_switchback_strategy')).toBeUndefined();
    expect(block(view, 'exp_xm_retro_type')).toBeDefined();
    expect(block(view, 'exp_xm_parent_experiment')).toBeUndefined();
    view = await change(view, 'exp_xm_retro_type', 'parent_experiment');
    expect(block(view, 'exp_xm_parent_experiment')).toBeDefined();

    expect(block(view, 'exp_xm_exposure_days')).toBeUndefined();
    view = await change(view, 'exp_xm_exposure', 'days');
    expect(block(view, 'exp_xm_exposure_days')).toBeDefined();

    expect(block(view, 'exp_xm_audience')).toBeUndefined();
    view = await change(view, 'exp_xm_markup_scope', 'event');
    // The audience is a summary with a button: its filters are edited in a pushed view.
    const summary = block(view, 'exp_xm_audience') as Obj;
    expect((summary.accessory as Obj).action_id).toBe('exp_xm_audience_edit');
    expectWithinBlockKitLimits({ kind: 'view', view: view.view });
  });

  it('answers external selects from the cache, within limits', async () => {
    const view = await openModal('create');
    const res = await h.driver.suggestOptions(view.id, 'exp_xm_metrics', 'exp_xm_metrics_select', 'conv');
    expect(res.status).toBe(200);
    expect(res.breaches).toEqual([]);
    const json = res.json as { options?: Obj[]; option_groups?: { options: Obj[] }[] };
    const all = json.options ?? (json.option_groups ?? []).flatMap((g) => g.options);
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(100);
  });

  it('refuses an incomplete form inside the modal, then creates with the exact dictionary values', async () => {
    const view = await openModal('create');
    const empty = await h.driver.submitView(view.id, {});
    expect(empty.outcome).toMatchObject({ kind: 'errors', errors: { exp_xm_name: expect.any(String) } });

    const metrics = await h.driver.suggestOptions(
      view.id,
      'exp_xm_metrics',
      'exp_xm_metrics_select',
      'checkout.conversion',
    );
    const metricOptions = ((metrics.json as { options?: Obj[]; option_groups?: { options: Obj[] }[] })
      .options ??
      ((metrics.json as { option_groups: { options: Obj[] }[] }).option_groups ?? []).flatMap(
        (g) => g.options,
      )) as Obj[];
    const metric = metricOptions.find((o) => o.value === 's:checkout.conversion.d7');
    expect(metric).toBeDefined();
    const creates = () =>
      h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/experiments/v1'));
    const before = creates().length;
    const result = await h.driver.submitView(view.id, {
      ...text(view, 'exp_xm_name', 'Checkout <!here> copy test'),
      ...select(view, 'exp_xm_type', 'regular'),
      ...select(view, 'exp_xm_team', 'n:211'),
      ...select(view, 'exp_xm_domain', 'n:2'),
      ...select(view, 'exp_xm_layer', 'n:201'),
      ...select(view, 'exp_xm_participant_type', 's:user'),
      ...select(view, 'exp_xm_markup_scope', 'incoming_traffic'),
      ...select(view, 'exp_xm_exposure', 'all'),
      ...select(view, 'exp_xm_statistical_method', 'bayesian'),
      ...multi(view, 'exp_xm_metrics', [metric as Obj]),
      ...multi(view, 'exp_xm_tags', [option(view, 'exp_xm_tags', 's:checkout')]),
    });
    expect(result.outcome).toEqual({ kind: 'closed' });
    expect(creates().length).toBe(before + 1);
    const sent = JSON.parse(creates().at(-1)?.body ?? '{}');
    expect(sent).toMatchObject({
      name: 'Checkout <!here> copy test',
      type: 'regular',
      teamId: 211,
      domainId: 2,
      layerId: 201,
      participantType: 'user',
      markupScopeType: 'incoming_traffic',
      exposure: 'all',
      statisticalMethod: 'bayesian',
      metrics: ['checkout.conversion.d7'],
      tags: ['checkout'],
    });
    expect(sent).not.toHaveProperty('segments');
    expect(sent).not.toHaveProperty('switchback');
    const created = await h.emulator.waitFor(
      () =>
        h.emulator.messages(CHANNEL).find((m) => !m.ephemeral && /created experiment/.test(messageText(m))),
      { timeoutMs: 8000 },
    );
    const id = [...h.sandbox.state.experiments.keys()].at(-1);
    // Named first (escaped), its id after.
    expect(messageText(created)).toMatch(
      new RegExp(`created experiment \\*[^*]*&lt;!here&gt;[^*]*\\* \\(#${id}\\)`),
    );
    expect(JSON.stringify(created.blocks)).toContain('exp_lifecycle_start');
  });

  it('shows a platform validation 400 on the field it names and drops the dictionary cache', async () => {
    const view = await openModal('create');
    const layerReads = () =>
      h.sandbox.state.requests.filter((r) => r.url.endsWith('/dictionaries/layers')).length;
    h.sandbox.failNext(
      {
        status: 400,
        body: '{"message":"Validation failed","errors":[{"field":"layerId","message":"layer 101 is full"}]}',
        contentType: 'application/json',
      },
      { method: 'POST', pathIncludes: '/experiments/v1' },
    );
    const result = await h.driver.submitView(view.id, {
      ...text(view, 'exp_xm_name', 'Full layer'),
      ...select(view, 'exp_xm_type', 'regular'),
      ...select(view, 'exp_xm_team', 'n:211'),
      ...select(view, 'exp_xm_domain', 'n:1'),
      ...select(view, 'exp_xm_layer', 'n:101'),
      ...select(view, 'exp_xm_participant_type', 's:user'),
      ...select(view, 'exp_xm_markup_scope', 'incoming_traffic'),
      ...select(view, 'exp_xm_exposure', 'all'),
      ...select(view, 'exp_xm_statistical_method', 'frequentist'),
      ...multi(view, 'exp_xm_metrics', [
        { text: { type: 'plain_text', text: 'm' }, value: 's:search.ctr.d7' },
      ]),
    });
    expect(result.outcome).toMatchObject({
      kind: 'errors',
      errors: { exp_xm_layer: expect.stringContaining('layer 101 is full') },
    });
    const reads = layerReads();
    await h.driver.command({ text: 'dict layers', userId: USER });
    await h.emulator.waitFor(() => layerReads() > reads, {
      message: 'the layers dictionary was not re-read',
    });
  });
});

describe('/exp edit', () => {
  it('prefills from the record and PATCHes only the changed fields', async () => {
    const view = await openModal('edit 2');
    expect((elementOf(view, 'exp_xm_name').initial_value as string) ?? '').toBe('One-click checkout');
    const result = await h.driver.submitView(view.id, {
      ...text(view, 'exp_xm_name', 'One-click checkout v2'),
    });
    expect(result.outcome.kind).toBe('pushed');
    const confirm = (result.outcome as { view: EmulatedView }).view;
    expect((await h.driver.submitView(confirm.id, {})).outcome).toEqual({ kind: 'cleared' });
    const patch = h.sandbox.state.requests
      .filter((r) => r.method === 'PATCH' && r.url.endsWith('/experiments/v1/2'))
      .at(-1);
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ name: 'One-click checkout v2' });
    await h.emulator.waitFor(() =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => !m.ephemeral && /updated experiment \*[^*\n]+\* \(#2\)/.test(messageText(m))),
    );
    expect(h.sandbox.state.experiments.get(2)?.name).toBe('One-click checkout v2');
  });

  it('refuses a non-integer id before anything opens', async () => {
    const res = await h.driver.command({ text: 'edit abc', userId: USER });
    expect(messageText(res.json as Obj)).toMatch(/positive integer/i);
  });
});
