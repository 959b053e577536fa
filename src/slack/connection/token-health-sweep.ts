import type { StoredConnection } from '../../core/connection-vault.js';
import { dueReminder, type TokenReminder } from '../../core/token-health.js';
import { parseWorkspaceKey, type WorkspaceRef, workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { channelMention, code, type SafeText, slackDate, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { speakingTo } from '../locale/job-scope.js';
import type { Messages } from '../messages/index.js';
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
  deps: TokenHealthDeps;
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

/** What the sweep uses of the app's dependencies. */
type TokenHealthDeps = Pick<
  SlackDeps,
  | 'locks'
  | 'locale'
  | 'messages'
  | 'alerts'
  | 'logger'
  | 'subscriptions'
  | 'vault'
  | 'adminUserIds'
  | 'locales'
>;

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
  for await (const { key, connection } of deps.vault.entries()) {
    queued += await remindStored(deps, now, key, connection);
  }
  const configured = input.configured;
  if (configured) {
    const reminder = dueReminder({ state: 'active', expiresAt: configured.expiresAt }, now);
    const stored = await deps.vault.get(configured.workspace);
    // A workspace connection replaces the configured token for that workspace: nothing to remind.
    if (reminder && !stored) {
      queued += await remind(deps, {
        ref: configured.workspace,
        onceKey: `configured:${configured.tokenKey}`,
        reminder,
        whose: (t) => t.configuredToken({ host: hostOf(configured.baseUrl) }),
        fix: (t) => t.fixConfigured,
        expiresAt: configured.expiresAt,
        recipients: [...deps.adminUserIds, ...(await opsChannels(deps, configured.workspace))],
      });
    }
  }
  return queued;
}

/** The reminder due for one stored connection, if any; returns how many messages were queued. */
async function remindStored(
  deps: TokenHealthDeps,
  now: Date,
  key: string,
  connection: Omit<StoredConnection, 'token'>,
): Promise<number> {
  const ref = parseWorkspaceKey(key);
  if (!ref) return 0;
  const expiresAt = connection.expiresAt ? new Date(connection.expiresAt) : undefined;
  const reminder = dueReminder({ state: connection.state, expiresAt }, now);
  if (!reminder) return 0;
  const base = { ref, onceKey: `${key}:${connection.connectedAt}`, reminder, expiresAt };
  const by = connection.connectedBy ? userMention(connection.connectedBy) : undefined;
  if (ref.userId) {
    return remind(deps, {
      ...base,
      whose: (t) => t.personalToken,
      fix: (t) => t.fixPersonal,
      recipients: [ref.userId],
    });
  }
  const owner = connection.connectedBy ? [connection.connectedBy] : [];
  const host = hostOf(connection.baseUrl);
  if (ref.channelId) {
    const channel = channelMention(ref.channelId);
    return remind(deps, {
      ...base,
      whose: (t) => t.channelToken({ channel, host, by }),
      fix: (t) => t.fixWorkspace,
      recipients: [...owner, ref.channelId, ...(await opsChannels(deps, ref))],
    });
  }
  return remind(deps, {
    ...base,
    whose: (t) => t.workspaceToken({ host, by }),
    fix: (t) => t.fixWorkspace,
    recipients: [...owner, ...(await opsChannels(deps, ref))],
  });
}

async function opsChannels(deps: Pick<SlackDeps, 'subscriptions'>, ref: WorkspaceRef): Promise<string[]> {
  return (await deps.subscriptions.list(workspaceKey(workspaceOnly(ref))))
    .filter((s) => s.selector.ops)
    .map((s) => s.channelId);
}

type TokenHealthTexts = Messages['tokenHealth'];

interface Reminder {
  ref: WorkspaceRef;
  onceKey: string;
  reminder: TokenReminder;
  /** Written for each recipient in their language (see `noticeFor`). */
  whose: (t: TokenHealthTexts) => SafeText;
  fix: (t: TokenHealthTexts) => SafeText;
  expiresAt: Date | undefined;
  recipients: readonly string[];
}

/** Queues one reminder to its recipients, once per token; returns how many messages were queued. */
async function remind(
  deps: Pick<SlackDeps, 'alerts' | 'locale' | 'locales' | 'locks' | 'logger' | 'messages'>,
  r: Reminder,
): Promise<number> {
  const { onceKey, reminder } = r;
  if (!(await deps.locks.claim(`token-health:${onceKey}:${reminder.kind}`, ONCE_MS))) return 0;
  const workspace = workspaceOnly(r.ref);
  const scope = workspaceKey(workspace);
  const unique = [...new Set(r.recipients)];
  const jobs = await Promise.all(
    unique.map(async (channelId) => {
      // A DM in its person's language, a channel in the workspace's: the notice is queued written.
      const { messages } = await speakingTo(deps, { workspace, channelId });
      const notice = noticeFor(messages.tokenHealth, r);
      return {
        id: `token-health:${onceKey}:${reminder.kind}:${channelId}`,
        lane: `${scope}:${channelId}`,
        data: { workspace, scope, channelId, notice } satisfies NoticeJob,
      };
    }),
  );
  await deps.alerts.enqueue(jobs);
  deps.logger.info('token reminder queued', { scope, kind: reminder.kind, recipients: unique.length });
  return unique.length;
}

function noticeFor(t: TokenHealthTexts, r: Reminder) {
  const { reminder, expiresAt } = r;
  const whose = r.whose(t);
  const fix = r.fix(t);
  return textMessage(
    reminder.kind === 'invalid'
      ? t.refused({ whose, fix })
      : reminder.kind === 'expired'
        ? t.expired({ whose, fix })
        : t.expiresSoon({
            whose,
            days: reminder.days,
            when: expiresAt ? slackDate(expiresAt) : code('?'),
            fix,
          }),
  );
}
