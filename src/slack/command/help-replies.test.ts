import { describe, expect, it } from 'vitest';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { en } from '../messages/index.js';
import { invalidCommandMessage, unknownCommandMessage } from './help-replies.js';
import { parseCommand } from './parse-command.js';

const messages = en;

function invalidReply(text: string): SlackMessage {
  const parsed = parseCommand(text);
  if (parsed.kind !== 'invalid') throw new Error(`expected invalid for ${text}`);
  const message = invalidCommandMessage({ parsed, messages });
  expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
  return message;
}

describe('unknownCommandMessage', () => {
  it('suggests the closest command and escapes what was typed', () => {
    const message = unknownCommandMessage({ word: 'strat', suggestion: 'start', messages });
    expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
    expect(message.text).toContain('did you mean `/exp start`?');
    const hostile = unknownCommandMessage({
      word: `<!channel>${'x'.repeat(500)}`,
      suggestion: undefined,
      messages,
    });
    expect(hostile.text).toContain('`&lt;!channel&gt;');
    expect(hostile.text).not.toContain('<!channel>');
    expect(hostile.text).not.toContain('x'.repeat(100));
    expect(hostile.text).toContain('`/exp help`');
  });
});

describe('invalidCommandMessage', () => {
  it('explains a bad id with what was typed', () => {
    expect(invalidReply('start abc').text).toBe('Experiment ids are positive integers: got `abc`.');
    expect(invalidReply('start <@U1>').text).toContain('got `&lt;@U1&gt;`');
  });

  it('explains a missing id with an example', () => {
    expect(invalidReply('archive').text).toContain('`/exp archive 123`');
  });

  it('explains reasons', () => {
    expect(invalidReply('stop 4 because').text).toContain('Unknown stop reason `because`');
  });

  it('refuses extra arguments', () => {
    expect(invalidReply('start 1 2').text).toContain('unexpected `2`');
  });
});
