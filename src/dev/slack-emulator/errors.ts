/** waitFor gave up: the state it polled for never appeared. */
export class WaitForTimeoutError extends Error {
  override readonly name = 'WaitForTimeoutError';
  constructor(
    message: string,
    readonly timeoutMs: number,
  ) {
    super(message);
  }
}

/** The driver was asked to act on an element the message or view does not contain. */
export class ActionNotFoundError extends Error {
  override readonly name = 'ActionNotFoundError';
  constructor(
    readonly actionId: string,
    readonly where: string,
  ) {
    super(`no element with action_id "${actionId}" in ${where}`);
  }
}

/** The driver was asked to act on a view that is not open in the emulator. */
export class ViewNotOpenError extends Error {
  override readonly name = 'ViewNotOpenError';
  constructor(readonly viewId: string) {
    super(`view ${viewId} is not open in the emulator`);
  }
}

/** submitView was given values for a block that is not an input block of the view. */
export class ViewBlockNotFoundError extends Error {
  override readonly name = 'ViewBlockNotFoundError';
  constructor(
    readonly viewId: string,
    readonly blockId: string,
  ) {
    super(`view ${viewId} has no input block "${blockId}"`);
  }
}

/**
 * Slack would refuse what a person tried in its client (post, invite): `code` is the error Slack's
 * API gives for it, the message says it plainly.
 */
export class PersonActionRefusedError extends Error {
  override readonly name = 'PersonActionRefusedError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
