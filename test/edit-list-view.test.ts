import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExperiment } from '../src/dev/sandbox/model/experiment-schema.js';
import type { EmulatedView } from '../src/dev/slack-emulator/types.js';
import { block, blocksOf, type Obj, openModal } from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// Issue #51: a list no menu holds (150 participant lists, tags the dictionary no longer offers) is
// shown read-only in the form, and edited value by value in a pushed view with Remove and Add, as
// the audience is. The PATCH then carries that list whole, every other value as the platform gave it.

const CHANNEL = 'C0GENERAL';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  const lists = h.sandbox.state.dictionaries['participant-lists'].allowed;
  for (let id = 1000; lists.length < 200; id++) lists.push({ id, name: `Cohort ${id}` });
});
afterAll(async () => {
  await h?.close();
});

function seed(id: number, patch: Partial<SandboxExperiment>): void {
  const base = h.sandbox.state.experiments.get(2) as SandboxExperiment;
  h.sandbox.state.experiments.set(id, {
    ...structuredClone(base),
    ...{ id, name: `Experiment ${id}`, label: `list_${id}`, status: 'draft' as const },
    ...patch,
  });
}

const patchesOf = (id: number) =>
  h.sandbox.state.requests.filter((r) => r.method === 'PATCH' && r.url.endsWith(`/experiments/v1/${id}`));
const viewText = (view: EmulatedView) => JSON.stringify(blocksOf(view));

async function changed(viewId: string, hash: string): Promise<EmulatedView> {
  return h.emulator.waitFor(() => {
    const now = h.emulator.views.get(viewId);
    return now && now.hash !== hash ? now : undefined;
  });
}

async function openList(form: EmulatedView, blockId: string): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  const button = block(form, blockId)?.accessory as Obj;
  await h.driver.viewAction(form.id, blockId, String(button.action_id), {
    type: 'button',
    value: button.value,
  });
  return h.emulator.waitFor(() =>
    [...h.emulator.views.values()].find((v) => !before.has(v.id) && v.view.callback_id === 'exp_list_view'),
  );
}

async function click(view: EmulatedView, blockId: string, action: Obj): Promise<EmulatedView> {
  const hash = view.hash;
  await h.driver.viewAction(view.id, blockId, String(action.action_id), action);
  return changed(view.id, hash);
}

/** Chooses a value in the list view's picker and presses Add. */
async function add(view: EmulatedView, value: string): Promise<EmulatedView> {
  const picker = blocksOf(view).find((b) => String(b.block_id).startsWith('exp_lst_new:')) as Obj;
  const element = picker.element as Obj;
  const option = ((element.options as Obj[]) ?? []).find((o) => o.value === value);
  expect(option, `option ${value}`).toBeDefined();
  const values = {
    [String(picker.block_id)]: {
      [String(element.action_id)]: { type: element.type, selected_option: option },
    },
  };
  const hash = view.hash;
  await h.driver.viewAction(view.id, 'exp_lst_add_actions', 'exp_lst_add', { type: 'button' }, { values });
  return changed(view.id, hash);
}

describe('issue #51: a list no menu holds is edited value by value', () => {
  it('pages through 150 lists, removes one and adds one, and sends that list whole', async () => {
    const allowed = h.sandbox.state.dictionaries['participant-lists'].allowed;
    const lists = allowed.slice(0, 150).map((l) => l.id);
    seed(5201, { allowedParticipantLists: lists });
    const form = await openModal(h, 'edit 5201');
    let list = await openList(form, 'exp_xm_allowed_lists_kept');
    expect(viewText(list)).toContain('values 1–20 of 150');
    expect(viewText(list)).toContain('Beta testers (`502`)');
    const next = blocksOf(list).find((b) => b.block_id === 'exp_lst_pager') as Obj;
    list = await click(list, 'exp_lst_pager', (next.elements as Obj[])[0] as Obj);
    expect(viewText(list)).toContain('values 21–40 of 150');
    list = await click(list, 'exp_lst_value:20', block(list, 'exp_lst_value:20')?.accessory as Obj);
    expect(viewText(list)).toContain('of 149');
    await h.emulator.waitFor(() =>
      viewText(h.emulator.views.get(form.id) as EmulatedView).includes('149 values'),
    );
    list = await add(list, 'n:1190');
    expect(viewText(list)).toContain('Added: Cohort 1190 (`1190`)');
    // The form under the list is rebuilt as the list changes: Back would show it as it is now.
    await h.emulator.waitFor(() =>
      viewText(h.emulator.views.get(form.id) as EmulatedView).includes('150 values'),
    );
    expect((await h.driver.submitView(list.id, {})).outcome).toEqual({ kind: 'closed' });

    const submitted = await h.driver.submitView(form.id, {});
    const confirm = (submitted.outcome as { view: EmulatedView }).view;
    const diff = viewText(confirm);
    expect(diff).toContain(`removed ${allowed[20]?.name} (\`${allowed[20]?.id}\`)`);
    expect(diff).toContain('added Cohort 1190 (`1190`) (150 in all)');
    await h.driver.submitView(confirm.id, {});
    const expected = [...lists.filter((_, i) => i !== 20), 1190];
    expect(patchesOf(5201).map((r) => JSON.parse(r.body ?? '{}'))).toEqual([
      { allowedParticipantLists: expected },
    ]);
    const posted = await h.emulator.waitFor(() =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => /updated experiment \*[^*\n]+\* \(#5201\)/.test(messageText(m))),
    );
    expect(messageText(posted)).toContain('added Cohort 1190');
  });

  it('removes a tag the dictionary no longer offers and keeps the rest as they were', async () => {
    seed(5202, { tags: ['checkout', 'retired-tag', 'payments'] });
    const form = await openModal(h, 'edit 5202');
    expect(block(form, 'exp_xm_tags')).toBeUndefined();
    let list = await openList(form, 'exp_xm_tags_kept');
    expect(viewText(list)).toContain('no longer offered by the dictionary');
    list = await click(list, 'exp_lst_value:1', block(list, 'exp_lst_value:1')?.accessory as Obj);
    await h.driver.submitView(list.id, {});
    const submitted = await h.driver.submitView(form.id, {});
    const confirm = (submitted.outcome as { view: EmulatedView }).view;
    await h.driver.submitView(confirm.id, {});
    expect(patchesOf(5202).map((r) => JSON.parse(r.body ?? '{}'))).toEqual([
      { tags: ['checkout', 'payments'] },
    ]);
  });
});
