import type { LifecycleAction } from '../../core/lifecycle-action.js';

/**
 * What a workflow step says to the people who built or ran the workflow. Slack shows a step's
 * error in the workflow's activity as plain text, so these are plain strings (no mrkdwn); the
 * access gate's refusals come from their own catalogue.
 */
export interface WorkflowStepMessages {
  /** The manifest's titles are Slack's; these are the reasons a step gives for failing. */
  missingId: string;
  badId(p: { got: string }): string;
  badReason(p: { got: string }): string;
  reasonRequired: string;
  commentRequiredForOther: string;
  /** length: the comment's as sent, over the app's limit (core/stop-reason.ts). */
  commentTooLong(p: { length: number; max: number }): string;
  missingChannel: string;
  badChannel(p: { got: string }): string;
  /** No person who ran the workflow (a step placed after a scheduled trigger without one). */
  noPerson: string;
  /** The event names a workspace or organisation the app is not installed for. */
  otherOrganisation: string;
  /** Slack could not say which workspace the app's token serves. */
  workspaceUnknown: string;
  /** Slack could not say who ran the workflow in time. */
  unknownPerson: string;
  guest: string;
  external: string;
  notConnected: string;
  connectionInvalid: string;
  storeUnavailable: string;
  notFound(p: { experimentId: number }): string;
  neverSeen(p: { experimentId: number }): string;
  readFailed(p: { experimentId: number }): string;
  /** The step ran the platform call and it did not happen (conflict, failure): the line the channel got. */
  notDone(p: { action: LifecycleAction; experimentId: number; why: string }): string;
  /** The step itself broke (a bug or an outage): the logs have the rest. */
  crashed: string;
  /** The approval request is stored but the bot could not post it where the step said. */
  approvalNotPosted: string;
}
