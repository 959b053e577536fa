import { describe, expect, it } from 'vitest';
import { en } from '../messages/index.js';
import { readCommand } from './parse-command.js';
import { documentedHelpKeys, SUBCOMMAND_DECLARATIONS } from './subcommands.js';

const at = { channelId: 'C1', messages: en };

describe('the declared /exp subcommands', () => {
  it('answer to distinct lower-case words', () => {
    const words = SUBCOMMAND_DECLARATIONS.flatMap((declared) => [declared.name, ...declared.aliases]);
    expect(new Set(words).size).toBe(words.length);
    for (const word of words) expect(word).toBe(word.toLowerCase());
  });

  it('document themselves with every line of the help, none left over', () => {
    const lines = en.help.commands.map((entry) => entry.key);
    expect(new Set(lines).size).toBe(lines.length);
    expect([...documentedHelpKeys()].sort()).toEqual([...lines].sort());
  });

  it('check access before the ack exactly for the forms they open', () => {
    const modal = (text: string) => readCommand(text).opensModal;
    for (const text of ['stop 3', 'create', 'edit 3', 'connect', 'login'])
      expect(modal(text), text).toBe(true);
    for (const text of ['stop 3 bug', 'start 3', 'expose a 1 user:1', 'policy set start nobody', 'hooks'])
      expect(modal(text), text).toBe(false);
  });

  it('refresh the Home tab after what it shows', () => {
    const home = SUBCOMMAND_DECLARATIONS.filter((declared) =>
      declared.examples.some((example) => readCommand(example).changesHome),
    ).map((declared) => declared.name);
    expect(home.sort()).toEqual(
      [
        'subscribe',
        'unsubscribe',
        'follow',
        'unfollow',
        'disconnect',
        'logout',
        'policy',
        'hooks',
        'language',
      ].sort(),
    );
  });

  it('name the access target each request needs', () => {
    expect(readCommand('start 3').access(at)).toEqual({
      kind: 'policy',
      action: 'start',
      channelId: 'C1',
      experimentId: 3,
    });
    expect(readCommand('stop 3').access(at)).toMatchObject({
      kind: 'policy',
      action: 'stop',
      experimentId: 3,
    });
    expect(readCommand('create').access(at)).toEqual({
      kind: 'policy',
      action: 'create',
      channelId: 'C1',
      experimentId: undefined,
    });
    expect(readCommand('subscribe').access(at)).toMatchObject({ kind: 'policy', action: 'subscribe' });
    expect(readCommand('unsubscribe').access(at)).toMatchObject({ kind: 'policy', action: 'subscribe' });
    expect(readCommand('policy').access(at)).toEqual({ kind: 'read' });
    expect(readCommand('policy set start nobody').access(at)).toEqual({
      kind: 'admin',
      action: 'policy',
      refusal: en.policy.adminOnly,
    });
    expect(readCommand('token').access(at)).toEqual({
      kind: 'admin',
      action: 'token',
      refusal: en.connection.adminOnly,
    });
    for (const text of ['login', 'logout', 'follow', 'unfollow 3'])
      expect(readCommand(text).access(at), text).toEqual({ kind: 'self' });
    for (const text of [
      '',
      'show 3',
      'list',
      'dict',
      'features a 1 user:1',
      'whoami',
      'subscriptions',
      'start x',
      'nope',
    ])
      expect(readCommand(text).access(at), text).toEqual({ kind: 'read' });
  });
});
