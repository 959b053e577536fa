import type { ServerResponse } from 'node:http';
import type { Logger } from '@slack/bolt';

/**
 * A listener failed before it acked: never a 500 (Slack shows "failed with error 500" and retries
 * Events API deliveries). Authorization failures get Bolt's 401; anything else is answered 200,
 * with a line for the person when it was a slash command (which shows a response body).
 */
export function answerListenerFailure(args: {
  error: unknown;
  logger: Logger;
  /** A slash command's request (a form without a payload, by its Content-Type). */
  isCommand: boolean;
  response: ServerResponse;
  /** The line a slash command shows (from the message catalogue). */
  commandText: string;
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
  });
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(
    args.isCommand
      ? JSON.stringify({
          response_type: 'ephemeral',
          text: args.commandText,
        })
      : '',
  );
  return true;
}
