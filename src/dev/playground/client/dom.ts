// Typed look-ups. The page's markup is fixed, so a missing element is a bug: it throws with its name.

type ElementClass<T extends Element> = { new (): T; prototype: T };

export function byId<T extends HTMLElement>(id: string, kind: ElementClass<T>): T {
  const found = document.getElementById(id);
  if (!(found instanceof kind)) throw new Error(`The page has no ${kind.name} #${id}.`);
  return found;
}

export function within<T extends Element>(root: ParentNode, selector: string, kind: ElementClass<T>): T {
  const found = root.querySelector(selector);
  if (!(found instanceof kind)) throw new Error(`No ${kind.name} matches ${selector}.`);
  return found;
}

/** The Block Kit element (server-rendered .bk-field) a node belongs to. */
export function fieldOf(node: Element | null): HTMLElement | null {
  return node ? node.closest<HTMLElement>('.bk-field') : null;
}

export type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The element's text-like control; checkboxes and radio buttons are read as options instead. */
export function controlOf(field: ParentNode): Control | null {
  return field.querySelector<Control>('input:not([type=checkbox]):not([type=radio]), textarea, select');
}
