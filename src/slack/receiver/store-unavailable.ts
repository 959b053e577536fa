import type { ServerResponse } from 'node:http';
import type { Logger } from '@slack/bolt';
import type { ModalView } from '@slack/types';
import type { SlackBody } from '../payload-shape.js';

/** What a request is told when its replay claim could not be made (the catalogue's words). */
export interface StoreUnavailableWords {
  /** The line of a message (mrkdwn): a command's answer, a reply to a click. */
  text: string;
  /** The same line as plain text, for a modal's field error. */
  plain: string;
  /** The view that replaces a submitted modal with no input to carry the line. */
  notice: ModalView;
}

/** POSTs a message to a payload's response_url; throws when it is not delivered. */
export type RespondTo = (responseUrl: string, message: Record<string, unknown>) => Promise<void>;

export interface UnclaimedRequest {
  slack: SlackBody;
  response: ServerResponse;
  error: unknown;
  /** The words in the person's language, as far as what was read ahead for the request says. */
  words: () => Promise<StoreUnavailableWords>;
  respond: RespondTo;
  logger: Logger;
}

/**
 * A signed request whose replay claim the store could not make: nothing of it reaches Bolt, since
 * a retry once the store is back would be claimed afresh and act a second time. Each surface is
 * told as honestly as it can be without acting, within Slack's 3 seconds:
 * - a slash command: 200 with an ephemeral line (Slack shows a command's answer to its person);
 * - an Events API event (a workflow step among them): 503, so Slack delivers it again later, with
 *   the same body, which is then claimed and acted on once;
 * - a click: 200, then the line as an ephemeral reply through its response_url; a click with none
 *   (a button in a modal or on the Home tab) is answered 503, which Slack shows on the button as a
 *   failure;
 * - a modal's submission: the line as the error of its first input, the modal left open with what
 *   the person typed (an empty 200 would close it as if it had been done); a modal with no input
 *   is replaced by a notice saying it;
 * - anything else (a modal closed): 200, with no one to tell.
 */
export async function answerUnclaimed(request: UnclaimedRequest): Promise<void> {
  const { slack, response, logger } = request;
  logger.warn('a signed request was refused: its replay claim could not be made', {
    source: slack.source,
    error: request.error instanceof Error ? request.error.message : String(request.error),
  });
  if (slack.source === 'event') return send(response, 503, undefined);
  const words = await request.words();
  if (slack.source === 'command')
    return send(response, 200, { response_type: 'ephemeral', text: words.text });
  switch (slack.body.type) {
    case 'view_submission':
      return send(response, 200, modalAnswer(slack.body, words));
    case 'block_actions':
      return answerClick(request, words);
    default:
      return send(response, 200, undefined);
  }
}

async function answerClick(request: UnclaimedRequest, words: StoreUnavailableWords): Promise<void> {
  const responseUrl = request.slack.body.response_url;
  if (typeof responseUrl !== 'string') return send(request.response, 503, undefined);
  send(request.response, 200, undefined);
  try {
    await request.respond(responseUrl, {
      response_type: 'ephemeral',
      replace_original: false,
      text: words.text,
    });
  } catch (error) {
    request.logger.warn('could not say through the response_url that the store is unavailable', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The first input block of the submitted view: the one field whose error Slack shows. */
function modalAnswer(body: Record<string, unknown>, words: StoreUnavailableWords): Record<string, unknown> {
  const view = body.view as { blocks?: unknown } | undefined;
  const blocks = Array.isArray(view?.blocks) ? (view.blocks as { type?: unknown; block_id?: unknown }[]) : [];
  const input = blocks.find((block) => block.type === 'input' && typeof block.block_id === 'string');
  return typeof input?.block_id === 'string'
    ? { response_action: 'errors', errors: { [input.block_id]: words.plain } }
    : { response_action: 'update', view: words.notice };
}

function send(response: ServerResponse, status: 200 | 503, json: Record<string, unknown> | undefined): void {
  if (response.headersSent) return;
  if (json === undefined) {
    response.writeHead(status);
    response.end();
    return;
  }
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(json));
}
