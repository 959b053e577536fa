import { describe, expectTypeOf, it } from 'vitest';
import type { AccessRule } from './access-rule.js';
import type { HelpRequest } from './help-subcommand.js';
import type { ParsedCommand } from './parse-command.js';
import type { SubcommandDeclaration } from './subcommand.js';

type Show = { kind: 'show'; experimentId: number };
type Declaration = SubcommandDeclaration<Show>;
/** The fields a declaration may leave out. */
type OptionalKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? K : never }[keyof T];

describe('a subcommand declaration', () => {
  it('must say who may run it, whether it opens a modal or changes Home, its help and examples', () => {
    // Only the aliases may be left out: a declaration without an access rule does not compile.
    expectTypeOf<OptionalKeys<Declaration>>().toEqualTypeOf<'aliases'>();
    expectTypeOf<Omit<Declaration, 'access'>>().not.toExtend<Declaration>();
  });

  it('refuses a rule that is not one of the kinds the access gate decides', () => {
    expectTypeOf<{ kind: 'anyone' }>().not.toExtend<AccessRule<Show>>();
    expectTypeOf<{ kind: 'policy'; action: 'launch' }>().not.toExtend<AccessRule<Show>>();
  });
});

describe('the parsed command', () => {
  it('is what the declarations parse to, and nothing else: no union is kept beside them', () => {
    type Kind = ParsedCommand['kind'];
    expectTypeOf<'help' | 'lifecycle' | 'stop' | 'stop-modal' | 'dict' | 'unschedule'>().toExtend<Kind>();
    expectTypeOf<'nope'>().not.toExtend<Kind>();
    // Each member is the declaring feature's own type, with its fields.
    expectTypeOf<Extract<ParsedCommand, { kind: 'help' }>>().toEqualTypeOf<HelpRequest>();
    expectTypeOf<Extract<ParsedCommand, { kind: 'unschedule' }>['action']>().toEqualTypeOf<
      'start' | 'stop' | 'archive' | 'unarchive' | undefined
    >();
  });
});
