import type { SlackMessage } from './blocks/message.js';

/**
 * Replies that are the same for everyone who reads one language (the `/exp help`), acked without
 * being serialised again for every request: their ephemeral ack body and its JSON are made once.
 * Bolt's HTTP ack stringifies an object body on each call, a large share of the help's work.
 *
 * A prepared body is still the plain object: Socket Mode and any receiver that does not know this
 * module send it as before. The HTTP receiver sends its text (`preparedJsonOf`).
 */
const constantReplies = new WeakSet<SlackMessage>();
const ackBodies = new WeakMap<SlackMessage, Readonly<Record<string, unknown>>>();
const preparedJson = new WeakMap<object, string>();

/** Marks a frozen reply as constant: its ack body is built and serialised at its first ack. */
export function constantReply<T extends SlackMessage>(reply: T): T {
  if (!Object.isFrozen(reply)) throw new Error('a constant reply must be frozen');
  constantReplies.add(reply);
  return reply;
}

/** The ephemeral ack body of a reply: made once for a constant reply, a new object otherwise. */
export function ephemeralAckBody(reply: SlackMessage): Record<string, unknown> {
  if (!constantReplies.has(reply)) return { response_type: 'ephemeral', ...reply };
  let body = ackBodies.get(reply);
  if (!body) {
    body = Object.freeze({ response_type: 'ephemeral', ...reply });
    preparedJson.set(body, JSON.stringify(body));
    ackBodies.set(reply, body);
  }
  return body;
}

/** The JSON of a prepared ack body, undefined for any other. */
export function preparedJsonOf(body: unknown): string | undefined {
  return body !== null && typeof body === 'object' ? preparedJson.get(body) : undefined;
}
