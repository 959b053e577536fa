import { type AuditLog, createAuditLog } from '../../src/core/audit/audit-log.js';
import type { EmulatedMessage } from '../../src/dev/slack-emulator/types.js';
import { createMemoryLogger } from '../../src/observability/logger.js';
import { type Harness, messageText } from './harness.js';
import { ACTION_OF, type End, type Told } from './request-oracle.js';
import { GENERAL, type RowRun } from './request-row-steps.js';
import { dmOf, platformCalls, storedRequest } from './requests.js';

// What the composition test reads back of one row: the platform calls for its experiment, how its
// request ended (the stored request, else the audit trail), and who heard of it at its last step.

export interface Observed {
  calls: number;
  end: End;
  told: Told[];
}

/** What the messages were before a step, to tell what the step said. */
export interface Snapshot {
  edits: Map<string, number>;
  dms: Map<string, Set<string>>;
}

export function snapshot(h: Harness, runs: readonly RowRun[]): Snapshot {
  const edits = new Map(h.emulator.messages(GENERAL).map((m) => [m.ts, m.edits]));
  const dms = new Map<string, Set<string>>();
  for (const run of runs)
    for (const user of [run.requester, run.approver])
      dms.set(user, new Set(h.emulator.messages(dmOf(user)).map((m) => m.ts)));
  return { edits, dms };
}

/** Who heard of the row since `before`: a new or changed message, or what the step showed. */
export function toldSince(h: Harness, before: Snapshot, run: RowRun): Told[] {
  const told = new Set<Told>();
  // A message names the experiment by its name and then its id once its name is known, by its id before.
  const about = (m: EmulatedMessage) =>
    m.ts === run.cardTs ||
    messageText(m).includes(`*${run.experimentId}*`) ||
    messageText(m).includes(`(#${run.experimentId})`);
  for (const m of h.emulator.messages(GENERAL)) {
    const edits = before.edits.get(m.ts);
    if (edits !== undefined && m.edits <= edits) continue;
    if (m.ephemeral && m.targetUserId === run.requester) told.add('requester');
    else if (m.ephemeral && m.targetUserId === run.approver) told.add('approver');
    else if (!m.ephemeral && about(m)) told.add('channel');
  }
  const wrote = (user: string) =>
    h.emulator.messages(dmOf(user)).some((m) => !before.dms.get(user)?.has(m.ts));
  if (wrote(run.requester) || run.shown) told.add('requester');
  if (wrote(run.approver)) told.add('approver');
  return [...told].sort();
}

/** The audit trail, read as `/exp audit` reads it. */
export function auditTrail(h: Harness): AuditLog {
  return createAuditLog({
    logs: h.app.store.logs,
    retentionMs: 24 * 60 * 60 * 1000,
    now: () => new Date(),
    logger: createMemoryLogger('error'),
  });
}

const trailOf = async (h: Harness, audit: AuditLog, experimentId: number) =>
  (await audit.page(h.emulator.identity.teamId, { experimentId, size: 50 })).records;

/** The id of the request stored for the row's experiment, if one was (its trail names it). */
export async function storedRequestId(h: Harness, audit: AuditLog, run: RowRun): Promise<string | undefined> {
  for (const entry of await trailOf(h, audit, run.experimentId)) {
    const id = /request ([0-9a-f-]{36})/.exec(entry.detail ?? '')?.[1];
    if (id && (await storedRequest(h, id))) return id;
  }
  return undefined;
}

/** How the row ended: its stored request's state, else what its trail says was done when it was asked. */
async function endOf(h: Harness, audit: AuditLog, run: RowRun): Promise<End> {
  if (run.requestId) {
    const request = await storedRequest(h, run.requestId);
    return { stored: true, state: request?.state ?? 'gone', ...(request?.why ? { why: request.why } : {}) };
  }
  const trail = await trailOf(h, audit, run.experimentId);
  const refused = trail.find((e) => e.decision === 'refused');
  if (refused) return { stored: false, state: 'refused', why: refused.rule ?? '?' };
  // The stop form refuses its own fields inside it: the comment Other needs is the only one a row leaves out.
  const errors = run.formErrors;
  if (errors)
    return {
      stored: false,
      state: 'refused',
      why: errors.includes('exp_stop_comment') ? 'other-comment' : errors.join(),
    };
  const acted = trail.find((e) => e.action === ACTION_OF[run.row.surface] && e.outcome !== undefined);
  return { stored: false, state: acted?.outcome ?? 'nothing' };
}

/** What the row came to at its last step. */
export async function observe(h: Harness, audit: AuditLog, run: RowRun, told: Told[]): Promise<Observed> {
  return {
    calls: platformCalls(h, run.experimentId, ACTION_OF[run.row.surface]),
    end: await endOf(h, audit, run),
    told,
  };
}
