import { dueReminder, type TokenReminder } from '../../core/token-health.js';
import { parseWorkspaceKey, type WorkspaceRef, workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { channelMention, code, type SafeText, slackDate, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import type { NoticeJob } from '../subscriptions/alert-delivery.js';

/** Each reminder once per token: a new token has a new connectedAt, hence new keys. */
const ONCE_MS = 60 * 24 * 60 * 60 * 1000;

export interface ConfiguredToken {
  workspace: WorkspaceRef;
  baseUrl: string;
  expiresAt: Date | undefined;
  /** Names this token for the once-guard (a digest, never the token). */
  tokenKey: string;
}

export interface TokenHealthSweep {
  deps: SlackDeps;
  now: Date;
  /** The connection the app was started with (single-workspace modes); its reminders go to ADMIN_USER_IDS. */
  configured: ConfiguredToken | undefined;
}

function hostOf(baseUrl: string): SafeText {
  try {
    return code(new URL(baseUrl).host, 200);
  } catch {
    return code(baseUrl, 200);
  }
}

/**
 * Looks at every stored platform connection (and the configured one) and queues the reminders that
 * are due: to the person who connected it by DM, to the workspace's `alerts:ops` channels, to the
 * channel a channel's connection belongs to; a personal token reminds its owner alone. Each
 * reminder once per token across replicas and restarts (the store's once-guard). Returns how many
 * messages were queued.
 */
export async function sweepTokenHealth(input: TokenHealthSweep): Promise<number> {
  const { deps, now } = input;
  let queued = 0;
  const remind = async (
    ref: WorkspaceRef,
    onceKey: string,
    reminder: TokenReminder,
    whose: SafeText,
    fix: SafeText,
    expiresAt: Date | undefined,
    recipients: readonly string[],
  ) => {
    if (!(await deps.locks.claim(`token-health:${onceKey}:${reminder.kind}`, ONCE_MS))) return;
    const t = deps.messages.tokenHealth;
    const text =
      reminder.kind === 'invalid'
        ? t.refused({ whose, fix })
        : reminder.kind === 'expired'
          ? t.expired({ whose, fix })
          : t.expiresSoon({
              whose,
              days: reminder.days,
              when: expiresAt ? slackDate(expiresAt) : code('?'),
              fix,
            });
    const notice = textMessage(text);
    const workspace = workspaceOnly(ref);
    const scope = workspaceKey(workspace);
    const unique = [...new Set(recipients)];
    await deps.alerts.enqueue(
      unique.map((channelId) => ({
        id: `token-health:${onceKey}:${reminder.kind}:${channelId}`,
        lane: `${scope}:${channelId}`,
        data: { workspace, scope, channelId, notice } satisfies NoticeJob,
      })),
    );
    queued += unique.length;
    deps.logger.info('token reminder queued', { scope, kind: reminder.kind, recipients: unique.length });
  };
  const opsChannels = async (ref: WorkspaceRef) =>
    (await deps.subscriptions.list(workspaceKey(workspaceOnly(ref))))
      .filter((s) => s.selector.ops)
      .map((s) => s.channelId);
  const t = deps.messages.tokenHealth;

  for await (const { key, connection } of deps.vault.entries()) {
    const ref = parseWorkspaceKey(key);
    if (!ref) continue;
    const expiresAt = connection.expiresAt ? new Date(connection.expiresAt) : undefined;
    const reminder = dueReminder({ state: connection.state, expiresAt }, now);
    if (!reminder) continue;
    const onceKey = `${key}:${connection.connectedAt}`;
    const by = connection.connectedBy ? userMention(connection.connectedBy) : undefined;
    if (ref.userId) {
      await remind(ref, onceKey, reminder, t.personalToken, t.fixPersonal, expiresAt, [ref.userId]);
      continue;
    }
    const owner = connection.connectedBy ? [connection.connectedBy] : [];
    if (ref.channelId) {
      const whose = t.channelToken({
        channel: channelMention(ref.channelId),
        host: hostOf(connection.baseUrl),
        by,
      });
      await remind(ref, onceKey, reminder, whose, t.fixWorkspace, expiresAt, [
        ...owner,
        ref.channelId,
        ...(await opsChannels(ref)),
      ]);
      continue;
    }
    const whose = t.workspaceToken({ host: hostOf(connection.baseUrl), by });
    await remind(ref, onceKey, reminder, whose, t.fixWorkspace, expiresAt, [
      ...owner,
      ...(await opsChannels(ref)),
    ]);
  }

  const configured = input.configured;
  if (configured) {
    const reminder = dueReminder({ state: 'active', expiresAt: configured.expiresAt }, now);
    const stored = await deps.vault.get(configured.workspace);
    // A workspace connection replaces the configured token for that workspace: nothing to remind.
    if (reminder && !stored) {
      await remind(
        configured.workspace,
        `configured:${configured.tokenKey}`,
        reminder,
        t.configuredToken({ host: hostOf(configured.baseUrl) }),
        t.fixConfigured,
        configured.expiresAt,
        [...deps.adminUserIds, ...(await opsChannels(configured.workspace))],
      );
    }
  }
  return queued;
}
