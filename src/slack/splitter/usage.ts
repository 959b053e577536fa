import { joinSafe, type SafeText, safe } from '../blocks/escape.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { SPLITTER_BLOCKS } from './ids.js';

/** The parse error echoes what was typed: shown escaped and bounded. */
const PARSE_ERROR_MAX = 300;

export interface UsageInput {
  /** parsePlatform/parseParticipant's sentence, or undefined when arguments are simply missing. */
  error?: string | undefined;
  messages: Messages;
}

function usageMessage(usage: SafeText, example: SafeText, input: UsageInput): SlackMessage {
  const { messages } = input;
  const error = input.error?.trim();
  const problem = error
    ? messages.splitter.usage.problem({ error: safe(error, PARSE_ERROR_MAX) })
    : undefined;
  const main = problem === undefined ? usage : joinSafe([problem, usage]);
  return message(fallbackText([main]), [
    section(main, SPLITTER_BLOCKS.usage),
    context([messages.splitter.usage.arguments, example], SPLITTER_BLOCKS.usageHelp),
  ]);
}

/** Bad or missing arguments of `/exp features`: nothing was sent to the splitter. */
export function featuresUsageMessage(input: UsageInput): SlackMessage {
  const { usage } = input.messages.splitter;
  return usageMessage(usage.features, usage.featuresExample, input);
}

/** Bad or missing arguments of `/exp expose`: nothing was sent, nothing was registered. */
export function exposeUsageMessage(input: UsageInput): SlackMessage {
  const { usage } = input.messages.splitter;
  return usageMessage(usage.expose, usage.exposeExample, input);
}
