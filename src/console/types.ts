import type { LifecycleAction } from '../core/lifecycle-action.js';
import type { ConsoleExperimentContextPredicatesRequest, ConsoleStopExperimentRequest } from './schemas.js';

/** Path suffixes under /experiments/v1/dictionaries/ exactly as the interface writes them. */
export const DICTIONARY_NAMES = [
  'types',
  'domains',
  'participantTypes',
  'layers',
  'holdouts',
  'participant-lists',
  'context-param-predicates',
  'teams',
  'objective-meta',
  'preset-names',
  'tags',
] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];

/** Where a workspace's platform lives and the token to use there (never logged). */
export interface ConsoleConnection {
  baseUrl: string;
  token: string | undefined;
}

export interface LifecycleResult {
  ok: true;
}

/**
 * The console API for one connection. Every method throws a ConsoleError subclass on failure.
 * Dictionary reads return the parsed JSON as the platform sent it (normalise separately).
 */
export interface ConsoleApi {
  createExperiment(definition: Record<string, unknown>): Promise<unknown>;
  updateExperiment(id: number, changes: Record<string, unknown>): Promise<unknown>;
  /** Not shown by the interface (assumed GET /experiments/v1/{id}); used to prefill edits. */
  getExperiment(id: number): Promise<unknown>;
  runAction(
    action: LifecycleAction,
    id: number,
    body?: ConsoleStopExperimentRequest,
  ): Promise<LifecycleResult>;
  start(id: number): Promise<LifecycleResult>;
  stop(id: number, body?: ConsoleStopExperimentRequest): Promise<LifecycleResult>;
  archive(id: number): Promise<LifecycleResult>;
  unarchive(id: number): Promise<LifecycleResult>;
  getDictionary(name: DictionaryName, body?: ConsoleExperimentContextPredicatesRequest): Promise<unknown>;
}
