import { createHash } from 'node:crypto';
import { type FieldMapping, getPath } from '../experiment-fields.js';
import { type PlatformFailure, platformFailure } from '../platform/failures.js';
import type { PlatformApi } from '../platform/platform-api.js';
import type { RecordUpdate } from './record.js';

// ASSUMPTION, kept to this one module: the interface shows no read endpoint ("Read endpoints for
// experiments … not shown"). The app tries `GET /experiments/v1/{id}` (the console client's
// getExperiment) and reads a few fields from whatever it returns. The interface's own 404 text for
// a missing experiment starts "Experiment with id=<id> was not found"; a 404 or 405 without it means
// the platform has no such route: that is remembered per connection for an hour (then re-checked),
// in each replica's memory, and the app works from its own record instead.

const INTERFACE_NOT_FOUND = /Experiment with id=\d+ was not found/;
const ROUTE_RECHECK_MS = 60 * 60 * 1000;

export type PlatformRead =
  | { kind: 'found'; update: RecordUpdate; raw: unknown }
  /** The platform says this experiment does not exist. */
  | { kind: 'not-found' }
  /** This platform has no read route (or it is remembered as missing). */
  | { kind: 'route-missing' }
  | { kind: 'failed'; error: PlatformFailure };

/** Which connections lack the read route, remembered for ROUTE_RECHECK_MS. */
export interface ReadRouteMemory {
  isMissing(connection: string): Promise<boolean>;
  markMissing(connection: string): Promise<void>;
}

/** Connections remembered at most; past it the one remembered longest ago is forgotten first. */
const MAX_REMEMBERED = 10_000;

/**
 * Kept in this process, not in the shared store: the check runs before every first read of an
 * experiment, and on a platform that has the route (the usual case) a store read there cost a round
 * trip each time to learn nothing. Each replica learns a missing route on its own, which costs one
 * refused GET per replica an hour (and one after a restart).
 */
export function createReadRouteMemory(now: () => number = Date.now): ReadRouteMemory {
  const missingUntil = new Map<string, number>();
  return {
    async isMissing(connection) {
      const until = missingUntil.get(connection);
      if (until === undefined) return false;
      if (until > now()) return true;
      missingUntil.delete(connection);
      return false;
    },
    async markMissing(connection) {
      missingUntil.delete(connection);
      missingUntil.set(connection, now() + ROUTE_RECHECK_MS);
      if (missingUntil.size <= MAX_REMEMBERED) return;
      const [oldest] = missingUntil.keys();
      if (oldest !== undefined) missingUntil.delete(oldest);
    },
  };
}

/** A connection's identity for the memory: the workspace and the platform host, never the token. */
export function connectionKey(scope: string, baseUrl: string): string {
  return `${scope}:${createHash('sha256').update(baseUrl).digest('hex').slice(0, 16)}`;
}

export async function readFromPlatform(
  api: PlatformApi,
  experimentId: number,
  mapping: FieldMapping,
): Promise<PlatformRead> {
  let raw: unknown;
  try {
    raw = await api.getExperiment(experimentId);
  } catch (error) {
    const failure = platformFailure(error);
    if (failure === undefined) throw error;
    if (failure.status === 404) {
      return INTERFACE_NOT_FOUND.test(failure.body ?? '') ? { kind: 'not-found' } : { kind: 'route-missing' };
    }
    if (failure.status === 405) return { kind: 'route-missing' };
    return { kind: 'failed', error: failure };
  }
  return { kind: 'found', update: factsFromRead(raw, mapping), raw };
}

/**
 * ASSUMPTION: the record carries its status as `status` (else `state`), its name as `name` and its
 * type as `type`; team and layer sit where create/edit put them (EXPERIMENT_FIELD_MAP). Anything
 * else, or another shape, simply yields fewer facts.
 */
function factsFromRead(raw: unknown, mapping: FieldMapping): RecordUpdate {
  const record = unwrap(raw);
  return {
    status: text(record.status) ?? text(record.state),
    name: text(record.name),
    type: text(record.type),
    team: text(getPath(record, mapping.team)),
    layer: text(getPath(record, mapping.layer)),
  };
}

/** `{ data: {…} }`, `{ experiment: {…} }` and `{ result: {…} }` wrappers are common; look inside. */
function unwrap(raw: unknown): Record<string, unknown> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const record = raw as Record<string, unknown>;
  for (const key of ['data', 'experiment', 'result']) {
    const inner = record[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner) && !('id' in record)) {
      return inner as Record<string, unknown>;
    }
  }
  return record;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.slice(0, 300);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
