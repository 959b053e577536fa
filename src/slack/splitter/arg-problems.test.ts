import { describe, expect, it } from 'vitest';
import { en, ru } from '../messages/index.js';
import { argsProblemText, platformWarningText } from './arg-problems.js';
import { parseSplitterArgs, type SplitterArgsProblem } from './args.js';

function problemOf(args: readonly string[]): SplitterArgsProblem {
  const parsed = parseSplitterArgs(args);
  if (parsed.ok || parsed.problem === undefined) throw new Error(`expected a problem for ${args.join(' ')}`);
  return parsed.problem;
}

const KNOWN = '1 Desktop, 4 iOS, 5 Android, 6 Mobile';
const USE_EN = 'Use `user:ID` (a positive integer), `visitor:ID`, or a bare user id.';
const USE_RU = 'Укажите `user:ID` (целое положительное число), `visitor:ID` или просто id пользователя.';

describe('argsProblemText', () => {
  it.each([
    [['a', 'ios', '1', 'extra'], 'Expected three words, got 4.', 'Нужно ровно три слова, а их 4.'],
    [
      ['a', 'tv', '1'],
      `"tv" is not a platform. Use a name or id: ${KNOWN}.`,
      `«tv» — не платформа. Укажите название или id: ${KNOWN}.`,
    ],
    [['a', 'ios', 'user:x'], `"x" is not a user id. ${USE_EN}`, `«x» — не id пользователя. ${USE_RU}`],
    [['a', 'ios', 'visitor:'], `The visitor id is empty. ${USE_EN}`, `Пустой id посетителя. ${USE_RU}`],
    [
      ['a', 'ios', 'bob'],
      `"bob" is not a participant. ${USE_EN}`,
      `Не удалось понять участника «bob». ${USE_RU}`,
    ],
  ])('words %j for an English and a Russian reader', (args, english, russian) => {
    const problem = problemOf(args);
    expect(argsProblemText(problem, en)).toBe(english);
    expect(argsProblemText(problem, ru)).toBe(russian);
  });

  it('words the kinds that cannot come from three typed words', () => {
    expect(argsProblemText({ kind: 'no-platform' }, en)).toBe(`Give a platform: ${KNOWN}.`);
    expect(argsProblemText({ kind: 'no-platform' }, ru)).toBe(
      `Не указана платформа. Подойдёт одна из: ${KNOWN}.`,
    );
    expect(argsProblemText({ kind: 'no-participant' }, en)).toBe(`Give a participant. ${USE_EN}`);
    expect(argsProblemText({ kind: 'no-participant' }, ru)).toBe(`Не указан участник. ${USE_RU}`);
    expect(argsProblemText({ kind: 'invalid-participant' }, en)).toBe(
      `That participant is not valid. ${USE_EN}`,
    );
    expect(argsProblemText({ kind: 'invalid-participant' }, ru)).toBe(
      `Такой участник не подходит. ${USE_RU}`,
    );
  });

  it('escapes and shortens what was typed', () => {
    const problem = problemOf(['a', 'ios', `<!here>${'x'.repeat(500)}`]);
    for (const messages of [en, ru]) {
      const text = argsProblemText(problem, messages);
      expect(text).toContain('&lt;!here&gt;');
      expect(text).not.toContain('<!here>');
      expect(text).toContain('x…');
      expect(text).not.toContain('x'.repeat(41));
    }
  });
});

describe('platformWarningText', () => {
  it('names the known platforms in both languages', () => {
    const warning = { kind: 'unknown-platform-id', id: 9 } as const;
    expect(platformWarningText(warning, en)).toBe(
      `Platform id 9 is not one of ${KNOWN}; behaviour for other ids is not shown by the platform.`,
    );
    expect(platformWarningText(warning, ru)).toBe(
      `Платформы с id 9 нет среди известных (${KNOWN}): как сплиттер ведёт себя с другими id, платформа не описывает.`,
    );
  });
});
