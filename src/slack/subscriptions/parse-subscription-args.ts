import type { AlertFilter } from '../../core/subscriptions.js';
import { parseExperimentId } from '../command/parse-args.js';
import { parseAlertActions } from './parse-alert-actions.js';

/** What `/exp subscribe|unsubscribe` was given, before the team is checked against the dictionary. */
export interface SubscriptionArgs {
  /** `#channel` (Slack escapes it to `<#C…|name>`); undefined: the channel the command ran in. */
  channelId: string | undefined;
  /** As typed; checked against the teams dictionary by the caller. */
  team: string | undefined;
  type: string | undefined;
  experimentId: number | undefined;
  /** undefined: none named (subscribe means all; unsubscribe means whole subscriptions). */
  actions: AlertFilter | undefined;
  /** `alerts:ops`: the workspace's operational notices (token expiry and refusal). */
  ops: boolean;
  /** `quiet:22:00-08:00` or `quiet:off`, as typed: the channel's quiet hours (read by the caller). */
  quiet?: string | undefined;
  /** `tz:Europe/Berlin`: the zone quiet hours are read in (else the person's). */
  timeZone?: string | undefined;
  /** `long:30d` or `long:off`, as typed: the channel's running-long mark (read by the caller). */
  long?: string | undefined;
  /** `window:5m`, as typed: how close events stay in one message (read by the caller). */
  window?: string | undefined;
}

export type SubscriptionArgsProblem =
  | { kind: 'unknown-actions'; unknown: string[] }
  /** A word that is no filter (`foo`, `teem:x`), as typed. */
  | { kind: 'unknown-word'; word: string }
  | { kind: 'repeated'; key: string }
  | { kind: 'empty-value'; key: string }
  | { kind: 'bad-experiment'; value: string }
  /** `#name` that Slack did not turn into a channel link (a private channel the person is not in…). */
  | { kind: 'unlinked-channel'; word: string };

export type SubscriptionArgsParse =
  | { ok: true; args: SubscriptionArgs }
  | { ok: false; problem: SubscriptionArgsProblem };

/** Longest value kept for team and type (dictionary values are short); longer is refused. */
const FILTER_VALUE_MAX = 100;

const ESCAPED_CHANNEL = /^<#([CG][A-Z0-9]{1,30})(?:\|[^>]*)?>$/;
// `team:"Growth Analytics"` keeps its spaces; everything else is one word.
const WORDS = /([a-z]+):"([^"]*)"|"([^"]*)"|(\S+)/gi;

/** One `key:value` other than `events:` into `args`; the problem with the value, if any. */
function takeKeyed(
  args: SubscriptionArgs,
  key: string,
  value: string,
  word: string,
): SubscriptionArgsProblem | undefined {
  switch (key) {
    case 'experiment': {
      const id = parseExperimentId(value);
      if (id === undefined) return { kind: 'bad-experiment', value };
      args.experimentId = id;
      return undefined;
    }
    case 'alerts':
      if (value.toLowerCase() !== 'ops') return { kind: 'unknown-word', word };
      args.ops = true;
      return undefined;
    case 'tz':
      args.timeZone = value;
      return undefined;
    case 'team':
    case 'type':
    case 'quiet':
    case 'long':
    case 'window':
      args[key] = value;
      return undefined;
  }
  return { kind: 'unknown-word', word };
}

/**
 * `[#channel] [team:VALUE] [experiment:ID] [type:TYPE] [events:LIST] [alerts:ops] [ACTIONS…]`, keys in any case
 * and order; bare action words (`stop archive`, the older form) are the same as `events:stop,archive`.
 */
export function parseSubscriptionArgs(words: readonly string[]): SubscriptionArgsParse {
  const args: SubscriptionArgs = {
    channelId: undefined,
    team: undefined,
    type: undefined,
    experimentId: undefined,
    actions: undefined,
    ops: false,
  };
  const seen = new Set<string>();
  const actionWords: string[] = [];
  const once = (key: string): SubscriptionArgsProblem | undefined => {
    if (seen.has(key)) return { kind: 'repeated', key };
    seen.add(key);
    return undefined;
  };
  for (const match of words.join(' ').matchAll(WORDS)) {
    const quotedKey = match[1];
    const key = (quotedKey ?? match[4]?.split(':', 1)[0] ?? '').toLowerCase();
    const raw = match[4] ?? match[3] ?? '';
    const channel = ESCAPED_CHANNEL.exec(raw);
    if (channel?.[1]) {
      const problem = once('#channel');
      if (problem) return { ok: false, problem };
      args.channelId = channel[1];
      continue;
    }
    if (raw.startsWith('#') && match[4] !== undefined) {
      return { ok: false, problem: { kind: 'unlinked-channel', word: raw } };
    }
    const hasKey = quotedKey !== undefined || (match[4]?.includes(':') ?? false);
    if (!hasKey) {
      actionWords.push(raw);
      continue;
    }
    const value = (quotedKey !== undefined ? (match[2] ?? '') : raw.slice(key.length + 1)).trim();
    if (!['team', 'type', 'experiment', 'events', 'alerts', 'quiet', 'tz', 'long', 'window'].includes(key)) {
      return { ok: false, problem: { kind: 'unknown-word', word: match[0] } };
    }
    const problem = once(key);
    if (problem) return { ok: false, problem };
    if (value === '') return { ok: false, problem: { kind: 'empty-value', key } };
    if (value.length > FILTER_VALUE_MAX)
      return { ok: false, problem: { kind: 'unknown-word', word: match[0] } };
    if (key === 'events') actionWords.push(value);
    const refused = key === 'events' ? undefined : takeKeyed(args, key, value, match[0]);
    if (refused) return { ok: false, problem: refused };
  }
  // Quiet hours or a running-long mark alone set only them: no subscription is made or changed.
  if ((args.quiet ?? args.long ?? args.window) !== undefined && actionWords.length === 0)
    return { ok: true, args };
  const actions = parseAlertActions(actionWords);
  if (!actions.ok) return { ok: false, problem: { kind: 'unknown-actions', unknown: actions.unknown } };
  args.actions = actions.actions;
  return { ok: true, args };
}
