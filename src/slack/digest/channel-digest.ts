import type { ChannelRef } from '../../core/alerts/channel-alerts.js';
import { buildDigest, type Digest } from '../../core/alerts/digest.js';
import type { SlackDeps } from '../deps.js';
import type { ExperimentNames } from '../experiment/names.js';

export type ChannelDigestDeps = Pick<SlackDeps, 'knowledge' | 'requests' | 'subscriptions'>;

/**
 * A channel's digest of one period, from what the app knows now (its subscriptions narrow it), with
 * the names of the experiments it knows, so waiting requests name theirs too.
 */
export async function channelDigest(
  deps: ChannelDigestDeps,
  ref: ChannelRef,
  period: { from: number; to: number; nextTo: number; longAfterMs?: number | undefined },
): Promise<Digest & { names: ExperimentNames }> {
  const [records, waiting, subscriptions] = await Promise.all([
    deps.knowledge.records.all(ref.scope),
    deps.requests.waiting(ref.scope),
    deps.subscriptions.listChannel(ref.scope, ref.channelId),
  ]);
  const digest = buildDigest({
    records,
    waiting,
    selectors: subscriptions.map((s) => s.selector),
    ...period,
  });
  const names = new Map(
    records.flatMap((r) => (r.name?.value.trim() ? [[r.experimentId, r.name.value]] : [])),
  );
  return { ...digest, names };
}
