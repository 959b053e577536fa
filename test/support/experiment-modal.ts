import type { EmulatedView } from '../../src/dev/slack-emulator/types.js';
import type { Harness } from './harness.js';

// Driving the create/edit modal as Slack would: reading its blocks, building view.state values for
// a submission, changing dispatching selects and asking external selects for options.

export type Obj = Record<string, unknown>;
export const MODAL_USER = 'U0MEMBER1';

export function blocksOf(view: EmulatedView): Obj[] {
  return (view.view.blocks as Obj[]) ?? [];
}

export function block(view: EmulatedView, blockId: string): Obj | undefined {
  return blocksOf(view).find((b) => b.block_id === blockId);
}

export function elementOf(view: EmulatedView, blockId: string): Obj {
  const found = block(view, blockId);
  if (!found) throw new Error(`no block ${blockId}`);
  return found.element as Obj;
}

/** Options of a static select, or of an options response, flattened from option_groups. */
export function optionsOf(element: Obj): Obj[] {
  if (Array.isArray(element.options)) return element.options as Obj[];
  if (Array.isArray(element.option_groups))
    return (element.option_groups as { options: Obj[] }[]).flatMap((g) => g.options);
  return [];
}

export function optionValues(element: Obj): string[] {
  return optionsOf(element).map((o) => o.value as string);
}

export function option(view: EmulatedView, blockId: string, value: string): Obj {
  const found = optionsOf(elementOf(view, blockId)).find((o) => o.value === value);
  if (!found) throw new Error(`no option ${value} in ${blockId}`);
  return found;
}

/** A select's state as Slack reports it, by the option's value. */
export function select(view: EmulatedView, blockId: string, value: string) {
  const el = elementOf(view, blockId);
  return {
    [blockId]: { [el.action_id as string]: { type: el.type, selected_option: option(view, blockId, value) } },
  };
}

export function multi(view: EmulatedView, blockId: string, options: Obj[]) {
  const el = elementOf(view, blockId);
  return { [blockId]: { [el.action_id as string]: { type: el.type, selected_options: options } } };
}

export function text(view: EmulatedView, blockId: string, value: string) {
  const el = elementOf(view, blockId);
  return { [blockId]: { [el.action_id as string]: { type: 'plain_text_input', value } } };
}

export async function openModal(h: Harness, command: string): Promise<EmulatedView> {
  const before = new Set(h.emulator.views.keys());
  await h.driver.command({ text: command, userId: MODAL_USER });
  return h.emulator.waitFor(
    () =>
      [...h.emulator.views.values()].find(
        (v) => !before.has(v.id) && v.view.callback_id === 'exp_experiment_modal',
      ),
    { timeoutMs: 8000, message: `no experiment modal for ${command}` },
  );
}

/** Changes a dispatching select and waits until the app has updated the view (its hash changes). */
export async function change(
  h: Harness,
  view: EmulatedView,
  blockId: string,
  value: string,
): Promise<EmulatedView> {
  const el = elementOf(view, blockId);
  const hash = view.hash;
  await h.driver.viewAction(view.id, blockId, el.action_id as string, {
    type: el.type,
    selected_option: option(view, blockId, value),
  });
  return h.emulator.waitFor(
    () => {
      const current = h.emulator.views.get(view.id);
      return current && current.hash !== hash ? current : undefined;
    },
    { message: `view not updated after ${blockId}=${value}` },
  );
}

/** The options the app answers for an external select's query (block_suggestion), flattened. */
export async function suggest(
  h: Harness,
  view: EmulatedView,
  blockId: string,
  query: string,
): Promise<{ options: Obj[]; json: Obj; breaches: string[] }> {
  const el = elementOf(view, blockId);
  const res = await h.driver.suggestOptions(view.id, blockId, el.action_id as string, query);
  if (res.status !== 200) throw new Error(`options request answered HTTP ${res.status}`);
  const json = (res.json ?? {}) as Obj;
  return { options: optionsOf(json), json, breaches: res.breaches };
}
