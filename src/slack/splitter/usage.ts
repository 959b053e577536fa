import { joinSafe, type SafeText } from '../blocks/escape.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';
import { argsProblemText } from './arg-problems.js';
import type { SplitterArgsProblem } from './args.js';
import { SPLITTER_BLOCKS } from './ids.js';

export interface UsageInput {
  /** Why the arguments were refused, or undefined when they are simply missing. */
  problem?: SplitterArgsProblem | undefined;
  messages: Messages;
}

function usageMessage(usage: SafeText, example: SafeText, input: UsageInput): SlackMessage {
  const { messages } = input;
  const problem =
    input.problem === undefined
      ? undefined
      : messages.splitter.usage.problem({ error: argsProblemText(input.problem, messages) });
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
