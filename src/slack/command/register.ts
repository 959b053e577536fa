import type { CommandHandlers } from './handlers.js';
import { helpMessage, invalidCommandMessage, unknownCommandMessage } from './help-replies.js';

/** The subcommands the router answers itself: help, and words it could not use. */
export function registerHelp() {
  return {
    help: (ctx) => ctx.ack(helpMessage({ messages: ctx.deps.messages })),
    unknown: (ctx, parsed) => {
      const { messages } = ctx.deps;
      // The closest command first, then the whole usage: the person learns without a second try.
      const unknown = unknownCommandMessage({ word: parsed.word, suggestion: parsed.suggestion, messages });
      const help = helpMessage({ messages });
      return ctx.ack({ text: unknown.text, blocks: [...unknown.blocks, ...help.blocks] });
    },
    invalid: (ctx, parsed) => ctx.ack(invalidCommandMessage({ parsed, messages: ctx.deps.messages })),
  } satisfies Pick<CommandHandlers, 'help' | 'unknown' | 'invalid'>;
}
