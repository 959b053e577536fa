import type { ServerResponse } from 'node:http';
import type { Logger } from '@slack/bolt';

/** What a request whose listener failed before it acked is answered with, by the request's kind. */
export interface ListenerFailureAnswers {
  /** A slash command: an ephemeral line (Slack shows a command's response body). */
  command: Record<string, unknown>;
  /** A modal submission: the modal replaced by a notice (an empty answer would close it as saved). */
  view: Record<string, unknown>;
}

/** The kinds of request answered with a body; anything else gets an empty 200. */
export type AnsweredKind = 'command' | 'view_submission' | 'block_suggestion' | 'other';

/** The kind of an interaction payload or event body, for its failure answer. */
export function answeredKindOf(body: Record<string, unknown>, isCommand: boolean): AnsweredKind {
  if (isCommand) return 'command';
  if (body.type === 'view_submission' || body.type === 'block_suggestion') return body.type;
  return 'other';
}

/** The body a failed request is acked with, or undefined for an empty ack. */
export function failureAnswerOf(
  kind: AnsweredKind,
  answers: () => ListenerFailureAnswers,
): Record<string, unknown> | undefined {
  switch (kind) {
    case 'command':
      return answers().command;
    case 'view_submission':
      return answers().view;
    case 'block_suggestion':
      return { options: [] };
    default:
      return undefined;
  }
}

/** Named in the log when Bolt's error handler took a listener's error and nothing acked the request. */
export class ListenerNeverAckedError extends Error {
  constructor() {
    super('the listeners ended without acking the request');
    this.name = 'ListenerNeverAckedError';
  }
}

/**
 * A listener failed before it acked (it threw, or Bolt's error handler took its error and the
 * listeners ended unacked): never a 500 (Slack shows "failed with error 500" and retries Events API
 * deliveries) and never silence (Slack's generic error after 3 s). Authorization failures get Bolt's
 * 401; anything else is answered 200 with what its kind shows the person.
 */
export function answerListenerFailure(args: {
  error: unknown;
  logger: Logger;
  kind: AnsweredKind;
  response: ServerResponse;
  answers: () => ListenerFailureAnswers;
}): boolean {
  const { error, response, logger } = args;
  if (response.headersSent) return false;
  if (error instanceof Error && error.name === 'AuthorizationError') {
    response.writeHead(401);
    response.end();
    return true;
  }
  logger.error('a listener failed before answering', {
    error: error instanceof Error ? error.name : 'unknown',
    kind: args.kind,
  });
  const body = failureAnswerOf(args.kind, args.answers);
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(body === undefined ? '' : JSON.stringify(body));
  return true;
}
