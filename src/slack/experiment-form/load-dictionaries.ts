import { readContextPredicates } from '../../console/dictionaries/predicates.js';
import type { DictionaryName } from '../../console/types.js';
import { readDictionary } from '../../core/read-dictionary.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';
import type { ModalDictionaries, SegmentPredicates } from './modal-items.js';

/** Every dictionary the create/edit modal offers values from. */
const MODAL_DICTIONARIES: readonly DictionaryName[] = [
  'teams',
  'domains',
  'layers',
  'participantTypes',
  'holdouts',
  'objective-meta',
  'preset-names',
  'tags',
  'participant-lists',
  'context-param-predicates',
];

export type ModalDictionariesOutcome =
  | { kind: 'ok'; dictionaries: ModalDictionaries; predicates: SegmentPredicates }
  | { kind: 'not-connected' }
  | { kind: 'connection-invalid' }
  | { kind: 'failed'; error: unknown };

/**
 * Loads the modal's dictionaries in parallel through the cache. With a budget (inside Slack's 3 s
 * windows) a dictionary still loading is left out: the modal then leaves that picker empty rather
 * than time out, and validation skips a dictionary it could not check (the platform still does).
 */
export async function loadModalDictionaries(
  deps: Pick<SlackDeps, 'connections' | 'dictionaries' | 'logger'>,
  workspace: WorkspaceRef,
  /** channelId: the form's channel; a channel with its own (team's) connection reads its platform. */
  options: { budgetMs?: number; channelId?: string | undefined } = {},
): Promise<ModalDictionariesOutcome> {
  const outcomes = await Promise.all(
    MODAL_DICTIONARIES.map(
      async (name) => [name, await readDictionary(deps, workspace, name, options)] as const,
    ),
  );
  const dictionaries: ModalDictionaries = {};
  let predicates: SegmentPredicates = { items: [] };
  for (const [name, outcome] of outcomes) {
    if (outcome.kind === 'not-connected' || outcome.kind === 'connection-invalid')
      return { kind: outcome.kind };
    if (outcome.kind === 'failed') {
      // Missing a dictionary within a budget is tolerable; a platform error on every read is not.
      if (options.budgetMs === undefined) return { kind: 'failed', error: outcome.error };
      continue;
    }
    dictionaries[name] = outcome.dictionary.items;
    if (name === 'context-param-predicates') predicates = readContextPredicates(outcome.dictionary.extra);
  }
  return { kind: 'ok', dictionaries, predicates };
}
