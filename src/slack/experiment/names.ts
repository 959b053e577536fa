import type { SlackDeps } from '../deps.js';

/** Ids named per message at most: a list shows no more than this. */
const NAMES_MAX = 50;

/** Experiment names by id, for messages that name experiments first (labels/label.ts experimentRef). */
export type ExperimentNames = ReadonlyMap<number, string>;

export const NO_NAMES: ExperimentNames = new Map();

/**
 * The names the app recorded for these experiments. An id without a recorded name, or whose record
 * cannot be read, is left out: a message then names it by its id alone, so this never throws.
 */
export async function experimentNames(
  deps: Pick<SlackDeps, 'knowledge' | 'logger'>,
  scope: string,
  ids: readonly (number | undefined)[],
): Promise<ExperimentNames> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== undefined))].slice(0, NAMES_MAX);
  const reads = await Promise.allSettled(wanted.map((id) => deps.knowledge.records.get(scope, id)));
  const names = new Map<number, string>();
  reads.forEach((read, i) => {
    const name = read.status === 'fulfilled' ? read.value?.name?.value : undefined;
    if (name?.trim()) names.set(wanted[i] as number, name);
  });
  const failed = reads.find((read) => read.status === 'rejected');
  if (failed)
    deps.logger.warn('experiments named by their ids: records could not be read', { error: failed.reason });
  return names;
}
