import type { Logger } from '../observability/logger.js';
import type { ConnectionLookup, ConnectionResolver } from './connections.js';
import { platformFailure } from './platform/failures.js';
import type { DictionaryName, DictionaryQuery, DictionarySource } from './platform/platform-api.js';
import type { WorkspaceRef } from './workspace.js';

/** `D`: a dictionary as the source makes it (src/console/dictionaries: normalised, cached). */
export type DictionaryOutcome<D> =
  | { kind: 'ok'; dictionary: D }
  | { kind: 'not-connected' }
  | { kind: 'connection-invalid' }
  | { kind: 'failed'; error: unknown };

export interface DictionaryDeps<D> {
  connections: ConnectionResolver;
  dictionaries: DictionarySource<D>;
  logger: Logger;
}

export interface ReadDictionaryOptions {
  refresh?: boolean | undefined;
  body?: DictionaryQuery | undefined;
  /** For callers inside Slack's 3 s windows (options, view submissions). */
  budgetMs?: number | undefined;
  /** Where the person asks from: a channel with its own (team's) connection reads through it. */
  channelId?: string | undefined;
  /**
   * The connection a look-up for `channelId` would return, when the caller already holds it (the
   * team's connection a lifecycle action just used): read through it, without looking it up again.
   */
  connection?: Extract<ConnectionLookup, { kind: 'connected' }> | undefined;
}

/** Reads one dictionary for a workspace through its cache; classifies failures instead of throwing. */
export async function readDictionary<D>(
  deps: DictionaryDeps<D>,
  workspace: WorkspaceRef,
  name: DictionaryName,
  options: ReadDictionaryOptions = {},
): Promise<DictionaryOutcome<D>> {
  const connection =
    options.connection ?? (await deps.connections.lookup(workspace, { channelId: options.channelId }));
  if (connection.kind === 'not-connected' || connection.kind === 'personal-required')
    return { kind: 'not-connected' };
  if (connection.kind === 'invalid') return { kind: 'connection-invalid' };
  try {
    const dictionary = await deps.dictionaries.get(connection.scope, name, connection.api, {
      ...(options.refresh ? { refresh: true } : {}),
      ...(options.body ? { body: options.body } : {}),
      ...(options.budgetMs ? { budgetMs: options.budgetMs } : {}),
    });
    return { kind: 'ok', dictionary };
  } catch (error) {
    const failure = platformFailure(error);
    if (failure?.kind === 'invalid_token') {
      await deps.connections.markInvalid(connection.owner, 'platform answered 403 Invalid api key provided');
    }
    deps.logger.warn('dictionary read failed', {
      dictionary: name,
      error: failure?.kind ?? (error instanceof Error ? error.name : 'unknown'),
    });
    return { kind: 'failed', error };
  }
}
