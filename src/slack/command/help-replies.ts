import { STOP_COMMENT_MAX, stopCommentLength } from '../../core/stop-reason.js';
import { type SafeText, safe } from '../blocks/escape.js';
import {
  context,
  fallbackText,
  message,
  type SlackMessage,
  section,
  textMessage,
} from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { BLOCKS } from '../ids.js';
import type { Messages } from '../messages/index.js';
import type { CommandContext } from './command-context.js';
import { helpMessage } from './help-message.js';
import { type HelpViewDeps, helpView } from './help-view.js';
import type { InvalidCommand, UnknownCommand } from './parse-args.js';
import type { DeclaredSubcommand } from './subcommand.js';

/** How much of an unknown word or a bad argument is echoed back. */
export const ECHO_MAX = 60;

export function unknownCommandMessage(input: {
  word: string;
  suggestion: string | undefined;
  messages: Messages;
}): SlackMessage {
  const text = input.messages.input.unknownCommand({
    word: safe(input.word, ECHO_MAX),
    suggestion: input.suggestion,
  });
  return textMessage(text, BLOCKS.errorText);
}

/** Ephemeral reply for input refused before any platform call: nothing was sent, nothing changed. */
export function invalidCommandMessage(input: { parsed: InvalidCommand; messages: Messages }): SlackMessage {
  const { parsed, messages } = input;
  const detail = safe(parsed.detail, ECHO_MAX);
  let text: SafeText;
  switch (parsed.reason) {
    case 'missing-id':
      text = messages.input.missingId({ command: parsed.command });
      break;
    case 'bad-id':
      text = messages.input.badId({ got: detail });
      break;
    case 'unexpected-args':
      text = messages.input.unexpectedArgs({ command: parsed.command, extra: detail });
      break;
    case 'bad-reason':
      text = messages.input.badReason({ got: detail });
      break;
    case 'comment-required':
      text = messages.input.commentRequired({ experimentId: parsed.experimentId });
      break;
    case 'comment-too-long':
      text = messages.input.commentTooLong({
        length: stopCommentLength(parsed.detail),
        max: STOP_COMMENT_MAX,
      });
      break;
  }
  return message(fallbackText([text]), [section(text, BLOCKS.errorText), context([messages.input.seeHelp])]);
}

/** The router's answer to text no subcommand could use: what went wrong, and how to ask. */
export async function answerUnparsed(
  ctx: CommandContext<Pick<SlackDeps, 'messages'> & HelpViewDeps>,
  parsed: InvalidCommand | UnknownCommand,
  declarations: readonly DeclaredSubcommand[],
): Promise<void> {
  const { messages } = ctx.deps;
  if (parsed.kind === 'invalid') return ctx.ack(invalidCommandMessage({ parsed, messages }));
  // The closest command first, then the person's help: they learn without a second try.
  const unknown = unknownCommandMessage({ word: parsed.word, suggestion: parsed.suggestion, messages });
  const help = helpMessage({ view: await helpView(ctx, false), declarations, messages });
  return ctx.ack({ text: unknown.text, blocks: [...unknown.blocks, ...help.blocks] });
}
