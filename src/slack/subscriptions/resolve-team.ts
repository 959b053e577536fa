import { editDistance } from '../../console/dictionaries/names.js';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { readDictionary } from '../../core/read-dictionary.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';

export type TeamCheck =
  | { kind: 'ok'; team: { value: string; label: string } }
  | { kind: 'unknown'; suggestion: string | undefined }
  /** The dictionary could not be read: the team cannot be checked, so nothing is stored. */
  | { kind: 'unavailable' };

/** Team values and labels are short; a longer typed value is no typo of one (the distance is quadratic). */
const SUGGEST_MAX = 64;

/**
 * `team:VALUE` against the platform's teams dictionary: its value or label, in any case. The value
 * is what the record and the create form hold; the label is kept so an inbound event naming the
 * team either way still matches.
 */
export async function resolveTeam(
  deps: Pick<SlackDeps, 'connections' | 'dictionaries' | 'logger'>,
  workspace: WorkspaceRef,
  typed: string,
  channelId: string,
  budgetMs: number,
): Promise<TeamCheck> {
  const outcome = await readDictionary(deps, workspace, 'teams', { channelId, budgetMs });
  if (outcome.kind !== 'ok') return { kind: 'unavailable' };
  const wanted = typed.trim().toLowerCase();
  const items = outcome.dictionary.items;
  const found = items.find(
    (item) => String(item.value).toLowerCase() === wanted || item.label.toLowerCase() === wanted,
  );
  if (found) return { kind: 'ok', team: { value: String(found.value), label: found.label } };
  return { kind: 'unknown', suggestion: closest(wanted, items) };
}

function closest(wanted: string, items: readonly DictionaryItem[]): string | undefined {
  if (wanted.length === 0 || wanted.length > SUGGEST_MAX) return undefined;
  let best: { label: string; distance: number } | undefined;
  for (const item of items.slice(0, 5_000)) {
    for (const candidate of [String(item.value), item.label]) {
      const c = candidate.toLowerCase();
      if (c.length > SUGGEST_MAX) continue;
      const distance = c.startsWith(wanted) && wanted.length >= 3 ? 1 : editDistance(wanted, c);
      if (best === undefined || distance < best.distance) best = { label: item.label, distance };
    }
  }
  const tolerance = wanted.length <= 4 ? 1 : Math.max(2, Math.floor(wanted.length / 3));
  return best && best.distance <= tolerance ? best.label : undefined;
}
