import { describe, expect, it } from 'vitest';
import { parseAuditArgs } from './parse-audit.js';

describe('/exp audit arguments', () => {
  it.each([
    [[], {}],
    [['12'], { experimentId: 12 }],
    [['#12'], { experimentId: 12 }],
    [['--user', '<@U0ALICE|alice>'], { userId: 'U0ALICE' }],
    [['--user=<@U0ALICE>'], { userId: 'U0ALICE' }],
    [['user:U0ALICE'], { userId: 'U0ALICE' }],
    [['<@W0ALICE|alice>', '7'], { experimentId: 7, userId: 'W0ALICE' }],
    [['7', '--user', '<@U0ALICE>'], { experimentId: 7, userId: 'U0ALICE' }],
  ])('%j reads as %j', (args, query) => {
    expect(parseAuditArgs(args)).toEqual({ ok: true, query });
  });

  it.each([
    [['yesterday'], 'yesterday'],
    [['--user'], '--user'],
    [['--user', '@alice'], '@alice'],
    [['1', '2'], '2'],
    [['0'], '0'],
    [['<@U0A>', '<@U0B>'], '<@U0B>'],
    [['<!here>'], '<!here>'],
  ])('%j is refused, naming %j', (args, word) => {
    expect(parseAuditArgs(args)).toEqual({ ok: false, word });
  });
});
