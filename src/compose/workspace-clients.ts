import type { InstallationStore } from '@slack/bolt';
import type { Config } from '../config.js';
import type { WorkspaceRef } from '../core/workspace.js';
import type { Logger } from '../observability/logger.js';
import type { BoltRuntime } from '../slack/app.js';
import type { TokenInstallation } from '../slack/served-workspace/served.js';
import type { Store } from '../store/create-store.js';
import type { KeyRing } from '../store/crypto.js';
import { createKeyvInstallationStore } from '../store/installation-store.js';

/**
 * The bot as seen from outside a listener (hooks, sweeps, alerts). Built before the Bolt app whose
 * clients it hands out, so it is bound to the runtime once that exists; asked only at run time.
 */
export interface WorkspaceClients {
  /** OAuth mode: where installations (and their bot tokens) are kept. */
  installationStore: InstallationStore | undefined;
  bind(runtime: BoltRuntime): void;
  /** The workspace of the configured bot token (single-workspace modes), from auth.test, memoised. */
  configuredWorkspace(): Promise<WorkspaceRef | undefined>;
  /** What the configured bot token serves (an org-wide install: its organisation), the same auth.test. */
  configuredInstallation(): Promise<TokenInstallation | undefined>;
  /** The bot's client for a workspace: its installation's token (OAuth) or the configured one. */
  clientFor(workspace: WorkspaceRef): Promise<BoltRuntime['app']['client'] | undefined>;
}

export function createWorkspaceClients(input: {
  config: Config;
  store: Store;
  keyRing: KeyRing;
  logger: Logger;
}): WorkspaceClients {
  const oauth = input.config.slack.mode === 'oauth';
  const installationStore = oauth
    ? createKeyvInstallationStore(input.store.keyv('installations'), input.keyRing)
    : undefined;
  let runtime: BoltRuntime | undefined;
  let configured: Promise<TokenInstallation | undefined> | undefined;
  const configuredInstallation = (): Promise<TokenInstallation | undefined> => {
    if (oauth || !runtime) return Promise.resolve(undefined);
    configured ??= runtime.app.client.auth.test().then(installationOf, (error: unknown) => {
      configured = undefined;
      input.logger.warn('auth.test failed: the configured workspace is not known yet', { error });
      return undefined;
    });
    return configured;
  };
  const configuredWorkspace = async (): Promise<WorkspaceRef | undefined> => {
    const installation = await configuredInstallation();
    return installation?.teamId
      ? { teamId: installation.teamId, enterpriseId: installation.enterpriseId }
      : undefined;
  };
  const clientFor = async (workspace: WorkspaceRef) => {
    if (!runtime) return undefined;
    if (!installationStore) return runtime.app.client;
    try {
      const installation = await installationStore.fetchInstallation({
        teamId: workspace.teamId,
        enterpriseId: workspace.enterpriseId,
        isEnterpriseInstall: false,
      });
      const token = installation.bot?.token;
      return token ? runtime.clientFor(token) : undefined;
    } catch {
      return undefined;
    }
  };
  return {
    installationStore,
    bind: (bound) => {
      runtime = bound;
    },
    configuredWorkspace,
    configuredInstallation,
    clientFor,
  };
}

/** auth.test's answer; undefined when it names neither a workspace nor an org-wide install. */
function installationOf(auth: {
  team_id?: string;
  enterprise_id?: string;
  is_enterprise_install?: boolean;
}): TokenInstallation | undefined {
  const installation = {
    teamId: auth.team_id || undefined,
    enterpriseId: auth.enterprise_id || undefined,
    orgWide: auth.is_enterprise_install === true,
  };
  const named = installation.orgWide ? installation.enterpriseId : installation.teamId;
  return named ? installation : undefined;
}
