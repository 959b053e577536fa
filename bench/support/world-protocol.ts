// Messages between world.ts and the world process (world-process.ts).

export type WorldCall =
  | { op: 'mint'; count: number }
  | { op: 'drafts'; from: number; count: number }
  | { op: 'counts' }
  | { op: 'outcomes'; ids: number[] };

export type WorldRequest = WorldCall & { id: number };

export interface WorldReady {
  ready: true;
  sandboxUrl: string;
  apiUrl: string;
  botToken: string;
  consoleToken: string;
}

export interface WorldReply {
  id: number;
  result?: unknown;
  error?: string;
}

/** Calls the subjects made, since the world started. */
export interface WorldCounts {
  /** POSTs to a start on the platform. */
  starts: number;
  /** chat.postMessage calls (cards and thread posts). */
  posts: number;
  /** chat.update calls. */
  updates: number;
  /** response_url posts. */
  responses: number;
  /** Every request to the platform (reads included). */
  platformCalls: number;
  /** Every Slack Web API call (users.info, auth.test and the like included). */
  slackCalls: number;
}
