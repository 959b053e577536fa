import { formatNumber } from '../locale/format.js';
import type { WorkflowStepMessages } from './messages.js';

export function workflowStepMessagesEn(): WorkflowStepMessages {
  return {
    missingId: 'The experiment id is missing: give the step a number such as 123.',
    badId: ({ got }) => `"${got}" is not an experiment id: use a positive whole number such as 123.`,
    badReason: ({ got }) =>
      `Unknown stop reason "${got}". Use sequential_testing_significant_change, critical_metric_impact, bug or other.`,
    reasonRequired: 'This workspace requires a stop reason: fill in the step’s Reason.',
    commentRequiredForOther: 'A comment is required when the reason is Other.',
    commentTooLong: ({ length, max }) =>
      `The comment is ${formatNumber('en', length)} characters long; a stop comment takes at most ${formatNumber('en', max)}. Nothing was done.`,
    missingChannel: 'The step needs a channel: results and approval requests are posted there.',
    badChannel: ({ got }) => `"${got}" is not a channel id.`,
    noPerson:
      'Nobody ran this workflow: the step acts as the person who used it, so it needs a step or trigger started by a person before it.',
    otherOrganisation:
      'This workflow runs in a workspace or organisation the app is not installed for: nothing was done.',
    workspaceUnknown: 'Slack could not confirm which workspace this app serves: nothing was done. Try again.',
    unknownPerson: 'Slack could not say who ran this workflow in time: nothing was done. Try again.',
    guest: 'Guests cannot run experiment steps: nothing was done.',
    external: 'People from another organisation cannot run experiment steps: nothing was done.',
    notConnected:
      'This workspace is not connected to the experiment platform yet: ask an admin to run /exp connect.',
    connectionInvalid:
      'The platform refused the workspace’s token: an admin must reconnect with /exp connect.',
    storeUnavailable: 'The app’s storage is unavailable right now: nothing was done. Try again in a minute.',
    notFound: ({ experimentId }) => `Experiment ${experimentId} does not exist on the platform.`,
    neverSeen: ({ experimentId }) =>
      `The app knows nothing of experiment ${experimentId} yet and the platform cannot be asked.`,
    readFailed: ({ experimentId }) =>
      `The platform did not answer in time about experiment ${experimentId}. Try again.`,
    notDone: ({ action, experimentId, why }) => `Could not ${action} experiment ${experimentId}: ${why}`,
    approvalNotPosted:
      'This needs a second person’s approval, but the app could not post the request in the step’s channel: invite the app there, then run the workflow again.',
    crashed: 'Something went wrong in the app while running this step; its logs have the details.',
  };
}
