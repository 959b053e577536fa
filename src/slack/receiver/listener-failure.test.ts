import type { ServerResponse } from 'node:http';
import type { Logger } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { en } from '../messages/index.js';
import { answerListenerFailure } from './listener-failure.js';

/** The few parts of a response answerListenerFailure uses, recording what it wrote. */
function recordingResponse() {
  const sent: { status?: number; body?: string } = {};
  const response = {
    headersSent: false,
    writeHead: (status: number) => {
      sent.status = status;
    },
    end: (body?: string) => {
      sent.body = body;
    },
  };
  return { sent, response: response as Partial<ServerResponse> as ServerResponse };
}

const logger = { error: () => undefined } as Partial<Logger> as Logger;

describe('answerListenerFailure', () => {
  it("answers a slash command with the catalogue's line, ephemeral", () => {
    const { sent, response } = recordingResponse();
    const commandText = en.errors.listenerFailed;
    const isCommand = true;
    expect(
      answerListenerFailure({ error: new Error('boom'), logger, isCommand, response, commandText }),
    ).toBe(true);
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body ?? '')).toEqual({ response_type: 'ephemeral', text: commandText });
    expect(commandText).toBe(
      'The app hit an internal problem before it could answer, so it did not act on this. Try again in a moment.',
    );
  });

  it('answers anything else with an empty 200', () => {
    const { sent, response } = recordingResponse();
    const commandText = en.errors.listenerFailed;
    const isCommand = false;
    expect(
      answerListenerFailure({ error: new Error('boom'), logger, isCommand, response, commandText }),
    ).toBe(true);
    expect(sent).toEqual({ status: 200, body: '' });
  });
});
