import type { ServerResponse } from 'node:http';
import {
  type BufferedIncomingMessage,
  HTTPModuleFunctions,
  HTTPResponseAck,
  type Logger,
  type ReceiverEvent,
} from '@slack/bolt';

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
  const event: ReceiverEvent = {
    body,
    ack: ack.bind(),
    retryNum: HTTPModuleFunctions.extractRetryNumFromHTTPRequest(request),
    retryReason: HTTPModuleFunctions.extractRetryReasonFromHTTPRequest(request),
    customProperties: input.customProperties,
  };
  return { event, ack };
}
