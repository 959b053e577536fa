import {
  ALERT_ACTIONS,
  type AlertAction,
  type AlertFilter,
  RECOMMENDED_ACTIONS,
} from '../../core/subscriptions.js';

export type AlertActionsParse =
  /** actions undefined: none named (subscribe means all, unsubscribe means the whole channel). */
  | { ok: true; actions: AlertFilter | undefined }
  /** Every word not understood, as typed (escape before showing), without duplicates. */
  | { ok: false; unknown: string[] };

/**
 * The ACTIONS of `/exp subscribe|unsubscribe [ACTIONS…]`: words from ALERT_ACTIONS, `all` or
 * `recommended`, in any case, separated by spaces or commas (`stop,archive`). `all` wins over any
 * other word; `recommended` with others adds its actions to them.
 */
export function parseAlertActions(args: readonly string[]): AlertActionsParse {
  const words = args.flatMap((arg) => arg.split(',')).filter((w) => w !== '');
  const known = new Set<string>(ALERT_ACTIONS);
  const actions = new Set<AlertAction>();
  const unknown = new Set<string>();
  let all = false;
  let recommended = false;
  for (const word of words) {
    const lower = word.toLowerCase();
    if (lower === 'all') all = true;
    else if (lower === 'recommended') recommended = true;
    else if (known.has(lower)) actions.add(lower as AlertAction);
    else unknown.add(word);
  }
  if (unknown.size > 0) return { ok: false, unknown: [...unknown] };
  if (all) return { ok: true, actions: 'all' };
  if (recommended && actions.size === 0) return { ok: true, actions: 'recommended' };
  if (recommended) for (const a of RECOMMENDED_ACTIONS) actions.add(a);
  if (actions.size === 0) return { ok: true, actions: undefined };
  return { ok: true, actions: ALERT_ACTIONS.filter((a) => actions.has(a)) };
}
