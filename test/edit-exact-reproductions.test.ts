import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExperiment } from '../src/dev/sandbox/model/experiment-schema.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import { englishSentences } from './support/english-sentences.js';
import { block, blocksOf, change, openModal, text } from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Issue #51, one test per reproduction: opening the edit form and changing one thing sends that
// thing only, whatever the experiment holds that a widget cannot show. Through the real entry
// points: signed Slack payloads to the app, the sandbox platform over HTTP.

const CHANNEL = 'C0GENERAL';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  // 200 allowed lists, so an experiment can hold 150 the dictionary offers (before the app caches).
  const lists = h.sandbox.state.dictionaries['participant-lists'].allowed;
  for (let id = 1000; lists.length < 200; id++) lists.push({ id, name: `Cohort ${id}` });
});
afterAll(async () => {
  await h?.close();
});

function seed(id: number, patch: Partial<SandboxExperiment>): SandboxExperiment {
  const base = h.sandbox.state.experiments.get(2);
  if (!base) throw new Error('the sandbox has no experiment 2');
  const experiment = {
    ...structuredClone(base),
    ...{ id, name: `Experiment ${id}`, label: `exact_${id}`, status: 'draft' },
    ...patch,
  };
  h.sandbox.state.experiments.set(id, experiment as SandboxExperiment);
  return experiment as SandboxExperiment;
}

const patchesOf = (id: number) =>
  h.sandbox.state.requests.filter((r) => r.method === 'PATCH' && r.url.endsWith(`/experiments/v1/${id}`));

const viewText = (view: EmulatedView) => JSON.stringify(blocksOf(view));

/** Submits the form and, once the confirmation is pushed, Save; returns the confirmation. */
async function saveThroughConfirmation(form: EmulatedView, values: Record<string, Record<string, unknown>>) {
  const result = await h.driver.submitView(form.id, values);
  expect(result.outcome.kind, JSON.stringify(result.outcome)).toBe('pushed');
  const confirm = (result.outcome as { view: EmulatedView }).view;
  const saved = await h.driver.submitView(confirm.id, {});
  const last = h.sandbox.state.requests.at(-1);
  expect(saved.outcome, JSON.stringify(last)).toEqual({ kind: 'cleared' });
  return confirm;
}

/** Opens `/exp edit id`, types a new name, saves: the one PATCH body sent. */
async function rename(id: number, name = `Renamed ${id}`): Promise<unknown> {
  const form = await openModal(h, `edit ${id}`);
  await saveThroughConfirmation(form, text(form, 'exp_xm_name', name));
  const sent = patchesOf(id);
  expect(sent).toHaveLength(1);
  return JSON.parse(sent[0]?.body ?? '{}');
}

const KEEPS: (keyof SandboxExperiment)[] = [
  'label',
  'description',
  'teamId',
  'layerId',
  'tags',
  'metrics',
  'allowedParticipantLists',
  'excludedParticipantLists',
  'switchback',
  'retro',
];
function expectKept(before: SandboxExperiment, id: number) {
  const after = h.sandbox.state.experiments.get(id);
  for (const key of KEEPS) expect(after?.[key], String(key)).toEqual(before[key]);
}

describe('issue #51: a rename sends the name alone', () => {
  it('keeps 150 allowed participant lists, shown read-only, when only the name changes', async () => {
    const lists = h.sandbox.state.dictionaries['participant-lists'].allowed.slice(0, 150).map((l) => l.id);
    const before = seed(5101, { allowedParticipantLists: lists });
    const form = await openModal(h, 'edit 5101');
    expect(block(form, 'exp_xm_allowed_lists')).toBeUndefined();
    expect(viewText(form)).toContain('150 values, kept as they are');
    await saveThroughConfirmation(form, text(form, 'exp_xm_name', 'Renamed 5101'));
    expect(JSON.parse(patchesOf(5101)[0]?.body ?? '{}')).toEqual({ name: 'Renamed 5101' });
    expectKept(before, 5101);
  });

  it('keeps values the dictionaries no longer offer: tags, lists, metrics', async () => {
    const before = seed(5102, {
      tags: ['recommendations', 'retired-tag'],
      allowedParticipantLists: [502, 599],
      excludedParticipantLists: [699],
      metrics: ['checkout.conversion.d7', 'checkout.retired.d1'],
    });
    const form = await openModal(h, 'edit 5102');
    expect(viewText(form)).toContain('1 of them no longer offered');
    expect(await rename(5102)).toEqual({ name: 'Renamed 5102' });
    expectKept(before, 5102);
  });

  it('keeps a 4,000-character description and a 120-character label whole', async () => {
    const description = `${'d'.repeat(3999)}!`;
    const label = `l${'x'.repeat(119)}`;
    const before = seed(5103, { description, label });
    const form = await openModal(h, 'edit 5103');
    expect(viewText(form)).toContain('4,000 characters, kept as they are');
    expect(await rename(5103)).toEqual({ name: 'Renamed 5103' });
    expect(h.sandbox.state.experiments.get(5103)?.description).toBe(description);
    expectKept(before, 5103);
  });

  it('renames an experiment whose label has a space', async () => {
    const before = seed(5104, { label: 'has a space' });
    expect(await rename(5104)).toEqual({ name: 'Renamed 5104' });
    expectKept(before, 5104);
  });

  it('adds no switchback strategy to a switchback experiment without one', async () => {
    const before = seed(5105, { type: 'switchback', switchback: null });
    expect(await rename(5105)).toEqual({ name: 'Renamed 5105' });
    expectKept(before, 5105);
  });

  it('does not re-send a name ending in a space when only the description changed', async () => {
    seed(5106, { name: 'Ends in a space ' });
    const form = await openModal(h, 'edit 5106');
    await saveThroughConfirmation(form, text(form, 'exp_xm_description', 'A new description'));
    expect(JSON.parse(patchesOf(5106)[0]?.body ?? '{}')).toEqual({ description: 'A new description' });
    expect(h.sandbox.state.experiments.get(5106)?.name).toBe('Ends in a space ');
  });

  it('renames a retro experiment without retro.type', async () => {
    const before = seed(5107, { type: 'retro', retro: null });
    expect(await rename(5107)).toEqual({ name: 'Renamed 5107' });
    expectKept(before, 5107);
  });

  it('renames an experiment whose team id is stored as a string', async () => {
    const before = seed(5108, { teamId: '211' });
    expect(await rename(5108)).toEqual({ name: 'Renamed 5108' });
    expect(h.sandbox.state.experiments.get(5108)?.teamId).toBe('211');
    expectKept(before, 5108);
  });
});

describe('issue #51: diffs and cards in the form words', () => {
  it('shows the team and layer names in their places on the card after an edit', async () => {
    seed(5109, {});
    await rename(5109);
    const posted = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => !m.ephemeral && /updated experiment \*[^*\n]+\* \(#5109\)/.test(messageText(m))),
      { message: 'no message after the edit of 5109' },
    );
    const shown = messageText(posted);
    expect(shown).toContain('Checkout (`211`)');
    expect(shown).toContain('Checkout flow (`201`)');
  });

  it('names a markup change with the labels the form shows', async () => {
    seed(5110, {
      markupScopeType: 'event',
      segments: [{ paramId: 6, predicate: 'eq', values: ['card'] }],
    });
    const form = await openModal(h, 'edit 5110');
    const changed = await change(h, form, 'exp_xm_markup_scope', 'incoming_traffic');
    const confirm = await saveThroughConfirmation(changed, {});
    expect(viewText(confirm)).toContain('By event (audience filters) → All incoming traffic');
    expect(JSON.parse(patchesOf(5110)[0]?.body ?? '{}')).toEqual({
      markupScopeType: 'incoming_traffic',
      segments: [],
    });
  });
});

describe('issue #51: in the reader’s language', () => {
  // Last in this file: the workspace speaks Russian from here on.
  it('says in Russian what it keeps, and writes the diff and the line after saving in Russian labels', async () => {
    await h.driver.command({ text: 'language workspace ru', userId: EMULATOR_DEFAULTS.adminUserId });
    await h.emulator.waitFor(() =>
      h.emulator.messages(CHANNEL).find((m) => /языком рабочего пространства/.test(messageText(m))),
    );
    const lists = h.sandbox.state.dictionaries['participant-lists'].allowed.slice(0, 150).map((l) => l.id);
    seed(5111, {
      allowedParticipantLists: lists,
      markupScopeType: 'event',
      segments: [{ paramId: 6, predicate: 'eq', values: ['card'] }],
    });
    const form = await openModal(h, 'edit 5111');
    const kept = JSON.stringify(block(form, 'exp_xm_allowed_lists_kept'));
    expect(kept).toContain('150 значений, остаются как есть');
    expect(englishSentences(kept)).toEqual([]);
    const changed = await change(h, form, 'exp_xm_markup_scope', 'incoming_traffic');
    const confirm = await saveThroughConfirmation(changed, {});
    expect(viewText(confirm)).toContain('По событию (фильтры аудитории) → Весь входящий трафик');
    const posted = await h.emulator.waitFor(() =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => !m.ephemeral && /5111/.test(messageText(m)) && /→/.test(messageText(m))),
    );
    expect(messageText(posted)).toContain('По событию (фильтры аудитории) → Весь входящий трафик');
    expect(englishSentences(messageText(posted))).toEqual([]);
  });
});
