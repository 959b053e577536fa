import type { SafeText } from '../blocks/escape.js';

/**
 * A slash command from a workspace the app's token does not serve (single-workspace modes). Other
 * requests get no text: buttons, forms and pickers are acked with nothing done, a workflow step
 * fails with the workflow steps' own reasons.
 */
export interface ServedWorkspaceMessages {
  /** The request names another workspace or organisation than the one the app is installed for. */
  otherWorkspace: SafeText;
  /** Slack could not say in time which workspace the app's token serves. */
  unconfirmed: SafeText;
}
