import { describe, expect, it } from 'vitest';
import { createLogger, createMemoryLogger } from './logger.js';
import { redactSecrets } from './redact.js';

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0ZXN0In0.c2lnbmF0dXJl';

describe('redactSecrets', () => {
  it.each([
    [`token ${jwt} leaked`, 'token [redacted] leaked'],
    ['Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [redacted]'],
    ['bot xoxb-1234-5678-abcdef here', 'bot [redacted] here'],
    ['app xapp-1-A123-456-abc', 'app [redacted]'],
    ['nothing secret', 'nothing secret'],
  ])('masks %s', (input, expected) => {
    expect(redactSecrets(input)).toBe(expected);
  });

  it('masks extra secrets given by the caller, even without a known shape', () => {
    expect(redactSecrets('opaque-platform-token-42 in text', ['opaque-platform-token-42'])).toBe(
      '[redacted] in text',
    );
  });
});

describe('logger', () => {
  it('writes one JSON line per record with level filtering and child fields', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (l) => lines.push(l) }).child({ workspace: 'T1' });
    logger.debug('hidden');
    logger.info('shown', { experimentId: 3 });
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0] ?? '{}');
    expect(record).toMatchObject({ level: 'info', msg: 'shown', workspace: 'T1', experimentId: 3 });
  });

  it('never writes a token, whether in a message, a field or an error', () => {
    const logger = createMemoryLogger();
    logger.error(`failed with ${jwt}`, { header: `Bearer ${jwt}`, error: new Error(`echo ${jwt}`) });
    expect(logger.lines.join('\n')).not.toContain(jwt);
    expect(logger.lines.join('\n')).toContain('[redacted]');
  });
});
