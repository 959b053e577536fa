import type { LifecycleAction } from '../../console/errors.js';
import type { ExperimentInterruptReason } from '../../console/schemas.js';
import type { SafeText } from '../blocks/escape.js';

// The contract every language must fulfil. mrkdwn texts are SafeText: a translation builds them
// with md`` and can only interpolate values the builders already escaped. plain_text fields
// (buttons, titles, labels, options) are plain strings: Slack never parses them.
// Length notes are Slack limits the builders truncate to; the messages test pins the English ones.

export interface HelpEntry {
  /** Shown as code, e.g. `/exp start ID`. */
  usage: string;
  description: SafeText;
}

/** Confirm dialog texts: title ≤100, text ≤300, confirm/deny ≤30. */
export interface ConfirmTexts {
  title(experimentId: number): string;
  text(experimentId: number): string;
  confirm: string;
  deny: string;
}

export type TokenState = 'active' | 'invalid';

/** Identifies the failed operation when it is a lifecycle action; absent for reads. */
export interface ActionContext {
  action?: LifecycleAction | undefined;
  experimentId?: number | undefined;
}

export interface Messages {
  locale: string;
  actions: {
    /** The verb as the user typed it: "tried to *start*". */
    name: Record<LifecycleAction, string>;
    /** Button labels, ≤75 (Slack may cut at ~30). */
    button: Record<LifecycleAction, string>;
    startConfirm: ConfirmTexts;
    archiveConfirm: ConfirmTexts;
  };
  /** Human labels of ExperimentInterruptReason; also option texts (≤75). */
  interruptReasons: Record<ExperimentInterruptReason, string>;
  help: {
    header: string;
    intro: SafeText;
    commands: readonly HelpEntry[];
    examplesTitle: SafeText;
    examples: readonly string[];
    fallback: SafeText;
  };
  lifecycle: {
    success(p: { action: LifecycleAction; user: SafeText; experimentId: number }): SafeText;
    stopDetails(p: { reason: SafeText | undefined; comment: SafeText | undefined }): SafeText;
    nextHint(p: { action: LifecycleAction; experimentId: number }): SafeText;
    conflict(p: {
      action: LifecycleAction;
      user: SafeText;
      experimentId: number;
      status: SafeText | undefined;
    }): SafeText;
    conflictHint(p: { action: LifecycleAction; experimentId: number }): SafeText;
    working(p: { action: LifecycleAction; experimentId: number }): SafeText;
    duplicateClick: SafeText;
  };
  errors: {
    notFound(p: { experimentId: number | undefined }): SafeText;
    notConnected: SafeText;
    invalidToken: SafeText;
    insufficientScope: SafeText;
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
    outcomeUnknown(p: ActionContext & { cause: 'timeout' | 'connection' }): SafeText;
    invalidRequest(p: { issues: SafeText }): SafeText;
    unexpected(p: ActionContext): SafeText;
  };
  input: {
    missingId(p: { command: string }): SafeText;
    badId(p: { got: SafeText }): SafeText;
    badReason(p: { got: SafeText }): SafeText;
    commentRequired(p: { experimentId: number | undefined }): SafeText;
    unexpectedArgs(p: { command: string; extra: SafeText }): SafeText;
    unknownCommand(p: { word: SafeText; suggestion: string | undefined }): SafeText;
    notAvailable(p: { command: string }): SafeText;
    seeHelp: SafeText;
  };
  connection: {
    adminOnly: SafeText;
    connected(p: { user: SafeText; baseUrl: SafeText }): SafeText;
    disconnected(p: { user: SafeText }): SafeText;
    notConnected: SafeText;
    tokenHeader: string;
    labels: {
      baseUrl: SafeText;
      expires: SafeText;
      scopes: SafeText;
      state: SafeText;
      connectedBy: SafeText;
    };
    states: Record<TokenState, string>;
    expiresIn(p: { days: number; date: SafeText }): SafeText;
    expired(p: { date: SafeText }): SafeText;
    expiryUnknown: SafeText;
    scopesUnknown: SafeText;
    connectedBy(p: { user: SafeText | undefined; date: SafeText | undefined }): SafeText;
    expiringSoon(p: { days: number }): SafeText;
    expiredWarning: SafeText;
    invalidWarning: SafeText;
    tokenNeverShown: SafeText;
  };
  modals: {
    cancel: string;
    loadingTitle: string;
    loadingText: SafeText;
    stop: {
      /** ≤24 */
      title: string;
      /** ≤24 */
      submit: string;
      intro(p: { experimentId: number }): SafeText;
      reasonLabel: string;
      reasonPlaceholder: string;
      commentLabel: string;
      commentPlaceholder: string;
      commentHint: string;
      /** Shown under the comment input (response_action errors) when the reason is Other. */
      commentRequiredForOther: string;
    };
    connect: {
      title: string;
      submit: string;
      intro: SafeText;
      baseUrlLabel: string;
      baseUrlPlaceholder: string;
      baseUrlHint: string;
      tokenLabel: string;
      tokenPlaceholder: string;
      tokenHint: string;
      baseUrlInvalid: string;
      tokenRequired: string;
      tokenRejected: string;
    };
  };
}
