import { describe, expect, it } from 'vitest';
import { DICTIONARY_DESCRIPTIONS } from '../../console/dictionaries/names.js';
import { DICTIONARY_NAMES } from '../../console/types.js';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { en } from '../messages/index.js';
import { dictListMessage, dictUnknownNameMessage } from './list.js';
import { texts } from './page.test-helper.js';

const messages = en;

describe('dictListMessage', () => {
  it('lists the eleven dictionaries, one line each, with description and example', () => {
    const reply = dictListMessage({ messages });
    expectWithinBlockKitLimits({ kind: 'message', ...reply });
    const list = reply.blocks.find((b) => b.block_id === 'exp_dict_list');
    const lines = texts(list ? [list] : [])
      .join('')
      .split('\n');
    expect(lines).toHaveLength(11);
    DICTIONARY_NAMES.forEach((name, i) => {
      expect(lines[i]).toBe(`• \`${name}\`: ${DICTIONARY_DESCRIPTIONS[name]} \`/exp dict ${name}\``);
    });
    const all = texts(reply.blocks).join('\n');
    expect(all).toContain('`/exp dict layers --refresh`');
    expect(reply.text).toContain('participant-lists');
  });
});

describe('dictUnknownNameMessage', () => {
  it('suggests the nearest dictionary and escapes what was typed', () => {
    const reply = dictUnknownNameMessage({ input: 'layres', suggestion: 'layers', messages });
    expectWithinBlockKitLimits({ kind: 'message', ...reply });
    expect(reply.text).toBe(
      'There is no dictionary `layres`. Did you mean `/exp dict layers`? `/exp dict` lists them all.',
    );
    const hostile = dictUnknownNameMessage({
      input: `<!channel>${'x'.repeat(500)}`,
      suggestion: undefined,
      messages,
    });
    expectWithinBlockKitLimits({ kind: 'message', ...hostile });
    expect(hostile.text).toContain('`&lt;!channel&gt;');
    expect(hostile.text).not.toContain('<!channel>');
    expect(hostile.text).not.toContain('x'.repeat(100));
    expect(hostile.text).toContain('`/exp dict` lists them all.');
  });
});
