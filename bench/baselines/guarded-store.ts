/**
 * The store work of the lean guarded start (bench/baselines/guarded-start.ts), one method per
 * round trip, on Redis (guarded-redis.ts) and on SQLite (guarded-sqlite.ts).
 */
export interface GuardedStore {
  /** The request's replay claim and, with it, its intent as received: before the ack. */
  claim(requestKey: string, intentKey: string, intent: string): Promise<boolean>;
  /** The workspace's policy and its sealed connection, read together. */
  context(team: string): Promise<StartContext>;
  /** The intent's phase, written before and after the platform's answer. */
  mark(intentKey: string, intent: string): Promise<void>;
  /** The experiment's record, read before it is written with the action. */
  record(recordKey: string): Promise<string | undefined>;
  /** Together: the record written, listed in the workspace's recent list, audited, the intent ended. */
  finish(write: FinishWrite): Promise<void>;
  /** The workspace's subscriptions (alerts), read once the outcome is told. */
  subscriptions(team: string): Promise<string | undefined>;
  /** Stores a workspace's sealed connection once, as `/exp connect` would have. */
  connect(team: string, connection: string): Promise<void>;
}

interface StartContext {
  policy: string | undefined;
  connection: string | undefined;
}

interface FinishWrite {
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
export const policyKey = (team: string): string => `policies:${team}`;
