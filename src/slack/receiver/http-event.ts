import type { ServerResponse } from 'node:http';
import {
  type BufferedIncomingMessage,
  HTTPModuleFunctions,
  HTTPResponseAck,
  type Logger,
  type ReceiverEvent,
} from '@slack/bolt';
import { preparedJsonOf } from '../prepared-ack.js';

/**
 * The event Bolt's App processes for an accepted request, acked as Bolt's HTTPReceiver acks it (its
 * HTTPResponseAck: the response leaves at ack(), before the work after it), and that ack, for
 * answering a listener that failed before it acked.
 */
export function httpReceiverEvent(input: {
  request: BufferedIncomingMessage;
  body: Record<string, unknown>;
  response: ServerResponse;
  logger: Logger;
  customProperties: Record<string, unknown>;
}): { event: ReceiverEvent; ack: HTTPResponseAck } {
  const { request, body, response } = input;
  const ack = new HTTPResponseAck({
    logger: input.logger,
    processBeforeResponse: false,
    httpRequest: request,
    httpRequestBody: body,
    httpResponse: response,
  });
  const send = ack.bind();
  const event: ReceiverEvent = {
    body,
    ack: (reply?: unknown) => {
      // A reply serialised once (prepared-ack.ts) goes as its text, still answered as JSON.
      const json = preparedJsonOf(reply);
      if (json === undefined) return send(reply);
      if (!response.headersSent) response.setHeader('content-type', 'application/json');
      return send(json);
    },
    retryNum: HTTPModuleFunctions.extractRetryNumFromHTTPRequest(request),
    retryReason: HTTPModuleFunctions.extractRetryReasonFromHTTPRequest(request),
    customProperties: input.customProperties,
  };
  return { event, ack };
}
