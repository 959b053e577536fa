/**
 * The store reads and writes bench/bolt-guarded.ts makes for one `/exp start`, the app's on that
 * store, written by hand (bench/guarded-redis.ts, bench/guarded-sqlite.ts).
 */
export interface GuardedStore {
  /** The replay claim of a request and, only if it took, its intent as received: before the ack. */
  claim(requestKey: string, intentKey: string, intent: string): Promise<boolean>;
  /** The asker's language choices, the workspace's policy and its connection, read together. */
  context(team: string, user: string, channel: string): Promise<StartContext>;
  /** The intent's phase, written before and after the platform's answer. */
  mark(intentKey: string, intent: string): Promise<void>;
  /** The record, read before it is written with the action. */
  record(recordKey: string): Promise<string | undefined>;
  /** The record written and listed in its workspace's recent list, the audit entry appended, the intent deleted. */
  finish(write: FinishWrite): Promise<void>;
  /** The channel's subscriptions (alerts), read once the outcome is told. */
  subscriptions(team: string): Promise<string | undefined>;
  /** Stores a workspace's sealed connection once, as `/exp login` would have. */
  connect(team: string, connection: string): Promise<void>;
}

export interface StartContext {
  policy: string | undefined;
  connection: string | undefined;
}

export interface FinishWrite {
  team: string;
  recordKey: string;
  experimentId: string;
  record: string;
  at: number;
  auditEntry: string;
  intentKey: string;
}

export const REPLAY_MS = 660_000;
export const AUDIT_KEEP_MS = 365 * 24 * 3600 * 1000;
/** How many experiments a workspace's recent list keeps, as the app's. */
export const LISTED = 1000;
export const connectionKey = (team: string): string => `connections:${team}`;
