import { isObject, isScalar, pickLabel, pickValue, type Scalar } from './item-fields.js';
import type { DictionaryItem } from './normalise.js';

// `predicates` and `predicateApplicability` of context-param-predicates: the interface names them
// ("available operators") but does not show their structure. Read here once, for the form's
// operator pickers and for `/exp dict`: lists of strings or of objects (value and label picked as for
// any dictionary item) and maps (operator → label or entry; param type → list of operators). Anything
// else gives no operators; the raw parts stay in the dictionary's `extra` for whoever shows them.

export interface ContextPredicates {
  /** Every operator the platform listed. */
  items: DictionaryItem[];
  /** Param type → the operator values that apply to it (predicateApplicability), when readable. */
  byParamType?: ReadonlyMap<string, readonly Scalar[]>;
}

function scalarOf(node: unknown): Scalar | undefined {
  if (isScalar(node)) return node;
  return isObject(node) ? pickValue(node) : undefined;
}

/** The operators and where they apply, from the `extra` part of the normalised dictionary. */
export function readContextPredicates(extra: Record<string, unknown> | undefined): ContextPredicates {
  const raw = extra?.predicates;
  const entries: [unknown, unknown][] = Array.isArray(raw)
    ? raw.map((p) => [p, p])
    : isObject(raw)
      ? Object.entries(raw)
      : [];
  const items: DictionaryItem[] = [];
  for (const [key, node] of entries) {
    const value = Array.isArray(raw) ? scalarOf(node) : (key as string);
    if (value === undefined) continue;
    const label = isObject(node) ? pickLabel(node, value) : typeof node === 'string' ? node : String(value);
    items.push({ value, label, raw: node });
  }
  const applicability = extra?.predicateApplicability;
  if (!isObject(applicability)) return { items };
  const byParamType = new Map<string, Scalar[]>();
  for (const [type, list] of Object.entries(applicability)) {
    if (Array.isArray(list))
      byParamType.set(
        type,
        list.map(scalarOf).filter((v) => v !== undefined),
      );
  }
  return { items, byParamType };
}
