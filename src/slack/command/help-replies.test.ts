import { describe, expect, it } from 'vitest';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import type { SlackMessage } from '../blocks/message.js';
import { en } from '../messages/index.js';
import { preparedJsonOf } from '../prepared-ack.js';
import { ackWith } from './command-context.js';
import { helpMessage, invalidCommandMessage, unknownCommandMessage } from './help-replies.js';
import { parseCommand } from './parse-command.js';

const messages = en;

function invalidReply(text: string): SlackMessage {
  const parsed = parseCommand(text);
  if (parsed.kind !== 'invalid') throw new Error(`expected invalid for ${text}`);
  const message = invalidCommandMessage({ parsed, messages });
  expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
  return message;
}

describe('helpMessage', () => {
  it('lists every command with examples, within limits', () => {
    const message = helpMessage({ messages });
    expect(checkBlockKitLimits({ kind: 'message', ...message })).toEqual([]);
    const all = JSON.stringify(message.blocks);
    for (const usage of [
      '/exp start ID',
      '/exp stop ID REASON',
      '/exp dict',
      '/exp create',
      '/exp edit ID',
      '/exp features',
    ]) {
      expect(all).toContain(usage);
    }
    expect(all).toContain('`/exp stop 123 bug Wrong traffic split on iOS`');
    expect(message.text).toContain('/exp start ID');
  });

  it('is acked as a body serialised once, whatever the sandbox notice', async () => {
    const acked: unknown[] = [];
    const ack = async (body?: Record<string, unknown>) => {
      acked.push(body);
    };
    await ackWith(ack, { messages, sandboxNotice: false })(helpMessage({ messages }));
    await ackWith(ack, { messages, sandboxNotice: false })(helpMessage({ messages }));
    expect(acked[1]).toBe(acked[0]);
    expect(preparedJsonOf(acked[0])).toBe(
      JSON.stringify({ response_type: 'ephemeral', ...helpMessage({ messages }) }),
    );
    // With the sandbox's notice the reply is another message, serialised at its ack.
    await ackWith(ack, { messages, sandboxNotice: true })(helpMessage({ messages }));
    expect(preparedJsonOf(acked[2])).toBeUndefined();
    expect(JSON.stringify(acked[2])).toContain('"block_id":"exp_sandbox_notice"');
  });
});

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
