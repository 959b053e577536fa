import type { Fact } from './experiments/record.js';
import type { Subscription } from './subscriptions.js';

// Polling finds status changes the platform does not push: the experiments subscriptions name by
// id are read now and then, and a status other than the one the app knew is a change to alert.

/** Ids polled per workspace and round: a subscription list is bounded, and so is one round's work. */
const IDS_PER_ROUND = 200;

/** The experiments a workspace's subscriptions (and follows) name by id, each once, at most a round's worth. */
export function experimentsToPoll(subscriptions: readonly Pick<Subscription, 'selector'>[]): number[] {
  const ids = subscriptions.flatMap((s) =>
    s.selector.experimentId === undefined ? [] : [s.selector.experimentId],
  );
  return [...new Set(ids)].slice(0, IDS_PER_ROUND);
}

/** A status the app learnt by polling that differs from the one it knew. */
export interface StatusChange {
  experimentId: number;
  status: string;
  /** When the app read it. */
  at: string;
  /** Names the change, the same on every replica and round that sees it: alerted once. */
  key: string;
}

/**
 * Whether a read status is a change. The first read only learns the status: a status the app did
 * not know before is not said to have changed, nor is a read that names none.
 */
export function statusChange(
  scope: string,
  experimentId: number,
  before: string | undefined,
  read: Pick<Fact<string>, 'value' | 'at'> | undefined,
): StatusChange | undefined {
  if (before === undefined || read === undefined || read.value === before) return undefined;
  return {
    experimentId,
    status: read.value,
    at: read.at,
    key: `poll:${scope}:${experimentId}:${read.value}:${read.at}`,
  };
}
