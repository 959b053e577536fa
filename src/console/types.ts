import type { LifecycleAction } from '../core/lifecycle-action.js';
import type {
  DictionaryName,
  DICTIONARY_NAMES as DOMAIN_DICTIONARY_NAMES,
  PlatformApi,
  PlatformConnection,
} from '../core/platform/platform-api.js';
import type { ConsoleExperimentContextPredicatesRequest, ConsoleStopExperimentRequest } from './schemas.js';

export type { DictionaryName };

/**
 * Path suffixes under /experiments/v1/dictionaries/ exactly as the interface writes them: the
 * client's own copy of the domain's list (it checks names at run time and may load only the domain's
 * types), typed so that the compiler holds the two equal, in order.
 */
export const DICTIONARY_NAMES: typeof DOMAIN_DICTIONARY_NAMES = [
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
];

/** Where a workspace's platform lives and the token to use there (never logged). */
export type ConsoleConnection = PlatformConnection;

export interface LifecycleResult {
  ok: true;
}

/**
 * The console API for one connection: the domain's PlatformApi and the calls beside it. Every method
 * throws a ConsoleError subclass on failure. Dictionary reads return the parsed JSON as the platform
 * sent it (normalise separately).
 */
export interface ConsoleApi extends PlatformApi {
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
