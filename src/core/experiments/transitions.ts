import * as z from 'zod';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../lifecycle-action.js';

// ASSUMPTION (interface: "Names of experiment statuses: not shown. Transitions: not shown"). Which
// actions make sense from which status, and which status an action leads to, is a table with
// documented defaults, overridable per deployment (EXPERIMENT_TRANSITIONS), and corrected by the
// platform itself: a 400 "Cannot perform action A … current status is S" proves A is not allowed
// from S, and the app stops offering it (LearntRefusals). A status the table does not name gets no
// guessed actions at all. `edit` rides along as a pseudo-action: where it is absent, the edit form
// is refused up front.

const TABLE_ACTIONS = [...LIFECYCLE_ACTIONS, 'edit'] as const;
export type TableAction = (typeof TABLE_ACTIONS)[number];

/** status → { action allowed from it → the status it leads to }. */
export type TransitionTable = Readonly<Record<string, Readonly<Partial<Record<TableAction, string>>>>>;

/**
 * ASSUMPTION, the one status model of the app and its sandbox (src/dev/sandbox/model/statuses.ts
 * keeps its own copy; src/dev/sandbox/interface-values.test.ts holds them equal): one status each
 * lifecycle action needs and one it leads to. Only a stopped experiment is archived, and unarchive
 * returns it to `stopped`. A platform that differs corrects it through EXPERIMENT_TRANSITIONS or,
 * action by action, through its 400 answers.
 */
export const DEFAULT_TRANSITIONS: TransitionTable = {
  draft: { start: 'running', edit: 'draft' },
  running: { stop: 'stopped', edit: 'running' },
  stopped: { archive: 'archived', edit: 'stopped' },
  archived: { unarchive: 'stopped' },
};

/** Per workspace: actions the platform refused from a status (status → actions). */
export type LearntRefusals = Readonly<Record<string, readonly LifecycleAction[]>>;

const StatusName = z.string().trim().min(1).max(64);
const TableSchema = z.record(StatusName, z.partialRecord(z.enum(TABLE_ACTIONS), StatusName));

/** EXPERIMENT_TRANSITIONS could not be used; the message names what is wrong. */
export class TransitionTableError extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = 'TransitionTableError';
  }
}

/** Reads EXPERIMENT_TRANSITIONS (`{"draft":{"start":"running"},…}`); undefined → the defaults. */
export function parseTransitionTable(json: string | undefined): TransitionTable {
  if (json === undefined) return DEFAULT_TRANSITIONS;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new TransitionTableError('must be JSON like {"draft":{"start":"running"}}');
  }
  const parsed = TableSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new TransitionTableError(`${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'}`);
  }
  if (Object.keys(parsed.data).length === 0) throw new TransitionTableError('names no status');
  return parsed.data;
}

export type Allowed = 'yes' | 'no' | 'unknown';

/**
 * A row by a status the platform named: only the map's own entries, so a status such as
 * `constructor` or `__proto__` reads nothing inherited.
 */
const own = <T>(map: Readonly<Record<string, T>>, status: string): T | undefined =>
  Object.hasOwn(map, status) ? map[status] : undefined;

/** Whether the table (and what the platform taught) allows `action` from `status`. */
export function allows(
  table: TransitionTable,
  learnt: LearntRefusals,
  status: string | undefined,
  action: TableAction,
): Allowed {
  if (status === undefined) return 'unknown';
  const row = own(table, status);
  if (!row) return 'unknown';
  if (action !== 'edit' && own(learnt, status)?.includes(action)) return 'no';
  return row[action] === undefined ? 'no' : 'yes';
}

/** The lifecycle actions worth offering from a status, in the canonical order; none when unknown. */
export function offeredActions(
  table: TransitionTable,
  learnt: LearntRefusals,
  status: string | undefined,
): LifecycleAction[] {
  return LIFECYCLE_ACTIONS.filter((action) => allows(table, learnt, status, action) === 'yes');
}

/**
 * The status an action that succeeded leads to: the table's answer from the known status, else the
 * one status every row agrees on for that action; undefined when the table cannot tell.
 */
export function statusAfter(
  table: TransitionTable,
  before: string | undefined,
  action: LifecycleAction,
): string | undefined {
  const direct = before === undefined ? undefined : own(table, before)?.[action];
  if (direct !== undefined) return direct;
  const targets = new Set(
    Object.values(table)
      .map((row) => row[action])
      .filter((s): s is string => s !== undefined),
  );
  return targets.size === 1 ? [...targets][0] : undefined;
}

const MAX_LEARNT_STATUSES = 50;

/** Adds "action refused from status"; bounded, so a platform inventing statuses cannot grow it. */
export function learnRefusal(
  learnt: LearntRefusals,
  status: string,
  action: LifecycleAction,
): LearntRefusals {
  const known = own(learnt, status) ?? [];
  if (known.includes(action)) return learnt;
  const next: Record<string, readonly LifecycleAction[]> = { ...learnt, [status]: [...known, action] };
  const statuses = Object.keys(next);
  if (statuses.length > MAX_LEARNT_STATUSES) delete next[statuses[0] as string];
  return next;
}

/**
 * ASSUMPTION: a newly created experiment is a `draft` (the default table's only status with no way
 * into it). Used only when the table names that status; otherwise a new record's status is unknown.
 */
const CREATED_STATUS = 'draft';

export function createdStatus(table: TransitionTable): string | undefined {
  return table[CREATED_STATUS] ? CREATED_STATUS : undefined;
}
