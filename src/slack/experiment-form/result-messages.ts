import type { FieldMapping } from '../../core/experiment-fields.js';
import { joinSafe, md, type SafeText, userMention } from '../blocks/escape.js';
import { fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { experimentRef } from '../labels/label.js';
import { LIFECYCLE_BLOCKS } from '../lifecycle/ids.js';
import type { Messages } from '../messages/index.js';
import { payloadFieldText } from './payload-field-labels.js';

/** Who created which experiment: a card headline (or the whole message when the id is unknown). */
export function createdLine(input: {
  experimentId: number | undefined;
  name: string;
  userId: string;
  messages: Messages;
}): SafeText {
  return input.messages.experiments.created({
    user: userMention(input.userId),
    experimentId: input.experimentId,
    experiment: experimentRef(input.experimentId, input.name),
  });
}

/**
 * In-channel, when the platform's answer carried no id: the app cannot show or act on what it cannot
 * name, so the message only says what happened.
 */
export function experimentCreatedMessage(input: Parameters<typeof createdLine>[0]): SlackMessage {
  const text = createdLine(input);
  return message(fallbackText([text]), [section(text, LIFECYCLE_BLOCKS.summary)]);
}

/** Who changed which fields of an experiment (names only, values stay in the platform). */
export function updatedLine(input: {
  experimentId: number;
  /** Its name, where the app knows it: named first. */
  name: string | undefined;
  /** The payload's field names, shown as the form labels them. */
  fields: readonly string[];
  fieldMapping?: FieldMapping | undefined;
  userId: string;
  messages: Messages;
}): SafeText {
  const fields = joinSafe(
    input.fields.slice(0, 30).map((f) => payloadFieldText(f, input.messages, input.fieldMapping)),
    md`, `,
  );
  return input.messages.experiments.updated({
    user: userMention(input.userId),
    experiment: experimentRef(input.experimentId, input.name),
    fields,
  });
}
