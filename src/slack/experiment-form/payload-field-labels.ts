import { DEFAULT_FIELD_MAPPING, type FieldMapping } from '../../core/experiment-fields.js';
import { FORM_FIELDS, type FormField } from '../../core/experiment-form.js';
import { logicalFieldFor } from '../../core/experiment-results.js';
import { code, escapeMrkdwn, type SafeText } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

// An edit is recorded as the payload's top-level field names (`teamId`, `retro`), as this platform
// maps them (EXPERIMENT_FIELD_*): alerts and the channel's line name them as the edit form does.

/** Payload names the interface gives fields whose form name differs. */
const INTERFACE_PAYLOAD_FIELDS: Readonly<Record<string, FormField>> = {
  retro: 'retroType',
  switchback: 'switchbackStrategy',
};

const isFormField = (name: string): name is FormField => (FORM_FIELDS as readonly string[]).includes(name);

/** The form field a payload field name stands for, or undefined for a name the form does not know. */
function formFieldOfPayload(payloadField: string, mapping: FieldMapping): FormField | undefined {
  const logical = logicalFieldFor(payloadField, mapping);
  if (logical !== undefined && isFormField(logical)) return logical;
  if (Object.hasOwn(INTERFACE_PAYLOAD_FIELDS, payloadField)) return INTERFACE_PAYLOAD_FIELDS[payloadField];
  return isFormField(payloadField) ? payloadField : undefined;
}

/** For mrkdwn: the form's label of a payload field ("Team"), or the name itself in code. */
export function payloadFieldText(
  payloadField: string,
  messages: Messages,
  mapping: FieldMapping = DEFAULT_FIELD_MAPPING,
): SafeText {
  const field = formFieldOfPayload(payloadField, mapping);
  return field === undefined ? code(payloadField, 80) : escapeMrkdwn(messages.experimentModal.labels[field]);
}
