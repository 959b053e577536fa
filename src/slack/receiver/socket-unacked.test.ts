import { App, LogLevel } from '@slack/bolt';
import type { SocketModeClient } from '@slack/socket-mode';
import { describe, expect, it } from 'vitest';
import { listenerFailureAnswers } from '../listener-failure-answers.js';
import { en } from '../messages/index.js';
import { silentLogger } from './silent-logger.test-helper.js';
import { SlackSocketReceiver } from './socket-receiver.js';

// Over Socket Mode as over HTTP (unacked-failure.test.ts): a listener that throws before its ack,
// with an error handler that returns, still gets its envelope acked with what the person sees.
// The envelope comes as @slack/socket-mode's client emits it ('slack_event' with its ack).

function receiverWithFailingListeners() {
  const receiver = new SlackSocketReceiver({
    appToken: 'xapp-test',
    clientOptions: {},
    routes: { get: {}, post: {} },
    routesPort: 0,
    logger: silentLogger,
    listenerFailureAnswers: () => listenerFailureAnswers(en),
  });
  const app = new App({
    receiver,
    authorize: async () => ({ botToken: 'xoxb-test', botId: 'B1', botUserId: 'U1' }),
    logLevel: LogLevel.ERROR,
  });
  app.view('exp_form', async () => {
    throw new Error('failed before its ack');
  });
  app.error(async () => undefined);
  // The socket client is the receiver's own; its events are what Slack's socket delivers.
  const client = (receiver as unknown as { client: SocketModeClient }).client;
  return { client };
}

describe('Socket Mode: a listener that throws before its ack', () => {
  it('acks a modal submission with the notice, once', async () => {
    const { client } = receiverWithFailingListeners();
    const acks: unknown[] = [];
    let done: () => void = () => {};
    const acked = new Promise<void>((resolve) => {
      done = resolve;
    });
    const view = { id: 'V1', type: 'modal', callback_id: 'exp_form', state: { values: {} } };
    client.emit('slack_event', {
      body: { type: 'view_submission', team: { id: 'T1' }, user: { id: 'U1' }, view },
      ack: async (response?: unknown) => {
        acks.push(response);
        done();
      },
    });
    await acked;
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({
      response_action: 'update',
      view: { title: { text: en.errors.listenerFailedTitle } },
    });
  });
});
