// Test-only: a lifecycle action's real parts (the console client against the sandbox platform over
// HTTP, the token vault and connections, the experiment records, the intent journal) on a real store
// that can be cut off the moment the platform has answered: after the action's intent was written,
// before what the platform said is recorded.
import { randomBytes } from 'node:crypto';
import { createConsoleAgent } from '../../console/agent.js';
import { createConsoleClient } from '../../console/client.js';
import type { ConsoleApi } from '../../console/types.js';
import { type Sandbox, startSandbox } from '../../dev/sandbox/server.js';
import { createMemoryLogger } from '../../observability/logger.js';
import { backendFixture } from '../../store/backends.test-helper.js';
import { listedValues, storedValues } from '../../store/conditional-update.js';
import { type StoreWithOutage, withOutage } from '../../store/outage.test-helper.js';
import { createTokenVault } from '../../store/token-vault.js';
import { createConnectionResolver } from '../connections.js';
import { DEFAULT_FIELD_MAPPING } from '../experiment-fields.js';
import { createReadRouteMemory } from '../experiments/read-route.js';
import { createExperimentRecords, type ExperimentRecords } from '../experiments/record-store.js';
import { DEFAULT_TRANSITIONS } from '../experiments/transitions.js';
import { createIntentLog, INTENT_NAMESPACE, type IntentLog } from '../intents.js';
import type { LifecycleAction } from '../lifecycle-action.js';
import { issueGrant } from '../policy/grant.js';
import type { LifecycleDeps, LifecycleRequest } from '../run-action.js';

const WORKSPACE = { teamId: 'T0OUTAGE' };
export const SCOPE = 'T0OUTAGE';

export interface LifecycleOnOutage {
  sandbox: Sandbox;
  /** The workspace's stored platform token. */
  token: string;
  outage: StoreWithOutage;
  /** The store itself, never cut: what it holds. */
  stored(key: string, namespace?: string): Promise<unknown>;
  /** The ids of the intents the store itself holds. */
  storedIntents(): Promise<string[]>;
  deps: LifecycleDeps & { intents: IntentLog };
  records: ExperimentRecords;
  logs: string[];
  /** The store goes away once the platform has answered the next action. */
  cutWhenAnswered(): void;
  request(action: LifecycleAction, experimentId: number): LifecycleRequest;
  close(): Promise<void>;
}

export async function lifecycleOnOutage(
  /** When the stored token says it expires (none by default). */
  options: { tokenExpiresAt?: Date } = {},
): Promise<LifecycleOnOutage> {
  const sandbox = await startSandbox();
  const token = await sandbox.issueToken({ name: 'outage' });
  const real = await backendFixture('memory').open();
  const outage = withOutage(real);
  const logger = createMemoryLogger();
  const now = () => new Date();
  const records = createExperimentRecords(listedValues(outage.store, 'experiments'), { logger, now });
  const vault = createTokenVault({ keyv: outage.store.keyv('connections'), key: randomBytes(32) });
  await vault.put(WORKSPACE, {
    baseUrl: sandbox.url,
    token,
    connectedBy: 'U0ADMIN',
    connectedAt: now().toISOString(),
    expiresAt: options.tokenExpiresAt?.toISOString(),
    state: 'active',
  });
  const agent = createConsoleAgent();
  let cutOnAnswer = false;
  const answeredThenCut = (api: ConsoleApi): ConsoleApi => ({
    ...api,
    runAction: async (...args) => {
      try {
        return await api.runAction(...args);
      } finally {
        if (cutOnAnswer) outage.cut();
      }
    },
  });
  const connections = createConnectionResolver({
    vault,
    defaultConnection: undefined,
    makeClient: (connection) =>
      answeredThenCut(createConsoleClient({ connection, dispatcher: agent, retry: { attempts: 1 } })),
    logger,
    owners: storedValues(outage.store, 'connection-owners'),
  });
  const knowledge = {
    records,
    transitions: DEFAULT_TRANSITIONS,
    readRoute: createReadRouteMemory(),
    experimentFields: DEFAULT_FIELD_MAPPING,
    logger,
    now,
  };
  const intents = createIntentLog({
    keyv: outage.store.keyv(INTENT_NAMESPACE),
    now,
    inFlightMs: 5_000,
    onError: (error) => logger.warn('an intent could not be cleared', { error }),
  });
  return {
    sandbox,
    token,
    outage,
    stored: (key, namespace = 'experiments') => real.keyv(namespace).get(key),
    async storedIntents() {
      const keyv = real.keyv(INTENT_NAMESPACE);
      const ids: string[] = [];
      for await (const [id] of keyv.iterator?.(keyv.namespace) ?? []) ids.push(String(id));
      // The namespace also holds the processes' leases.
      return ids.filter((id) => /^[0-9a-f]{24}$/.test(id));
    },
    deps: { connections, knowledge, logger, intents },
    records,
    logs: logger.lines,
    cutWhenAnswered: () => {
      cutOnAnswer = true;
    },
    request: (action, experimentId) => requestFor(action, experimentId),
    async close() {
      await agent.close();
      await sandbox.close();
      await real.close();
    },
  };
}

function requestFor(action: LifecycleAction, experimentId: number): LifecycleRequest {
  return {
    workspace: WORKSPACE,
    action,
    experimentId,
    actorId: 'U0MEMBER1',
    channelId: 'C0GENERAL',
    grant: issueGrant({
      scope: SCOPE,
      action,
      decidedFor: 'U0MEMBER1',
      actingAs: { userId: 'U0MEMBER1', personalRequired: false },
      rule: { who: { kind: 'members' }, channels: 'any', approval: false, personal: false },
    }),
  };
}
