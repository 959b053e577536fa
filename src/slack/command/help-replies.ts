import type { HeaderBlock } from '@slack/types';
import { STOP_COMMENT_MAX, stopCommentLength } from '../../core/stop-reason.js';
import { code, joinSafe, md, plain, type SafeText, safe } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
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
import { constantReply } from '../prepared-ack.js';
import type { CommandContext } from './command-context.js';
import { HELP_BLOCKS } from './ids.js';
import type { ParsedCommand, Subcommand } from './parse-command.js';

/** How much of an unknown word or a bad argument is echoed back. */
export const ECHO_MAX = 60;

/**
 * The help is the same for everyone who reads one language: built once per language's help texts
 * (deps.messages is one object for every language, so it cannot be the key), frozen so no caller
 * changes it.
 */
const builtHelp = new WeakMap<Messages['help'], SlackMessage>();

export function helpMessage(input: { messages: Messages }): SlackMessage {
  const texts = input.messages.help;
  let built = builtHelp.get(texts);
  if (!built) {
    built = constantReply(deepFreeze(buildHelp(input.messages)));
    builtHelp.set(texts, built);
  }
  return built;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function buildHelp(messages: Messages): SlackMessage {
  const { help } = messages;
  const header: HeaderBlock = { type: 'header', text: plain(help.header, LIMITS.headerText) };
  // The catalogue's lines in its order. Each names a declared subcommand and each declared subcommand
  // has its lines (subcommands.test.ts; ru.test.ts for the Russian ones), so the help needs no look
  // at the declarations, which hold the help subcommand that shows it.
  const lines = help.commands.map((entry) => md`${code(entry.usage)} ${entry.description}`);
  const examples = help.examples.map((example) => code(example));
  return message(fallbackText([help.fallback]), [
    header,
    section(help.intro),
    section(joinSafe(lines), HELP_BLOCKS.help),
    section(joinSafe([help.examplesTitle, ...examples]), HELP_BLOCKS.examples),
  ]);
}

export function unknownCommandMessage(input: {
  word: string;
  suggestion: Subcommand | undefined;
  messages: Messages;
}): SlackMessage {
  const text = input.messages.input.unknownCommand({
    word: safe(input.word, ECHO_MAX),
    suggestion: input.suggestion,
  });
  return textMessage(text, BLOCKS.errorText);
}

type Invalid = Extract<ParsedCommand, { kind: 'invalid' }>;

/** Ephemeral reply for input refused before any platform call: nothing was sent, nothing changed. */
export function invalidCommandMessage(input: { parsed: Invalid; messages: Messages }): SlackMessage {
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
export function answerUnparsed(
  ctx: CommandContext<Pick<SlackDeps, 'messages'>>,
  parsed: Extract<ParsedCommand, { kind: 'invalid' | 'unknown' }>,
): Promise<void> {
  const { messages } = ctx.deps;
  if (parsed.kind === 'invalid') return ctx.ack(invalidCommandMessage({ parsed, messages }));
  // The closest command first, then the whole usage: the person learns without a second try.
  const unknown = unknownCommandMessage({ word: parsed.word, suggestion: parsed.suggestion, messages });
  const help = helpMessage({ messages });
  return ctx.ack({ text: unknown.text, blocks: [...unknown.blocks, ...help.blocks] });
}
