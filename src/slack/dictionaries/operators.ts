import type { Scalar } from '../../console/dictionaries/item-fields.js';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { readContextPredicates } from '../../console/dictionaries/predicates.js';
import { code, md, type SafeText, safe, truncateSafe } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';
import { inline, isRecord, summariseShape, within } from './extra.js';

// The operators of context-param-predicates as people read them: each by its name with its value
// ("equals (`eq`)"), and per param type the names of the operators that apply. The structure of both
// parts is not shown by the interface: what readContextPredicates cannot read is shown as sent.

const NAME_MAX = 60;
const VALUE_MAX = 60;
const TYPE_MAX = 60;

/** An operator by its name and value, or by its value alone when no operator has a separate name. */
function operatorText(item: DictionaryItem, named: boolean): SafeText {
  const value = code(String(item.value), VALUE_MAX);
  return named ? md`${safe(item.label, NAME_MAX)} (${value})` : value;
}

/** An operator within a param type's list: its name when the operators have names, else its value. */
function operatorName(value: Scalar, names: ReadonlyMap<Scalar, string> | undefined): SafeText {
  const name = names?.get(value);
  return name === undefined ? code(String(value), VALUE_MAX) : safe(name, NAME_MAX);
}

export interface OperatorTexts {
  operators: SafeText;
  applicability: SafeText;
}

/** Both parts, each titled and at most max characters of content. */
export function operatorTexts(
  extra: Record<string, unknown>,
  max: number,
  messages: Messages,
): OperatorTexts {
  const { dict } = messages;
  const asSent = (title: SafeText, value: unknown) =>
    md`${title} ${dict.shapeNote}\n${summariseShape(value, max, messages)}`;
  const { items, byParamType } = readContextPredicates(extra);
  // A list of bare values names nothing: then every operator is shown by its value.
  const named = items.some((item) => item.label !== String(item.value));
  const texts = items.map((item) => operatorText(item, named));
  const operators =
    items.length > 0
      ? md`${dict.operatorsTitle}\n${truncateSafe(within(texts, md`, `, max), max)}`
      : asSent(dict.operatorsTitle, extra.predicates);

  const raw = extra.predicateApplicability;
  const entries = isRecord(raw) ? Object.entries(raw) : [];
  if (!entries.some(([, list]) => Array.isArray(list))) {
    return { operators, applicability: asSent(dict.applicabilityTitle, raw) };
  }
  const names = named ? new Map<Scalar, string>(items.map((item) => [item.value, item.label])) : undefined;
  const lines = entries.map(([type, list]) => {
    const values = Array.isArray(list) ? byParamType?.get(type) : undefined;
    const applicable =
      values === undefined
        ? inline(list, max)
        : within(
            values.map((value) => operatorName(value, names)),
            md`, `,
            max,
          );
    return md`${safe(type, TYPE_MAX)}: ${applicable}`;
  });
  return {
    operators,
    applicability: md`${dict.applicabilityTitle}\n${truncateSafe(within(lines, md`\n`, max), max)}`,
  };
}
