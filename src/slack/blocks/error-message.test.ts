import { describe, expect, it } from 'vitest';
import {
  ConnectionError,
  ConsoleTimeoutError,
  ExperimentNotFoundError,
  InvalidRequestError,
  InvalidTokenError,
  MissingAuthError,
  ServerError,
  StatusConflictError,
  UnexpectedResponseError,
  UnexpectedStatusError,
  ValidationError,
} from '../../console/errors.js';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { en } from '../messages/index.js';
import { platformErrorMessage } from './error-message.js';
import type { SlackMessage } from './message.js';

const messages = en;
const base = { method: 'POST', path: '/api/console/experiments/v1/123/start' };
const lifecycle = { action: 'start' as const, experimentId: 123, messages };

function checked(message: SlackMessage): SlackMessage {
  expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
  return message;
}

describe('platformErrorMessage', () => {
  it('not found: names the experiment, nothing changed', () => {
    const error = new ExperimentNotFoundError('Experiment with id=123 was not found for action start', {
      ...base,
      status: 404,
      experimentId: 123,
      action: 'start',
    });
    expect(checked(platformErrorMessage(error, lifecycle)).text).toBe(
      'Experiment 123 was not found. Nothing changed.',
    );
    const bare = new ExperimentNotFoundError('x', {
      ...base,
      status: 404,
      experimentId: 55,
      action: undefined,
    });
    expect(platformErrorMessage(bare, { messages }).text).toContain('Experiment 55 was not found');
  });

  it('401 and 403 point at /exp connect', () => {
    expect(
      checked(platformErrorMessage(new MissingAuthError('x', { ...base, status: 401 }), lifecycle)).text,
    ).toBe(en.errors.notConnected);
    const invalid = platformErrorMessage(
      new InvalidTokenError('x', { ...base, status: 403 }),
      lifecycle,
    ).text;
    expect(invalid).toContain('invalid, expired or revoked. Nothing changed.');
    expect(invalid).toContain('`/exp connect`');
  });

  it('validation: quotes the platform text, escaped, truncated, in a code block', () => {
    const body = JSON.stringify({
      message: `Field <!channel> & <https://evil|x> is wrong ${'z'.repeat(2000)}`,
    });
    const message = checked(
      platformErrorMessage(new ValidationError('x', { ...base, status: 400, body }), { messages }),
    );
    expect(message.text).toContain('rejected the request as invalid (HTTP 400). Nothing changed.');
    const quote = JSON.stringify(message.blocks[1]);
    expect(quote).toContain('Field &lt;!channel&gt; &amp; &lt;https://evil|x&gt; is wrong');
    expect(quote).toContain('```');
    expect(quote).toContain('…');
    expect(message.text).not.toContain('<!channel>');
  });

  it('validation without a body says so without an empty quote', () => {
    const message = checked(
      platformErrorMessage(new ValidationError('x', { ...base, status: 400, body: '' }), { messages }),
    );
    expect(message.blocks).toHaveLength(1);
    expect(message.text).toBe('The platform rejected the request as invalid (HTTP 400). Nothing changed.');
  });

  it('server errors give the HTTP status; after a lifecycle POST or a save they leave the outcome unknown', () => {
    const failed = new ServerError('x', { ...base, status: 503 });
    expect(platformErrorMessage(failed, { messages }).text).toBe(
      'The platform failed (HTTP 503). Nothing changed.',
    );
    const afterSend = platformErrorMessage(failed, lifecycle).text;
    expect(afterSend).toBe(
      'The platform failed (HTTP 503) after receiving it: the outcome of *start* on experiment *123* is unknown — it may or may not have been applied. Check with `/exp show 123` before retrying.',
    );
    const save = platformErrorMessage(new ServerError('x', { ...base, status: 502 }), {
      messages,
      mutation: true,
      experimentId: 9,
    }).text;
    expect(save).toContain('is unknown');
    expect(save).not.toContain('Nothing changed');
  });

  it('timeouts: nothing changed on reads, outcome unknown on lifecycle POSTs', () => {
    const read = new ConsoleTimeoutError('x', { method: 'GET', path: '/d', outcomeUnknown: false });
    expect(platformErrorMessage(read, { messages }).text).toBe(
      'The platform did not answer in time. Nothing changed.',
    );
    const post = new ConsoleTimeoutError('x', { ...base, outcomeUnknown: true });
    const text = checked(platformErrorMessage(post, lifecycle)).text;
    expect(text).toBe(
      'The platform did not answer in time: the outcome of *start* on experiment *123* is unknown — it may or may not have been applied. Check with `/exp show 123` before retrying.',
    );
    expect(text).not.toContain('Nothing changed');
  });

  it('connection: refused means nothing changed, lost mid-request means unknown', () => {
    const refused = new ConnectionError('x', { ...base, outcomeUnknown: false });
    expect(platformErrorMessage(refused, lifecycle).text).toContain(
      'Could not reach the experiment platform. Nothing changed.',
    );
    const lost = new ConnectionError('x', { ...base, outcomeUnknown: true });
    const text = platformErrorMessage(lost, { action: 'stop', experimentId: 7, messages }).text;
    expect(text).toContain('the outcome of *stop* on experiment *7* is unknown');
  });

  it('status conflict (ephemeral form) shows the status escaped', () => {
    const error = new StatusConflictError('x', {
      ...base,
      status: 400,
      experimentId: 123,
      action: 'start',
      currentStatus: 'running <b>',
    });
    const text = checked(platformErrorMessage(error, { messages })).text;
    expect(text).toContain('*start* on experiment *123*');
    expect(text).toContain('`running &lt;b&gt;`');
  });

  it('unexpected answers never claim a lifecycle action failed', () => {
    const status = platformErrorMessage(
      new UnexpectedStatusError('x', { ...base, status: 409 }),
      lifecycle,
    ).text;
    expect(status).toContain('HTTP 409');
    expect(status).toContain('whether it was applied is unknown');
    expect(status).toContain('Check with `/exp show 123` before retrying');
    const body = platformErrorMessage(
      new UnexpectedResponseError('x', { ...base, status: 200 }),
      lifecycle,
    ).text;
    expect(body).toContain('could not be understood');
    expect(body).not.toContain('accepted');
    expect(body).toContain('Check with `/exp show 123` before retrying');
    const read = platformErrorMessage(new UnexpectedStatusError('x', { ...base, status: 302 }), {
      messages,
    }).text;
    expect(read).toContain('Nothing changed');
  });

  it('input refused before sending lists the issues, escaped', () => {
    const error = new InvalidRequestError('x', { ...base, issues: ['id must be positive', 'name <b>'] });
    expect(platformErrorMessage(error, { messages }).text).toContain('id must be positive; name &lt;b&gt;');
  });

  it('anything else is reported without claiming an outcome', () => {
    const text = checked(platformErrorMessage(new TypeError('boom <!here>'), lifecycle)).text;
    expect(text).toContain('outcome is unknown');
    expect(text).not.toContain('boom');
  });

  it('chooses by class, not by text', () => {
    const error = new ServerError('Experiment with id=1 was not found for action start', {
      ...base,
      status: 500,
    });
    expect(platformErrorMessage(error, lifecycle).text).toContain('HTTP 500');
  });
});
