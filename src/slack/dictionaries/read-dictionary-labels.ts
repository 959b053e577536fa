import type { CachedDictionary } from '../../console/dictionaries/cache.js';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { DictionaryName } from '../../console/types.js';
import {
  type DictionaryDeps,
  type ReadDictionaryOptions,
  readDictionary,
} from '../../core/read-dictionary.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import {
  type DictionaryLabels,
  type LabelSourceItems,
  labelsFromItems,
  NO_DICTIONARY_LABELS,
} from './dictionary-labels.js';

/**
 * How long a message waits for names it does not have cached. Names are a nicety: a card, list or
 * alert is never held longer than this by a slow platform. A cached dictionary answers at once (a
 * store read); a missing one is fetched within this budget and, if the platform is slower, the
 * fetch carries on and fills the cache, so the next message has the names. Reading the cache only
 * (peek) would leave names out until someone happened to open a form or `/exp dict`; a short
 * bounded read shows them on the first card without letting the platform decide how long it takes.
 */
export const LABELS_BUDGET_MS = 1_000;

export interface ReadLabelsOptions {
  /** The message's channel: a channel with its own (team's) connection reads its own platform. */
  channelId?: string | undefined;
  /** That channel's connection, when the caller holds it already (see ReadDictionaryOptions). */
  connection?: ReadDictionaryOptions['connection'];
  /** Lowered to the caller's own budget when that is shorter. */
  budgetMs?: number | undefined;
}

/**
 * Names of the values of some dictionaries, read through the dictionary cache. Never throws and
 * never takes longer than the budget: a dictionary that cannot be read (not connected, refused,
 * slow, the store down) only leaves its values bare.
 */
export async function readDictionaryLabels(
  deps: DictionaryDeps<CachedDictionary>,
  workspace: WorkspaceRef,
  dictionaries: readonly DictionaryName[],
  options: ReadLabelsOptions = {},
): Promise<DictionaryLabels> {
  const budgetMs = Math.max(1, Math.min(options.budgetMs ?? LABELS_BUDGET_MS, LABELS_BUDGET_MS));
  const wanted = [...new Set(dictionaries)];
  if (wanted.length === 0) return NO_DICTIONARY_LABELS;
  // One timer bounds them all: what has arrived when it fires is named, the rest left bare, and the
  // reads carry on and fill the cache. (Not a budget per dictionary: each would be a timer and a
  // race.)
  const arrived: LabelSourceItems = {};
  const reads = Promise.all(
    wanted.map((name) =>
      itemsOf(deps, workspace, name, options).then((items) => {
        arrived[name] = items;
      }),
    ),
  );
  // Finding the connection (a store read) is bounded too, when the caller does not hold it.
  const waitMs = budgetMs + (options.connection ? 0 : LOOKUP_GRACE_MS);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  try {
    await Promise.race([reads, late]);
    // A copy: a read that lands later must not change labels already handed out.
    return labelsFromItems({ ...arrived });
  } finally {
    clearTimeout(timer);
  }
}

/** Beyond the budget, for finding the connection first. */
const LOOKUP_GRACE_MS = 250;

async function itemsOf(
  deps: DictionaryDeps<CachedDictionary>,
  workspace: WorkspaceRef,
  name: DictionaryName,
  { channelId, connection }: ReadLabelsOptions,
): Promise<readonly DictionaryItem[] | undefined> {
  try {
    const outcome = await readDictionary(deps, workspace, name, { channelId, connection });
    return outcome.kind === 'ok' ? outcome.dictionary.items : undefined;
  } catch (error) {
    // readDictionary classifies platform failures; this is the connection store failing.
    deps.logger.warn('dictionary names unavailable; values shown bare', { dictionary: name, error });
    return undefined;
  }
}
