import { describe, expect, it } from 'vitest';
import { parseAlertActions } from './parse-alert-actions.js';

describe('parseAlertActions', () => {
  it.each([
    [[], { ok: true, actions: undefined }],
    [['all'], { ok: true, actions: 'all' }],
    [['stop', 'ALL'], { ok: true, actions: 'all' }],
    [['edit', 'stop', 'Stop'], { ok: true, actions: ['stop', 'edit'] }],
    [['stop,archive'], { ok: true, actions: ['stop', 'archive'] }],
    [['start,', ',unarchive', 'create'], { ok: true, actions: ['start', 'unarchive', 'create'] }],
    [['stop', 'launch', 'launch', '<!here>'], { ok: false, unknown: ['launch', '<!here>'] }],
    [['all', 'nope'], { ok: false, unknown: ['nope'] }],
  ])('%j → %j', (args, expected) => {
    expect(parseAlertActions(args)).toEqual(expected);
  });
});
