import { APPROVABLE_ACTIONS } from '../../core/approvals/approval.js';
import type { PolicyChange } from '../../core/policy/change.js';
import {
  isChannelId,
  isGroupId,
  MAX_RULE_IDS,
  POLICY_ACTIONS,
  type PolicyAction,
} from '../../core/policy/policy.js';

// `/exp policy set|channels|approval|personal|stop-reason|other-comment …`. Slack sends mentions escaped
// (`<!subteam^S…|@name>`, `<#C…|name>`) when the command escapes them; bare ids work too. A plain
// `@handle` (unescaped) is returned for the caller to look up among the workspace's user groups.

export type PolicyProblem =
  | { kind: 'unknown-subcommand'; word: string }
  | { kind: 'missing'; what: 'action' | 'who' | 'channels' | 'on-off' | 'required-optional' }
  | { kind: 'unknown-action'; word: string }
  | { kind: 'bad-who'; word: string }
  | { kind: 'bad-channel'; word: string }
  | { kind: 'bad-on-off'; word: string }
  | { kind: 'bad-stop-reason'; word: string }
  /** Approval holds a request and runs it later: offered for the actions that can be held as they are. */
  | { kind: 'not-approvable'; action: PolicyAction }
  /** After `on`, only `approvers:admins|members|@group…`. */
  | { kind: 'bad-approvers'; word: string };

export type ParsedPolicy =
  | { ok: true; change: PolicyChange; handles: string[] }
  | { ok: false; problem: PolicyProblem };

/** Words kept; anything beyond is refused rather than read (a pasted novel stays cheap). */
const MAX_WORDS = MAX_RULE_IDS + 3;
const WORD_MAX = 120;

export function parsePolicyArgs(args: readonly string[]): ParsedPolicy {
  const words = args.slice(0, MAX_WORDS).map((w) => w.slice(0, WORD_MAX));
  const [sub, ...rest] = words;
  const fail = (problem: PolicyProblem): ParsedPolicy => ({ ok: false, problem });
  switch (sub?.toLowerCase()) {
    case 'stop-reason':
    case 'stop_reason':
    case 'reason': {
      const word = rest[0];
      if (word === undefined) return fail({ kind: 'missing', what: 'required-optional' });
      const lower = word.toLowerCase();
      if (lower !== 'required' && lower !== 'optional') return fail({ kind: 'bad-stop-reason', word });
      return { ok: true, change: { kind: 'stop-reason', required: lower === 'required' }, handles: [] };
    }
    case 'other-comment':
    case 'other_comment': {
      const word = rest[0];
      if (word === undefined) return fail({ kind: 'missing', what: 'required-optional' });
      const lower = word.toLowerCase();
      if (lower !== 'required' && lower !== 'optional') return fail({ kind: 'bad-stop-reason', word });
      return { ok: true, change: { kind: 'other-comment', required: lower === 'required' }, handles: [] };
    }
    case 'set':
    case 'channels':
    case 'approval':
    case 'personal': {
      const [actionWord, ...values] = rest;
      if (actionWord === undefined) return fail({ kind: 'missing', what: 'action' });
      if (sub.toLowerCase() === 'set' && actionWord.toLowerCase() === 'schedule')
        return parseScheduleWho(values);
      const action = POLICY_ACTIONS.find((a) => a === actionWord.toLowerCase());
      if (!action) return fail({ kind: 'unknown-action', word: actionWord });
      if (sub.toLowerCase() === 'set') return parseWho(action, values);
      if (sub.toLowerCase() === 'channels') return parseChannels(action, values);
      const word = values[0];
      if (word === undefined) return fail({ kind: 'missing', what: 'on-off' });
      const on = onOff(word);
      if (on === undefined) return fail({ kind: 'bad-on-off', word });
      if (sub.toLowerCase() === 'personal')
        return { ok: true, change: { kind: 'personal', action, on }, handles: [] };
      if (on && !isApprovable(action)) return fail({ kind: 'not-approvable', action });
      return parseApprovers(action, on, values.slice(1));
    }
    default:
      return fail({ kind: 'unknown-subcommand', word: sub ?? '' });
  }
}

/**
 * `approval ACTION on [approvers:admins|members|@group|S…]`: who may approve (unset: whoever may do
 * the action). Off takes nothing more.
 */
function parseApprovers(action: PolicyAction, on: boolean, rest: readonly string[]): ParsedPolicy {
  const [first, ...more] = rest;
  if (first === undefined) return { ok: true, change: { kind: 'approval', action, on }, handles: [] };
  const named = /^approvers?:(.*)$/i.exec(first);
  if (!on || !named) return { ok: false, problem: { kind: 'bad-approvers', word: first } };
  const words = [named[1] ?? '', ...more].flatMap((w) => w.split(',')).filter((w) => w !== '');
  if (words.length === 1 && words[0]?.toLowerCase() === 'nobody')
    return { ok: false, problem: { kind: 'bad-approvers', word: first } };
  const who = parseWho(action, words);
  if (!who.ok || who.change.kind !== 'who')
    return who.ok ? who : { ok: false, problem: { kind: 'bad-approvers', word: first } };
  return {
    ok: true,
    change: { kind: 'approval', action, on, approvers: who.change.who },
    handles: who.handles,
  };
}

function parseWho(action: PolicyAction, values: readonly string[]): ParsedPolicy {
  if (values.length === 0) return { ok: false, problem: { kind: 'missing', what: 'who' } };
  const first = values[0]?.toLowerCase();
  if (values.length === 1 && (first === 'members' || first === 'admins' || first === 'nobody')) {
    return { ok: true, change: { kind: 'who', action, who: { kind: first } }, handles: [] };
  }
  const groupIds: string[] = [];
  const handles: string[] = [];
  for (const word of values) {
    const id = groupIdOf(word);
    if (id) groupIds.push(id);
    else if (/^@[a-z0-9._-]{1,80}$/i.test(word)) handles.push(word.slice(1).toLowerCase());
    else return { ok: false, problem: { kind: 'bad-who', word } };
  }
  return {
    ok: true,
    change: { kind: 'who', action, who: { kind: 'groups', groupIds: unique(groupIds) } },
    handles: unique(handles),
  };
}

/** `set schedule members|admins|nobody|S…|action`: `action` gives it back to whoever may do the action. */
function parseScheduleWho(values: readonly string[]): ParsedPolicy {
  if (values.length === 1 && values[0]?.toLowerCase() === 'action')
    return { ok: true, change: { kind: 'schedule', who: undefined }, handles: [] };
  const parsed = parseWho('start', values);
  if (!parsed.ok) return parsed;
  const [handle] = parsed.handles;
  if (handle !== undefined) return { ok: false, problem: { kind: 'bad-who', word: `@${handle}` } };
  return parsed.change.kind === 'who'
    ? { ok: true, change: { kind: 'schedule', who: parsed.change.who }, handles: [] }
    : parsed;
}

function parseChannels(action: PolicyAction, values: readonly string[]): ParsedPolicy {
  if (values.length === 0) return { ok: false, problem: { kind: 'missing', what: 'channels' } };
  if (values.length === 1 && values[0]?.toLowerCase() === 'any') {
    return { ok: true, change: { kind: 'channels', action, channels: 'any' }, handles: [] };
  }
  const ids: string[] = [];
  for (const word of values) {
    const id = channelIdOf(word);
    if (!id) return { ok: false, problem: { kind: 'bad-channel', word } };
    ids.push(id);
  }
  return { ok: true, change: { kind: 'channels', action, channels: unique(ids) }, handles: [] };
}

/** `<!subteam^S123|@name>`, `<!subteam^S123>` or `S123`. */
function groupIdOf(word: string): string | undefined {
  const escaped = /^<!subteam\^([A-Z0-9]+)(?:\|[^>]*)?>$/.exec(word);
  const id = escaped ? escaped[1] : word;
  return id !== undefined && isGroupId(id) ? id : undefined;
}

/** `<#C123|name>`, `<#C123>` or `C123`. */
function channelIdOf(word: string): string | undefined {
  const escaped = /^<#([A-Z0-9]+)(?:\|[^>]*)?>$/.exec(word);
  const id = escaped ? escaped[1] : word;
  return id !== undefined && isChannelId(id) ? id : undefined;
}

function onOff(word: string): boolean | undefined {
  const lower = word.toLowerCase();
  if (['on', 'yes', 'true', 'required'].includes(lower)) return true;
  if (['off', 'no', 'false', 'optional'].includes(lower)) return false;
  return undefined;
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

export function isApprovable(action: PolicyAction): boolean {
  return (APPROVABLE_ACTIONS as readonly string[]).includes(action);
}
