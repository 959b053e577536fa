import type { LifecycleAction } from '../lifecycle-action.js';
import type { StopRequest } from '../stop-reason.js';

// What the domain asks of the experiment platform, for one connection. src/console implements it
// (createConsoleClient); src/compose hands the implementation to the use-cases. Every method throws a
// platform failure (failures.ts) when the platform refuses or cannot be reached.

/** The platform's dictionaries, by the path suffix its interface gives each. */
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

/** What narrows the context-param-predicates dictionary; the other dictionaries take none. */
export interface DictionaryQuery {
  experimentId?: number | null | undefined;
  domainId?: number | null | undefined;
}

/** Where a workspace's platform lives and the token to use there (never logged). */
export interface PlatformConnection {
  baseUrl: string;
  token: string | undefined;
}

/** Payloads and answers the interface does not show are plain JSON: the domain reads them itself. */
export interface PlatformApi {
  createExperiment(definition: Record<string, unknown>): Promise<unknown>;
  updateExperiment(id: number, changes: Record<string, unknown>): Promise<unknown>;
  /** The read route the interface does not show (experiments/read-route.ts says what is assumed). */
  getExperiment(id: number): Promise<unknown>;
  /** Resolves once the platform has done it. */
  runAction(action: LifecycleAction, id: number, body?: StopRequest): Promise<unknown>;
  /** The dictionary's JSON as the platform sent it. */
  getDictionary(name: DictionaryName, query?: DictionaryQuery): Promise<unknown>;
}

/**
 * The dictionaries as the domain reads them: through a cache per scope (the platform a workspace
 * uses), fetching through the connection's api on a miss. `D` is what the cache makes of the JSON.
 */
export interface DictionarySource<D> {
  get(
    scope: string,
    name: DictionaryName,
    fetcher: Pick<PlatformApi, 'getDictionary'>,
    options?: { refresh?: boolean; body?: DictionaryQuery; budgetMs?: number },
  ): Promise<D>;
}
