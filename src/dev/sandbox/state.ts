import type { IncomingHttpHeaders } from 'node:http';
import { createDictionaries, type SandboxDictionaries } from './model/dictionaries.js';
import type { SandboxExperiment } from './model/experiment-schema.js';
import { seedExperiments } from './model/seed-experiments.js';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  /** Lower-cased names; `authorization` and `proxy-authorization` are removed. */
  headers: IncomingHttpHeaders;
  /**
   * The `name` claim of the bearer token the request carried (never the token): which identity the
   * platform's own records would name. Undefined without a readable token.
   */
  tokenName: string | undefined;
  /** Raw body text ('' when none; '' too when the body was refused as too large). */
  body: string;
  /** The status the sandbox answered, set once the response is decided. */
  status: number | undefined;
  receivedAt: string;
}

interface RecordedExposure {
  experimentLabel: string;
  platform: { id: number; version?: string | undefined };
  participant: { userId?: number | null | undefined; visitorId?: string | null | undefined };
  /** X-Source header of the call, if any. */
  source: string | undefined;
  /** Whether the label matched a running experiment when the exposure arrived. */
  known: boolean;
  receivedAt: string;
}

/** Everything the sandbox knows; tests read it and may change it (e.g. edit dictionaries). */
export interface SandboxState {
  experiments: Map<number, SandboxExperiment>;
  dictionaries: SandboxDictionaries;
  exposures: RecordedExposure[];
  requests: RecordedRequest[];
  /** Revoked tokens, as `jti:<jti>` (or `raw:<token>` for a token without a jti). */
  revokedTokens: Set<string>;
  nextExperimentId: number;
  /**
   * Whether GET /experiments/v1/{id} exists. The interface shows no read endpoint; with false the
   * sandbox behaves like a platform without one (405 on GET), which is what the app must cope with.
   */
  readRoute: boolean;
}

export function createState(seed: boolean): SandboxState {
  const experiments = new Map<number, SandboxExperiment>();
  if (seed) for (const e of seedExperiments()) experiments.set(e.id, e);
  const maxId = Math.max(0, ...experiments.keys());
  return {
    experiments,
    dictionaries: createDictionaries(),
    exposures: [],
    requests: [],
    revokedTokens: new Set(),
    // Created experiments start above every seeded id (123), leaving room for hand-made ones.
    nextExperimentId: Math.max(1000, maxId + 1),
    readRoute: true,
  };
}
