import type { Logger } from '../../observability/logger.js';
import { AuditEntry } from './audit-entry.js';
import { createBusyTally, SLOT_REFUSAL_RULE } from './busy-tally.js';

// Every attempt to act, allowed or not, with who, what, where, why and what came of it. Never the
// token: only which identity (the workspace's, a channel's, the person's own) was used.

/** The append-only log the trail is kept in (the store's AppendLog, described here so the domain needs no store). */
export interface AuditStream {
  append(stream: string, data: unknown, options: { at: number; retentionMs: number }): Promise<unknown>;
  /** Newest first; with `before`, only entries older than that id. */
  read(
    stream: string,
    options: { before?: string | undefined; limit: number },
  ): Promise<Array<{ id: string; at: number; data: unknown }>>;
  drop(stream: string): Promise<void>;
}

export interface AuditRecord extends AuditEntry {
  id: string;
  at: number;
}

export interface AuditPage {
  records: AuditRecord[];
  /** Pass as `before` for the next (older) page; absent at the end. */
  next: string | undefined;
}

export interface AuditLog {
  /** How long entries are kept, in whole days (what `/exp audit` tells its reader). */
  readonly retentionDays: number;
  /** Never throws: an audit failure is logged and must not undo or block what it records. */
  record(scope: string, entry: AuditEntry): Promise<void>;
  page(
    scope: string,
    query: {
      experimentId?: number | undefined;
      userId?: string | undefined;
      before?: string | undefined;
      size: number;
    },
  ): Promise<AuditPage>;
  /** Forgets a workspace's trail (the app was uninstalled). */
  clear(scope: string): Promise<void>;
}

/**
 * Audit writes under way past which refusals for want of a slot are counted instead of written
 * (busy-tally.ts); the counts are written once fewer than half as many are under way.
 */
export const MAX_PENDING_WRITES = 256;

/** How far back a filtered page looks before it says "no more": a bounded scan, whatever the filter. */
const SCAN_LIMIT = 5_000;
const BATCH = 250;

export function createAuditLog(options: {
  logs: AuditStream;
  retentionMs: number;
  now: () => Date;
  logger: Logger;
}): AuditLog {
  const stream = (scope: string) => `audit:${scope.replace(/[^A-Za-z0-9:_-]/g, '_')}`;
  const busy = createBusyTally();
  let pending = 0;
  let warnedAt = Number.NEGATIVE_INFINITY;
  const write = async (scope: string, entry: AuditEntry): Promise<void> => {
    pending += 1;
    try {
      await options.logs.append(stream(scope), entry, {
        at: options.now().getTime(),
        retentionMs: options.retentionMs,
      });
    } catch (error) {
      options.logger.error('could not write the audit trail', { error, action: entry.action });
    } finally {
      pending -= 1;
    }
    if (busy.size > 0 && pending <= MAX_PENDING_WRITES / 2) {
      await Promise.all(busy.take().map((summary) => write(summary.scope, summary.entry)));
    }
  };
  return {
    retentionDays: Math.round(options.retentionMs / 86_400_000),
    async record(scope, entry) {
      const parsed = AuditEntry.safeParse(entry);
      if (!parsed.success) {
        options.logger.error('audit entry refused by its schema', {
          issues: parsed.error.issues.length,
          action: entry.action,
        });
        return;
      }
      if (parsed.data.rule === SLOT_REFUSAL_RULE && pending >= MAX_PENDING_WRITES) {
        const at = options.now().getTime();
        if (at - warnedAt >= 60_000) {
          warnedAt = at;
          options.logger.warn('audit trail behind: counting refusals for want of a slot, written as totals');
        }
        busy.add(scope, parsed.data, at);
        return;
      }
      await write(scope, parsed.data);
    },
    async page(scope, query) {
      const size = Math.min(Math.max(1, query.size), 50);
      const records: AuditRecord[] = [];
      let before = query.before;
      let scanned = 0;
      while (records.length < size && scanned < SCAN_LIMIT) {
        const batch = await options.logs.read(stream(scope), { before, limit: BATCH });
        if (batch.length === 0) return { records, next: undefined };
        for (const entry of batch) {
          scanned += 1;
          before = entry.id;
          const data = AuditEntry.safeParse(entry.data);
          if (!data.success) continue;
          if (query.experimentId !== undefined && data.data.experimentId !== query.experimentId) continue;
          if (query.userId !== undefined && data.data.userId !== query.userId) continue;
          records.push({ ...data.data, id: entry.id, at: entry.at });
          if (records.length === size) return { records, next: entry.id };
        }
        if (batch.length < BATCH) return { records, next: undefined };
      }
      return { records, next: before };
    },
    clear: (scope) => options.logs.drop(stream(scope)),
  };
}
