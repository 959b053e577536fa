import type { InstallationQuery, InstallationStore } from '@slack/bolt';
import type { WorkspaceRef } from '../../core/workspace.js';
import { InstallationNotFoundError } from '../../store/installation-store.js';
import type { SlackDeps } from '../deps.js';
import type { SlackListeners } from '../listener-registry.js';

export interface UninstallEventsOptions {
  /** OAuth mode only; single-workspace modes have no installations to delete. */
  installationStore?: InstallationStore | undefined;
}

/** Slack retries a delivery for up to about an hour (x-slack-retry-num 1..3). */
const EVENT_CLAIM_TTL_MS = 3600_000;

interface Authorization {
  team_id?: string | null;
  enterprise_id?: string | null;
  is_enterprise_install?: boolean;
}

/** The envelope fields these handlers read; Bolt types the body loosely for these two events. */
export interface EventEnvelope {
  event_id?: string;
  team_id?: string;
  enterprise_id?: string | null;
  is_enterprise_install?: boolean;
  authorizations?: Authorization[];
}

export interface EventWorkspace extends WorkspaceRef {
  isEnterpriseInstall: boolean;
}

/** The workspace an Events API envelope is about: its first authorization, else the top-level ids. */
export function workspaceFromEvent(body: EventEnvelope): EventWorkspace | undefined {
  const auth = body.authorizations?.[0];
  const teamId = auth?.team_id || body.team_id || undefined;
  const enterpriseId = auth?.enterprise_id || body.enterprise_id || undefined;
  const isEnterpriseInstall = auth?.is_enterprise_install ?? body.is_enterprise_install ?? false;
  if (teamId === undefined && enterpriseId === undefined) return undefined;
  // An org-wide install may name only the enterprise; it then stands in for the team too.
  return { teamId: teamId ?? enterpriseId ?? '', enterpriseId, isEnterpriseInstall };
}

function installationQuery(workspace: EventWorkspace): InstallationQuery<boolean> {
  return {
    teamId: workspace.teamId,
    enterpriseId: workspace.enterpriseId,
    isEnterpriseInstall: workspace.isEnterpriseInstall,
  };
}

/**
 * app_uninstalled deletes everything the app keeps for the workspace (installation, platform
 * connection, dictionary cache, alert subscriptions, experiment records, policy; not the audit trail,
 * which outlives the installation for its retention period); tokens_revoked deletes the bot installation.
 * Slack does not order the two, retries deliveries (Bolt dedupes nothing) and Bolt acks events
 * before the listener runs: each delivery is claimed by event_id, and every step is idempotent.
 */
export function registerUninstallEvents(
  listeners: SlackListeners,
  deps: UninstallDeps,
  options: UninstallEventsOptions = {},
): void {
  const { installationStore } = options;
  const logger = deps.logger.child({ component: 'uninstall-events' });
  const firstDelivery = (body: EventEnvelope, type: string) => isFirstDelivery(deps, logger, body, type);
  const step = (what: string, run: () => Promise<unknown>) => cleanUpStep(logger, what, run);

  listeners.event('app_uninstalled', (deps) => [
    async ({ body }) => {
      const envelope = body as EventEnvelope;
      if (!(await firstDelivery(envelope, 'app_uninstalled'))) return;
      const workspace = workspaceFromEvent(envelope);
      if (!workspace) {
        logger.warn('app_uninstalled without a workspace id; nothing to delete', {
          eventId: envelope.event_id,
        });
        return;
      }
      const installation = installationStore?.deleteInstallation
        ? await step('installation', async () => {
            await installationStore.deleteInstallation?.(installationQuery(workspace));
            return 'deleted';
          })
        : 'none';
      const deleted = await deps.connecting.forget(workspace, step);
      // The audit trail is kept for its retention period: uninstalling must not erase who did what.
      logger.info('app uninstalled: workspace data deleted', {
        teamId: workspace.teamId,
        enterpriseId: workspace.enterpriseId,
        eventId: envelope.event_id,
        installation,
        ...deleted,
      });
    },
  ]);

  listeners.event('tokens_revoked', () => [
    async ({ event, body }) => {
      const envelope = body as EventEnvelope;
      if (!(await firstDelivery(envelope, 'tokens_revoked'))) return;
      const workspace = workspaceFromEvent(envelope);
      const botUserIds = event.tokens.bot ?? [];
      const fields = { teamId: workspace?.teamId, eventId: envelope.event_id, botUserIds };
      if (botUserIds.length === 0) {
        // The app asks for no user scopes, so revoked user tokens are none of its own.
        logger.info('tokens_revoked for user tokens only; nothing to delete', fields);
        return;
      }
      if (!workspace || !installationStore?.deleteInstallation) {
        logger.warn('bot token revoked; no installation store to update', fields);
        return;
      }
      const query = installationQuery(workspace);
      const installedBot = await installedBotUserId(installationStore, query);
      if (installedBot === 'none') {
        logger.info('bot token revoked; the installation was already deleted', fields);
        return;
      }
      // Delete by team and bot user id: keep an installation whose bot is not the revoked one.
      if (installedBot !== undefined && !botUserIds.includes(installedBot)) {
        logger.warn('bot token revoked for another bot user; installation kept', fields);
        return;
      }
      const result = await step('installation', async () => {
        await installationStore.deleteInstallation?.(query);
        return 'deleted';
      });
      logger.info('bot token revoked: installation deleted', { ...fields, installation: result });
    },
  ]);
}

/** What the uninstall listeners use of the app's dependencies. */
export type UninstallDeps = Pick<SlackDeps, 'logger' | 'locks' | 'connecting'>;

type Logger = SlackDeps['logger'];

async function isFirstDelivery(
  deps: Pick<SlackDeps, 'locks'>,
  logger: Logger,
  body: EventEnvelope,
  type: string,
): Promise<boolean> {
  if (!body.event_id) return true;
  try {
    if (await deps.locks.claim(`event:${body.event_id}`, EVENT_CLAIM_TTL_MS)) return true;
    logger.info('duplicate event delivery ignored', { type, eventId: body.event_id });
    return false;
  } catch (error) {
    // Acting twice is harmless here; not acting at all would leave a token behind.
    logger.warn('event de-duplication unavailable; handling the delivery anyway', { type, error });
    return true;
  }
}

/** One clean-up step: a failure is logged and reported as 'failed', and the next step still runs. */
async function cleanUpStep(logger: Logger, what: string, run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    logger.error('uninstall clean-up step failed', { step: what, error });
    return 'failed';
  }
}

/** 'none' when nothing is stored; undefined when a record exists but cannot be read. */
async function installedBotUserId(
  store: InstallationStore,
  query: InstallationQuery<boolean>,
): Promise<string | 'none' | undefined> {
  try {
    const installation = await store.fetchInstallation(query);
    return installation.bot?.userId;
  } catch (error) {
    return error instanceof InstallationNotFoundError ? 'none' : undefined;
  }
}
