import { LogLevel } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../observability/logger.js';
import { toBoltLogger } from './bolt-logger.js';

describe('toBoltLogger', () => {
  it('joins variadic values into the message and keeps an Error as a serialised err', () => {
    const logger = createMemoryLogger('debug');
    const bolt = toBoltLogger(logger.child({ component: 'bolt' }));
    const cause = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    bolt.error('An API error occurred:', new Error('request failed', { cause }), {
      method: 'chat.postMessage',
    });
    bolt.debug('http request body:', { token: 'xoxb-1234-5678-abcdefgh', channel: 'C1' });
    const [error, debug] = logger.lines.map((line) => JSON.parse(line));
    expect(error).toMatchObject({
      level: 'error',
      component: 'bolt',
      msg: 'An API error occurred: {"method":"chat.postMessage"}',
      err: { message: 'request failed', cause: { message: 'socket hang up', code: 'ECONNRESET' } },
    });
    expect(error.err.stack).toMatch(/^Error: request failed\n\s+at /);
    expect(debug.msg).toBe('http request body: {"token":"[redacted]","channel":"C1"}');
  });

  it('names a lone Error in the message, and remembers the level Bolt sets', () => {
    const logger = createMemoryLogger('debug');
    const bolt = toBoltLogger(logger);
    bolt.warn(new TypeError('bad payload'));
    expect(JSON.parse(logger.lines[0] ?? '{}')).toMatchObject({
      msg: 'TypeError: bad payload',
      err: { type: 'TypeError', message: 'bad payload' },
    });
    bolt.setLevel(LogLevel.DEBUG);
    expect(bolt.getLevel()).toBe(LogLevel.DEBUG);
  });

  it('builds nothing for a level that is off', () => {
    const logger = createMemoryLogger('info');
    const bolt = toBoltLogger(logger);
    let read = 0;
    const body = {
      toJSON() {
        read += 1;
        return { channel: 'C1' };
      },
    };
    bolt.debug('http request body:', body);
    expect(read).toBe(0);
    expect(logger.lines).toEqual([]);
    bolt.info('http request body:', body);
    expect(read).toBe(1);
    expect(JSON.parse(logger.lines[0] ?? '{}').msg).toBe('http request body: {"channel":"C1"}');
  });
});
