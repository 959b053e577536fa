import type { HomeView } from '@slack/types';
import type { AuditRecord } from '../../core/audit/audit-log.js';
import type { ConnectionDescription } from '../../core/connections.js';
import { POLICY_ACTIONS, type WorkspacePolicy } from '../../core/policy/policy.js';
import type { Subscription } from '../../core/subscriptions.js';
import { auditRow } from '../audit/audit-message.js';
import {
  channelMention,
  code,
  escapeMrkdwn,
  isSlackUserId,
  joinSafe,
  mrkdwn,
  plain,
  type SafeText,
  safe,
  slackDate,
} from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, context, section } from '../blocks/message.js';
import type { ExperimentNames } from '../experiment/names.js';
import type { Messages } from '../messages/index.js';
import { SCHEDULE_BLOCKS } from '../schedule/ids.js';
import { describeSubscription } from '../subscriptions/replies.js';

const HOME_BLOCKS = {
  connection: 'exp_home_connection',
  identity: 'exp_home_identity',
  recent: 'exp_home_recent',
  alerts: 'exp_home_alerts',
  admin: 'exp_home_admin',
  adminActions: 'exp_home_admin_actions',
} as const;

export const HOME_ACTIONS = {
  connect: 'exp_home_connect',
  disconnect: 'exp_home_disconnect',
} as const;

const ALERT_CHANNELS_SHOWN = 10;

export interface HomeInput {
  /** The team connection the workspace uses (its own, or the configured default). */
  connection: ConnectionDescription | undefined;
  /** Who the person's actions act as, in words (whoami's head line). */
  identity: SafeText;
  recent: readonly AuditRecord[];
  subscriptions: readonly Subscription[];
  admin: { hookPath: string; policy: WorkspacePolicy } | undefined;
  /** The workspace's next scheduled actions (src/slack/schedule), one line each. */
  scheduled?: readonly SafeText[] | undefined;
  /** Names of the experiments the subscriptions narrow to, where the app knows them. */
  names?: ExperimentNames | undefined;
  messages: Messages;
}

/** The Home tab: the connection, the person's identity and recent actions, alerts; admins get more. */
export function homeView(input: HomeInput): HomeView {
  const h = input.messages.home;
  const c = input.connection;
  const connection =
    c === undefined
      ? h.notConnected
      : h.connection({
          host: code(hostOf(c.baseUrl), 200),
          state: escapeMrkdwn(input.messages.connection.states[c.state]),
          expires: c.expiresAt === undefined ? undefined : slackDate(c.expiresAt),
        });
  const recent =
    input.recent.length === 0 ? [h.noRecent] : input.recent.map((r) => auditRow(r, input.messages));
  const shown = input.subscriptions.slice(0, ALERT_CHANNELS_SHOWN).map((s) =>
    h.alertsLine({
      channel: isSlackUserId(s.channelId)
        ? input.messages.subscriptions.yourDms
        : channelMention(s.channelId),
      filter: describeSubscription(s, input.messages, input.names),
    }),
  );
  if (input.subscriptions.length > ALERT_CHANNELS_SHOWN)
    shown.push(h.moreAlerts({ count: input.subscriptions.length - ALERT_CHANNELS_SHOWN }));
  const admin = input.admin;
  const blocks = [
    { type: 'header' as const, text: plain(h.header, LIMITS.headerText) },
    section(joinSafe([h.connectionTitle, connection]), HOME_BLOCKS.connection),
    section(joinSafe([h.identityTitle, input.identity]), HOME_BLOCKS.identity),
    section(joinSafe([h.recentTitle, ...recent]), HOME_BLOCKS.recent),
    section(joinSafe([h.alertsTitle, ...(shown.length === 0 ? [h.noAlerts] : shown)]), HOME_BLOCKS.alerts),
    ...(input.scheduled?.length
      ? [section(joinSafe([input.messages.schedule.homeTitle, ...input.scheduled]), SCHEDULE_BLOCKS.home)]
      : []),
    ...(admin
      ? [
          section(
            joinSafe([
              h.adminTitle,
              h.adminHook({ path: code(admin.hookPath, 300) }),
              h.adminPolicy({
                restricted: POLICY_ACTIONS.filter((a) => admin.policy.actions[a].who.kind !== 'members')
                  .length,
                approvals: POLICY_ACTIONS.filter((a) => admin.policy.actions[a].approval).length,
                personal: POLICY_ACTIONS.filter((a) => admin.policy.actions[a].personal).length,
              }),
            ]),
            HOME_BLOCKS.admin,
          ),
          actions(
            [
              {
                type: 'button',
                action_id: HOME_ACTIONS.connect,
                text: plain(h.connectButton, LIMITS.buttonText),
              },
              ...(c?.origin === 'stored' && c.identity === 'workspace'
                ? [
                    {
                      type: 'button' as const,
                      action_id: HOME_ACTIONS.disconnect,
                      style: 'danger' as const,
                      text: plain(h.disconnectButton, LIMITS.buttonText),
                      confirm: {
                        title: plain(h.disconnectConfirm.title, LIMITS.confirmTitle),
                        text: mrkdwn(h.disconnectConfirm.text),
                        confirm: plain(h.disconnectConfirm.confirm, LIMITS.confirmButton),
                        deny: plain(h.disconnectConfirm.deny, LIMITS.confirmButton),
                      },
                    },
                  ]
                : []),
            ],
            HOME_BLOCKS.adminActions,
          ),
        ]
      : []),
    context([h.footer]),
  ];
  return { type: 'home', blocks };
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return safe(baseUrl, 100);
  }
}
