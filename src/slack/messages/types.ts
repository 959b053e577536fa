import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { PolicyAction } from '../../core/policy/policy.js';
import type { ApprovalMessages } from '../approvals/messages.js';
import type { AuditMessages } from '../audit/messages.js';
import type { SafeText } from '../blocks/escape.js';
import type { HelpMessages } from '../command/messages.js';
import type {
  ConnectionMessages,
  ConnectModalMessages,
  TokenHealthMessages,
} from '../connection/messages.js';
import type { DictMessages } from '../dictionaries/messages.js';
import type { DigestMessages } from '../digest/messages.js';
import type {
  ExperimentCardMessages,
  ExperimentEditMessages,
  ExperimentListMessages,
} from '../experiment/messages.js';
import type { ExperimentModalMessages, ExperimentResultMessages } from '../experiment-form/messages.js';
import type { HomeMessages } from '../home/messages.js';
import type { HookMessages } from '../hooks/messages.js';
import type { IdentityMessages } from '../identity/messages.js';
import type { LabelMessages } from '../labels/messages.js';
import type { ActionMessages, LifecycleMessages } from '../lifecycle/messages.js';
import type { PolicyMessages } from '../policy/messages.js';
import type { RequestMessages } from '../requests/messages.js';
import type { ScheduleMessages } from '../schedule/messages.js';
import type { ServedWorkspaceMessages } from '../served-workspace/messages.js';
import type { SplitterMessages } from '../splitter/messages.js';
import type { StopModalMessages } from '../stop/messages.js';
import type { AlertMessages, SubscriptionMessages } from '../subscriptions/messages.js';
import type { WorkflowStepMessages } from '../workflow-steps/messages.js';

export type { HelpKey } from '../command/messages.js';
export type { TokenState } from '../connection/messages.js';

export type { ConfirmTexts } from '../lifecycle/messages.js';

// The contract every language must fulfil. mrkdwn texts are SafeText: a translation builds them
// with md`` and can only interpolate values the builders already escaped. plain_text fields
// (buttons, titles, labels, options) are plain strings: Slack never parses them.
// Length notes are Slack limits the builders truncate to; the messages test pins the English ones.
// Each feature declares its own texts next to its code (<feature>/messages.ts); this file holds
// the texts every feature shares (errors, input, modals) and puts the catalogue together.

/** Identifies the failed operation when it is a lifecycle action; absent for reads. */
export interface ActionContext {
  action?: LifecycleAction | undefined;
  experimentId?: number | undefined;
}

export interface Messages {
  locale: string;
  /** ALLOW_SANDBOX: the context line every message carries when real Slack uses the simulator. */
  sandboxNotice: SafeText;
  /** `/exp dict`: the list of dictionaries and one dictionary's pages. */
  dict: DictMessages;
  /** `/exp features` and `/exp expose`. */
  splitter: SplitterMessages;
  /** `/exp create` and `/exp edit ID`. */
  experimentModal: ExperimentModalMessages;
  /** `/exp edit ID`: the audience view, the diff before saving, concurrent changes. */
  experimentEdit: ExperimentEditMessages;
  experiments: ExperimentResultMessages;
  /** `/exp subscribe`, `/exp unsubscribe` and `/exp subscriptions`. */
  subscriptions: SubscriptionMessages;
  /** `/exp digest`, a channel's digest, and the summary of alerts held in quiet hours. */
  digest: DigestMessages;
  /** Lifecycle alerts posted in subscribed channels. */
  alerts: AlertMessages;
  /** What the app knows of an experiment: cards, `/exp show`, refusals from that knowledge. */
  experimentCard: ExperimentCardMessages;
  /** `/exp list`. */
  experimentList: ExperimentListMessages;
  /** `/exp policy` and the refusals it causes. */
  policy: PolicyMessages;
  /** `/exp audit`: the trail of attempts to act (admins). */
  audit: AuditMessages;
  /** Whose platform token acts: login, logout, whoami. */
  identity: IdentityMessages;
  /** `/exp hooks`: the inbound lifecycle hook (admins). */
  hooks: HookMessages;
  /** Workflow Builder steps: why a step failed. */
  workflowSteps: WorkflowStepMessages;
  /** Single-workspace modes: a command from a workspace the app's token does not serve. */
  servedWorkspace: ServedWorkspaceMessages;
  tokenHealth: TokenHealthMessages;
  /** The App Home tab. */
  home: HomeMessages;
  /** Requests waiting for a second person's approval. */
  approvals: ApprovalMessages;
  /** Lifecycle actions scheduled for later. */
  schedule: ScheduleMessages;
  /** Requests that wait (for approval, for their time) and what became of them. */
  requests: RequestMessages;
  actions: ActionMessages;
  /** What enumerated values, statuses and actions are called, for every surface (labels/label.ts). */
  labels: LabelMessages;
  help: HelpMessages;
  lifecycle: LifecycleMessages;
  errors: {
    notFound(p: { experimentId: number | undefined }): SafeText;
    notConnected: SafeText;
    invalidToken: SafeText;
    insufficientScope: SafeText;
    /** The app's own store failed before anything was sent to the platform. */
    /** action: what was not done, with the experiment when there is one. */
    storeUnavailable(p?: { action?: PolicyAction; experimentId?: number | undefined }): SafeText;
    /** Too many actions in progress in this process: this one was refused before anything was sent. */
    busy(p: { action: PolicyAction; experimentId: number }): SafeText;
    /** Any other 403 (a gateway, a firewall, a platform rule): the token is not known to be bad. */
    forbidden: SafeText;
    conflict(p: {
      action: LifecycleAction | undefined;
      experimentId: number | undefined;
      status: SafeText | undefined;
    }): SafeText;
    validation(p: { status: number | undefined; quoted: boolean }): SafeText;
    server(p: { status: number | undefined }): SafeText;
    unexpectedStatus(p: ActionContext & { status: number | undefined }): SafeText;
    unexpectedResponse(p: ActionContext): SafeText;
    timeout: SafeText;
    connection: SafeText;
    /** A lifecycle POST that may have reached the platform: never claim success or failure. */
    /** A failure after a non-idempotent request was sent: it may or may not have been applied. */
    outcomeUnknown(
      p: ActionContext & {
        cause: 'timeout' | 'connection' | 'server' | 'response';
        status?: number | undefined;
      },
    ): SafeText;
    invalidRequest(p: { issues: SafeText }): SafeText;
    unexpected(p: ActionContext): SafeText;
    /** A listener failed before it answered a slash command or a modal: nothing was done. */
    listenerFailed: SafeText;
    /** The title of the modal that says so. */
    listenerFailedTitle: string;
  };
  input: {
    missingId(p: { command: string }): SafeText;
    badId(p: { got: SafeText }): SafeText;
    badReason(p: { got: SafeText }): SafeText;
    commentRequired(p: { experimentId: number | undefined }): SafeText;
    /** A stop comment over the app's limit (core/stop-reason.ts): its length as sent; nothing was done. */
    commentTooLong(p: { length: number; max: number }): SafeText;
    unexpectedArgs(p: { command: string; extra: SafeText }): SafeText;
    unknownCommand(p: { word: SafeText; suggestion: string | undefined }): SafeText;
    seeHelp: SafeText;
    /** The command text is longer than any `/exp` command needs; nothing was read or done. */
    tooLong(p: { length: number; max: number }): SafeText;
    /** A button whose value could not be read (stale message or forged payload): nothing was sent. */
    unreadableButton: SafeText;
  };
  connection: ConnectionMessages;
  modals: {
    cancel: string;
    loadingTitle: string;
    /** The title of a notice that replaces a form nothing was done for (the store was unavailable). */
    notDoneTitle: string;
    loadingText: SafeText;
    /** private_metadata could not be read back: the form is stale or was tampered with. */
    expired: string;
    /** The form was not one the app opened for this person (or was altered): refused, recorded. */
    forged: string;
    /** Slack refused to open a form (its error code given); nothing changed. */
    openFailed(p: { error: SafeText }): SafeText;
    stop: StopModalMessages;
    connect: ConnectModalMessages;
  };
}
