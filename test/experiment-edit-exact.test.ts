import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExperiment } from '../src/dev/sandbox/model/experiment-schema.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import { block, blocksOf, type Obj, openModal, text } from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Issue #23: an edit changes exactly what the person changed. Experiment 901 has 25 filters, three
// on one param (city), two on an archived param (legacy_segment), numeric and boolean values.

const CHANNEL = 'C0GENERAL';
let h: Harness;

type Segment = NonNullable<SandboxExperiment['segments']>[number];
function audienceOf25(): Segment[] {
  const segments: Segment[] = [
    { paramId: 2, predicate: 'eq', values: [71002] },
    { paramId: 2, predicate: 'in', values: ['Paris', 75001, true] },
    { paramId: 2, predicate: 'neq', values: [false] },
    { paramId: 4, predicate: 'eq', values: ['gold'] },
    { paramId: 4, predicate: 'in', values: [42, 'silver'] },
  ];
  for (let i = 0; i < 20; i++)
    segments.push({
      paramId: 1,
      predicate: i % 2 === 0 ? 'gt' : 'lt',
      values: [i % 3 === 0 ? i : `${i}.0.0`],
    });
  return segments;
}

function seed(id: number, patch: Partial<SandboxExperiment>): SandboxExperiment {
  const base = h.sandbox.state.experiments.get(123);
  if (!base) throw new Error('the sandbox has no experiment 123');
  const experiment: SandboxExperiment = {
    ...structuredClone(base),
    id,
    name: `Experiment ${id}`,
    label: `exact_edit_${id}`,
    status: 'draft',
    ...patch,
  };
  h.sandbox.state.experiments.set(id, experiment);
  return experiment;
}

const patches = (id: number) =>
  h.sandbox.state.requests.filter((r) => r.method === 'PATCH' && r.url.endsWith(`/experiments/v1/${id}`));

function viewText(view: EmulatedView): string {
  return JSON.stringify(blocksOf(view));
}

/** Submits the form; the app answers with the confirmation pushed over it. */
async function submitForConfirmation(
  view: EmulatedView,
  values: Record<string, Record<string, unknown>> = {},
) {
  const result = await h.driver.submitView(view.id, values);
  expect(result.outcome.kind, JSON.stringify(result.outcome)).toBe('pushed');
  return (result.outcome as { view: EmulatedView }).view;
}

async function waitForChange(viewId: string, hash: string): Promise<EmulatedView> {
  return h.emulator.waitFor(
    () => {
      const current = h.emulator.views.get(viewId);
      return current && current.hash !== hash ? current : undefined;
    },
    { message: `view ${viewId} was not updated` },
  );
}

async function openAudience(form: EmulatedView): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  await h.driver.viewAction(form.id, 'exp_xm_audience', 'exp_xm_audience_edit', { type: 'button' });
  return h.emulator.waitFor(
    () =>
      [...h.emulator.views.values()].find(
        (v) => !before.has(v.id) && v.view.callback_id === 'exp_audience_view',
      ),
    { message: 'the audience view was not pushed' },
  );
}

function removeButton(view: EmulatedView, index: number): Obj {
  const found = block(view, `exp_aud_filter:${index}`);
  if (!found) throw new Error(`no filter ${index} on this page`);
  return found.accessory as Obj;
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('editing an experiment with 25 filters', () => {
  it('sends the name alone when only the name changed, after showing that diff', async () => {
    seed(901, { segments: audienceOf25() });
    const form = await openModal(h, 'edit 901');
    expect(viewText(form)).toContain('25 filters');
    const confirm = await submitForConfirmation(form, text(form, 'exp_xm_name', 'Renamed 901'));
    const shown = viewText(confirm);
    expect(shown).toContain('Renamed 901');
    expect(shown).not.toMatch(/Audience|removed|added/);
    const before = patches(901).length;
    const saved = await h.driver.submitView(confirm.id, {});
    expect(saved.outcome).toEqual({ kind: 'cleared' });
    expect(patches(901).length).toBe(before + 1);
    expect(JSON.parse(patches(901).at(-1)?.body ?? '{}')).toEqual({ name: 'Renamed 901' });
    expect(h.sandbox.state.experiments.get(901)?.segments).toEqual(audienceOf25());
    const posted = await h.emulator.waitFor(() =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => !m.ephemeral && /updated experiment \*[^*\n]+\* \(#901\)/.test(messageText(m))),
    );
    expect(messageText(posted)).toContain('Renamed 901');
  });

  it('names dictionary values in the diff, as cards do', async () => {
    seed(907, { segments: audienceOf25(), teamId: 211 });
    const form = await openModal(h, 'edit 907');
    const team = {
      exp_xm_team: {
        exp_xm_team_select: {
          type: 'external_select',
          selected_option: { value: 'n:212', text: { type: 'plain_text', text: 'Wallet' } },
        },
      },
    };
    const confirm = await submitForConfirmation(form, team);
    // The team was 211 (seed's default): both sides named from the teams dictionary.
    expect(viewText(confirm)).toContain('Checkout (`211`)');
    expect(viewText(confirm)).toContain('Wallet (`212`)');
  });

  it('removes one filter through the pushed audience view and sends the other 24 byte-identical', async () => {
    const original = seed(902, { segments: audienceOf25() }).segments ?? [];
    const form = await openModal(h, 'edit 902');
    let audience = await openAudience(form);
    // Paged within Slack's limits: 20 on the first page, the archived ones shown as such.
    expect(blocksOf(audience).filter((b) => String(b.block_id).startsWith('exp_aud_filter:'))).toHaveLength(
      20,
    );
    expect(viewText(audience)).toContain('archived parameter');
    const remove = removeButton(audience, 1);
    await h.driver.viewAction(audience.id, 'exp_aud_filter:1', 'exp_aud_remove', {
      type: 'button',
      value: remove.value,
    });
    audience = await waitForChange(audience.id, audience.hash);
    expect(viewText(audience)).toContain('of 24');
    const formHash = h.emulator.views.get(form.id)?.hash ?? '';
    const done = await h.driver.submitView(audience.id, {});
    expect(done.outcome).toEqual({ kind: 'closed' });
    const updated = await waitForChange(form.id, formHash);
    expect(viewText(updated)).toContain('24 filters');

    const confirm = await submitForConfirmation(updated);
    const lines = viewText(confirm);
    expect(lines.match(/removed:/g)).toHaveLength(1);
    expect(lines).toContain('Paris');
    expect(lines).not.toMatch(/added:|changed:/);
    const saved = await h.driver.submitView(confirm.id, {});
    expect(saved.outcome).toEqual({ kind: 'cleared' });
    const body = patches(902).at(-1)?.body ?? '';
    const expected = original.filter((_, i) => i !== 1);
    expect(Object.keys(JSON.parse(body))).toEqual(['segments']);
    expect(body).toBe(JSON.stringify({ segments: expected }));
    expect(h.sandbox.state.experiments.get(902)?.segments).toEqual(expected);
    // The audit trail keeps what changed, as the confirmation showed it.
    await h.app.idle();
    await h.driver.command({ text: 'audit 902', userId: EMULATOR_DEFAULTS.adminUserId });
    const trail = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => m.ephemeral && /Audit trail/.test(messageText(m)) && /#902/.test(messageText(m))),
      { message: 'no audit trail for 902' },
    );
    expect(messageText(trail)).toContain('audience: 0 added, 1 removed, 0 changed');
  });

  it('adds a filter on an active param only, with its number typed as a number', async () => {
    seed(903, { segments: audienceOf25() });
    const form = await openModal(h, 'edit 903');
    let audience = await openAudience(form);
    const paramBlock = blocksOf(audience).find((b) =>
      String(b.block_id).startsWith('exp_aud_new_param:'),
    ) as Obj;
    const offered = ((paramBlock.element as Obj).options as Obj[]).map((o) => o.value);
    expect(offered).toContain('n:2');
    expect(offered).not.toContain('n:4'); // archived: kept in old filters, never in a new one
    const predicateBlock = blocksOf(audience).find((b) =>
      String(b.block_id).startsWith('exp_aud_new_predicate:'),
    ) as Obj;
    const valuesBlock = blocksOf(audience).find((b) =>
      String(b.block_id).startsWith('exp_aud_new_values:'),
    ) as Obj;
    const option = (el: Obj, value: string) => ((el.options as Obj[]) ?? []).find((o) => o.value === value);
    await h.driver.viewAction(audience.id, String(paramBlock.block_id), 'exp_aud_new_param_choice', {
      type: 'static_select',
      selected_option: option(paramBlock.element as Obj, 'n:2'),
    });
    await h.driver.viewAction(audience.id, String(predicateBlock.block_id), 'exp_aud_new_predicate_choice', {
      type: 'static_select',
      selected_option: option(predicateBlock.element as Obj, 's:eq'),
    });
    await h.driver.viewAction(audience.id, String(valuesBlock.block_id), 'exp_aud_new_values_input', {
      type: 'plain_text_input',
      value: 'Lyon',
    });
    const hash = h.emulator.views.get(audience.id)?.hash ?? '';
    await h.driver.viewAction(audience.id, 'exp_aud_add_actions', 'exp_aud_add', { type: 'button' });
    audience = await waitForChange(audience.id, hash);
    expect(viewText(audience)).toContain('of 26');
    await h.driver.submitView(audience.id, {});
    const updated = await waitForChange(form.id, form.hash);
    const confirm = await submitForConfirmation(updated);
    expect(viewText(confirm).match(/added:/g)).toHaveLength(1);
    await h.driver.submitView(confirm.id, {});
    const sent = JSON.parse(patches(903).at(-1)?.body ?? '{}') as { segments: Segment[] };
    expect(sent.segments).toHaveLength(26);
    expect(sent.segments.at(-1)).toEqual({ paramId: 2, predicate: 'eq', values: ['Lyon'] });
  });

  it('saves nothing when nothing changed, and says so', async () => {
    seed(904, { segments: audienceOf25() });
    const form = await openModal(h, 'edit 904');
    const before = patches(904).length;
    const result = await h.driver.submitView(form.id, {});
    expect(result.outcome.kind).toBe('updated');
    expect(viewText((result.outcome as { view: EmulatedView }).view)).toMatch(/No changes/);
    // Idle: work after the ack (a save) has ended, so a PATCH would already be recorded.
    await h.app.idle();
    expect(patches(904).length).toBe(before);
  });
});

describe('an adhoc experiment', () => {
  it('can be edited and keeps its type', async () => {
    seed(905, { type: 'adhoc', markupScopeType: 'incoming_traffic', segments: undefined });
    const form = await openModal(h, 'edit 905');
    expect(block(form, 'exp_xm_type')).toBeUndefined();
    expect(viewText(form)).toContain('Ad hoc (obsolete), kept');
    const confirm = await submitForConfirmation(form, text(form, 'exp_xm_name', 'Adhoc, renamed'));
    await h.driver.submitView(confirm.id, {});
    expect(JSON.parse(patches(905).at(-1)?.body ?? '{}')).toEqual({ name: 'Adhoc, renamed' });
    expect(h.sandbox.state.experiments.get(905)?.type).toBe('adhoc');
  });
});

describe('a change made while the form was open', () => {
  it('is shown, not overwritten', async () => {
    seed(906, { segments: audienceOf25() });
    const form = await openModal(h, 'edit 906');
    const confirm = await submitForConfirmation(form, text(form, 'exp_xm_name', 'Mine'));
    const experiment = h.sandbox.state.experiments.get(906);
    if (!experiment) throw new Error('no experiment 906');
    experiment.name = 'Theirs';
    const before = patches(906).length;
    const result = await h.driver.submitView(confirm.id, {});
    expect(result.outcome.kind).toBe('updated');
    const shown = viewText((result.outcome as { view: EmulatedView }).view);
    expect(shown).toMatch(/changed on the platform/);
    expect(shown).toContain('Theirs');
    expect(patches(906).length).toBe(before);
    expect(h.sandbox.state.experiments.get(906)?.name).toBe('Theirs');
  });
});
