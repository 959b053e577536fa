import { code, joinSafe, md, safe, userMention } from '../blocks/escape.js';
import { actions, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { lifecycleButtons } from '../lifecycle/buttons.js';
import { LIFECYCLE_BLOCKS } from '../lifecycle/ids.js';
import type { Messages } from '../messages/index.js';

export const NAME_DISPLAY_MAX = 200;

/** In-channel: who created which experiment, with Start when the platform returned its id. */
export function experimentCreatedMessage(input: {
  experimentId: number | undefined;
  name: string;
  userId: string;
  messages: Messages;
}): SlackMessage {
  const { experimentId, messages } = input;
  const text = messages.experiments.created({
    user: userMention(input.userId),
    experimentId,
    name: safe(input.name, NAME_DISPLAY_MAX),
  });
  return message(fallbackText([text]), [
    section(text, LIFECYCLE_BLOCKS.summary),
    experimentId === undefined
      ? undefined
      : actions(lifecycleButtons(['start'], experimentId, messages), LIFECYCLE_BLOCKS.actions),
  ]);
}

/** In-channel: who changed which fields of an experiment (names only, values stay in the platform). */
export function experimentUpdatedMessage(input: {
  experimentId: number;
  fields: readonly string[];
  userId: string;
  messages: Messages;
}): SlackMessage {
  const fields = joinSafe(
    input.fields.slice(0, 30).map((f) => code(f, 80)),
    md`, `,
  );
  const text = input.messages.experiments.updated({
    user: userMention(input.userId),
    experimentId: input.experimentId,
    fields,
  });
  return message(fallbackText([text]), [section(text, LIFECYCLE_BLOCKS.summary)]);
}
