import type { Logger } from '../observability/logger.js';
import type {
  AssignedFeature,
  AssignmentApi,
  ExposureRecord,
  FeaturesQuery,
} from './platform/assignment-api.js';
import { type Grant, requireGrant } from './policy/grant.js';

// Splitter look-ups (features) and exposure registration as use-cases, so listeners never call the
// splitter client themselves and an unconfigured splitter is an answer, not a connection error.

export interface AssignmentDeps {
  /** undefined when no SPLITTER_URL is configured (and no embedded sandbox provides one). */
  splitter: AssignmentApi | undefined;
  logger: Logger;
}

export type FeaturesOutcome =
  | { kind: 'ok'; features: AssignedFeature[] }
  | { kind: 'not-configured' }
  | { kind: 'failed'; error: unknown };

export type ExposureOutcome =
  | { kind: 'registered' }
  | { kind: 'not-configured' }
  | { kind: 'failed'; error: unknown };

export async function lookUpFeatures(deps: AssignmentDeps, request: FeaturesQuery): Promise<FeaturesOutcome> {
  if (!deps.splitter) return { kind: 'not-configured' };
  try {
    return { kind: 'ok', features: await deps.splitter.getFeaturesByTag(request) };
  } catch (error) {
    deps.logger.warn('getFeaturesByTag failed', { error: error instanceof Error ? error.name : 'unknown' });
    return { kind: 'failed', error };
  }
}

/** Registers one exposure; `allowed` is the access decision's grant for `expose` in workspace `scope`. */
export async function registerExposure(
  deps: AssignmentDeps,
  exposure: ExposureRecord,
  allowed: { grant: Grant; scope: string },
): Promise<ExposureOutcome> {
  requireGrant(allowed.grant, allowed.scope, 'expose');
  if (!deps.splitter) return { kind: 'not-configured' };
  try {
    await deps.splitter.exposeManyV2({ exposures: [exposure] });
    return { kind: 'registered' };
  } catch (error) {
    deps.logger.warn('exposeManyV2 failed', { error: error instanceof Error ? error.name : 'unknown' });
    return { kind: 'failed', error };
  }
}
