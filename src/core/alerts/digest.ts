import type { ExperimentRecord, RecordedAction } from '../experiments/record.js';
import type { ActionRequest } from '../requests/action-request.js';
import { type AlertSelector, selectorMatches } from '../subscription-selector.js';

/** What a channel's digest says of one period: from `from` up to `to`, and what comes next. */
export interface Digest {
  from: number;
  to: number;
  /** Running now, longest first, with how long since the start the app knows of. */
  running: DigestRunning[];
  /** Started, stopped or archived in the period, in order. */
  happened: DigestAction[];
  /** Waiting for a second person's approval now. */
  waiting: ActionRequest[];
  /** Scheduled to run before the next digest. */
  due: ActionRequest[];
  /** Of `running`, those past the channel's threshold. */
  long: DigestRunning[];
}

export interface DigestRunning {
  experimentId: number;
  name: string | undefined;
  /** Since when it has run as far as the app knows (its last start, else when it was seen running). */
  since: number;
}

export interface DigestAction extends RecordedAction {
  experimentId: number;
  name: string | undefined;
}

export interface DigestInput {
  records: readonly ExperimentRecord[];
  /** The workspace's waiting requests (approval or their time). */
  waiting: readonly ActionRequest[];
  /** The channel's subscriptions' selectors: only what they would alert of. None: the whole workspace. */
  selectors: readonly AlertSelector[];
  from: number;
  to: number;
  /** Where the next period ends: schedules due before it are listed. */
  nextTo: number;
  /** Running longer than this is "running long"; undefined: no threshold. */
  longAfterMs?: number | undefined;
}

const DIGEST_ACTIONS: ReadonlySet<string> = new Set(['start', 'stop', 'archive']);

/** The digest of a channel's period from what the app knows; pure, so clocks are the caller's. */
export function buildDigest(input: DigestInput): Digest {
  const records = input.records.filter((r) => inSelection(input.selectors, r));
  const running = records
    .filter((r) => r.status?.value === 'running')
    .map(runningOf)
    .sort((a, b) => a.since - b.since);
  const happened = records
    .flatMap((r) => r.actions.filter((a) => DIGEST_ACTIONS.has(a.action)).map((a) => actionOf(r, a)))
    .filter((a) => inPeriod(Date.parse(a.at), input.from, input.to))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const ids = new Set(records.map((r) => r.experimentId));
  const selected = input.waiting.filter((w) => requestSelected(input.selectors, ids, w));
  const longAfter = input.longAfterMs;
  return {
    from: input.from,
    to: input.to,
    running,
    happened,
    waiting: selected.filter((w) => w.state === 'pending-approval'),
    due: selected.filter((w) => w.state === 'scheduled' && dueBefore(w, input.nextTo)),
    long: longAfter === undefined ? [] : running.filter((r) => input.to - r.since >= longAfter),
  };
}

/** Nothing happened, waits or comes due, and nothing runs long: such a period's digest is not posted. */
export const isEmptyDigest = (d: Digest): boolean =>
  d.happened.length === 0 && d.waiting.length === 0 && d.due.length === 0 && d.long.length === 0;

function inSelection(selectors: readonly AlertSelector[], record: ExperimentRecord): boolean {
  const experiments = selectors.filter((s) => !s.ops);
  if (experiments.length === 0) return true;
  const subject = {
    experimentId: record.experimentId,
    team: record.team?.value,
    type: record.type?.value,
  };
  return experiments.some((s) => selectorMatches(s, subject));
}

function requestSelected(
  selectors: readonly AlertSelector[],
  ids: ReadonlySet<number>,
  request: ActionRequest,
) {
  const id = request.what.experimentId;
  if (selectors.filter((s) => !s.ops).length === 0) return true;
  return id !== undefined && ids.has(id);
}

function runningOf(record: ExperimentRecord): DigestRunning {
  const started = record.actions.find((a) => a.action === 'start');
  const since = Date.parse(started?.at ?? record.status?.at ?? record.touchedAt);
  return { experimentId: record.experimentId, name: record.name?.value, since };
}

const actionOf = (record: ExperimentRecord, action: RecordedAction): DigestAction => ({
  ...action,
  experimentId: record.experimentId,
  name: record.name?.value,
});

const inPeriod = (at: number, from: number, to: number) => at >= from && at < to;

function dueBefore(request: ActionRequest, until: number): boolean {
  const at = request.runAt === undefined ? Number.NaN : Date.parse(request.runAt);
  return Number.isFinite(at) && at < until;
}
