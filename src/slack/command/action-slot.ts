import type { Context } from '@slack/bolt';
import type { SlackDeps } from '../deps.js';
import { scopeOf } from '../request-scope.js';

// A lifecycle command takes one of the process's action slots before its ack, so that a command
// past the bound is refused in the ack itself. Refused any later, the refusal would be one more
// response_url post per command: in a flood (or with Slack slow to take them) those posts would
// pile up in memory without bound.
// The slot lives in the request's scope until the handler that runs the action claims it; whatever
// path does not (an access refusal, an approval request, an error) gives it back.

/** Takes a slot of `workspace` (its key) for this request; false past the bound. */
export function takeCommandSlot(
  deps: Pick<SlackDeps, 'actionSlots'>,
  context: Context,
  workspace: string,
): boolean {
  if (!deps.actionSlots.tryTake(workspace)) return false;
  scopeOf(context).slot = { state: 'held', workspace };
  return true;
}

/** The handler that runs the action takes the slot over (and gives it back itself); false if none was taken. */
export function claimCommandSlot(context: Context): boolean {
  const { slot } = scopeOf(context);
  if (slot?.state !== 'held') return false;
  slot.state = 'claimed';
  return true;
}

/** Gives the slot back unless a handler claimed it. */
export function releaseCommandSlot(deps: Pick<SlackDeps, 'actionSlots'>, context: Context): void {
  const scope = scopeOf(context);
  if (scope.slot?.state !== 'held') return;
  const { workspace } = scope.slot;
  scope.slot = undefined;
  deps.actionSlots.give(workspace);
}
