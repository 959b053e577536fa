import { describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import {
  SplitterApiError,
  SplitterConnectionError,
  SplitterRequestError,
  SplitterResponseError,
  SplitterTimeoutError,
} from '../../splitter/errors.js';
import { GetFeaturesByTagRequest } from '../../splitter/schemas.js';
import { texts } from '../dictionaries/page.test-helper.js';
import { en } from '../messages/index.js';
import { splitterErrorMessage } from './error-messages.js';

function reply(error: unknown): string {
  const message = splitterErrorMessage(error, { messages: en });
  expectWithinBlockKitLimits({ kind: 'message', ...message });
  expect(JSON.stringify(message)).not.toContain('<!channel>');
  return texts(message.blocks).join('\n');
}

const lookup = 'getFeaturesByTag' as const;
const expose = 'exposeManyV2' as const;

describe('splitterErrorMessage', () => {
  it('shows kind and message of an API error, escaped', () => {
    const error = new SplitterApiError(`<!channel> bad tag ${'x'.repeat(3000)}`, {
      method: lookup,
      status: 400,
      kind: 'bad_<request>',
      body: '{}',
    });
    const text = reply(error);
    expect(text).toContain(
      'The splitter refused the lookup (HTTP 400, kind `bad<!date^00000000^{_}|_>&lt;request&gt;`). Details:',
    );
    expect(text).toContain('```&lt;!channel&gt; bad tag xxx');
    expect(text).not.toContain('x'.repeat(600));
    expect(
      reply(new SplitterApiError('nope', { method: expose, status: 400, kind: undefined, body: '' })),
    ).toContain('The splitter refused the exposure (HTTP 400): nothing was registered.');
    expect(
      reply(new SplitterApiError('boom', { method: expose, status: 500, kind: 'internal', body: '' })),
    ).toContain('whether the exposure was registered is unknown');
  });

  it('says whether an exposure outcome is unknown after a timeout', () => {
    const timeout = (method: typeof lookup | typeof expose, outcomeUnknown: boolean) =>
      reply(new SplitterTimeoutError('t', { method, phase: 'headers', outcomeUnknown }));
    expect(timeout(expose, true)).toBe(
      'The splitter did not answer in time: whether the exposure was registered is unknown. Check the experiment before retrying.',
    );
    expect(timeout(expose, false)).toBe('The splitter did not answer in time: nothing was registered.');
    expect(timeout(lookup, false)).toBe('The splitter did not answer in time. Try again later.');
  });

  it('explains connection failures, with the code', () => {
    const connection = (method: typeof lookup | typeof expose, outcomeUnknown: boolean) =>
      reply(new SplitterConnectionError('c', { method, code: 'ECONNREFUSED', outcomeUnknown }));
    expect(connection(lookup, false)).toBe('Could not reach the splitter (`ECONNREFUSED`). Try again later.');
    expect(connection(expose, false)).toBe(
      'Could not reach the splitter (`ECONNREFUSED`): nothing was registered.',
    );
    expect(connection(expose, true)).toContain('The connection to the splitter was lost (`ECONNREFUSED`)');
    expect(connection(expose, true)).toContain('is unknown');
  });

  it('explains an unreadable answer', () => {
    expect(reply(new SplitterResponseError('r', { method: lookup, status: 200, body: '<html>' }))).toBe(
      'The splitter answered (HTTP 200) with something the bot could not read.',
    );
    expect(reply(new SplitterResponseError('r', { method: expose, status: 200, body: '<html>' }))).toContain(
      'whether the exposure was registered is unknown',
    );
  });

  it('lists validation issues of a refused request, escaped', () => {
    const parsed = GetFeaturesByTagRequest.safeParse({ tag: '', platform: { id: 1.5 }, participant: {} });
    if (parsed.success) throw new Error('expected issues');
    const text = reply(
      new SplitterRequestError('<!channel>', { method: lookup, issues: parsed.error.issues }),
    );
    expect(text).toMatch(/^The request was refused before reaching the splitter: tag: .+; platform\.id: .+/);
    expect(text).toContain('Nothing was sent.');
  });

  it('falls back to an unexpected-error sentence for anything else', () => {
    expect(reply(new Error('<!channel>'))).toBe(
      'Something went wrong while asking the splitter. Nothing changed.',
    );
  });
});
