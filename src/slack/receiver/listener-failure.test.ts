import type { ServerResponse } from 'node:http';
import type { Logger } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { listenerFailureAnswers } from '../listener-failure-answers.js';
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
const answers = () => listenerFailureAnswers(en);

describe('answerListenerFailure', () => {
  it("answers a slash command with the catalogue's line, ephemeral", () => {
    const { sent, response } = recordingResponse();
    const commandText = en.errors.listenerFailed;
    const kind = 'command';
    expect(answerListenerFailure({ error: new Error('boom'), logger, kind, response, answers })).toBe(true);
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body ?? '')).toEqual({ response_type: 'ephemeral', text: commandText });
    expect(commandText).toBe(
      'The app hit an internal problem before it could answer, so it did not act on this. Try again in a moment.',
    );
  });

  it('answers a modal submission by replacing the modal with a notice, not by closing it', () => {
    const { sent, response } = recordingResponse();
    const kind = 'view_submission';
    expect(answerListenerFailure({ error: new Error('boom'), logger, kind, response, answers })).toBe(true);
    const body = JSON.parse(sent.body ?? '');
    expect(body.response_action).toBe('update');
    expect(body.view.title.text).toBe(en.errors.listenerFailedTitle);
    expect(body.view.blocks[0].text.text).toBe(en.errors.listenerFailed);
  });

  it('answers a button with an empty 200', () => {
    const { sent, response } = recordingResponse();
    const kind = 'other';
    expect(answerListenerFailure({ error: new Error('boom'), logger, kind, response, answers })).toBe(true);
    expect(sent).toEqual({ status: 200, body: '' });
  });
});
