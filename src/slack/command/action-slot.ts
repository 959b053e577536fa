import type { SlackDeps } from '../deps.js';

// A lifecycle command takes one of the process's action slots before its ack, so that a command
// past the bound is refused in the ack itself. Refused any later, the refusal would be one more
// response_url post per command: in a flood (or with Slack slow to take them) those posts would
// pile up in memory without bound.
// The slot lives in Bolt's per-request context until the handler that runs the action claims it;
// whatever path does not (an access refusal, an approval request, an error) gives it back.

const SLOT = 'expActionSlot';
const SLOT_WORKSPACE = 'expActionSlotWorkspace';

/** Takes a slot of `workspace` (its key) for this request; false past the bound. */
export function takeCommandSlot(
  deps: Pick<SlackDeps, 'actionSlots'>,
  context: Record<string, unknown>,
  workspace: string,
): boolean {
  if (!deps.actionSlots.tryTake(workspace)) return false;
  context[SLOT] = 'held';
  context[SLOT_WORKSPACE] = workspace;
  return true;
}

/** The handler that runs the action takes the slot over (and gives it back itself); false if none was taken. */
export function claimCommandSlot(context: Record<string, unknown>): boolean {
  if (context[SLOT] !== 'held') return false;
  context[SLOT] = 'claimed';
  return true;
}

/** Gives the slot back unless a handler claimed it. */
export function releaseCommandSlot(
  deps: Pick<SlackDeps, 'actionSlots'>,
  context: Record<string, unknown>,
): void {
  if (context[SLOT] !== 'held') return;
  context[SLOT] = undefined;
  deps.actionSlots.give(String(context[SLOT_WORKSPACE]));
}
