import type * as z from 'zod';
import { LIMITS } from './blocks/limits.js';

// Button values and private_metadata come back from Slack as strings anyone with the signing secret
// could forge: every one is bounded, parsed and validated with its schema before use; a view's
// metadata is also sealed to the person and purpose it was opened for (view-seal/).

/** Why a button value or private_metadata string could not be used; nothing is acted on. */
export class SlackPayloadError extends Error {
  constructor(
    readonly field: 'private_metadata' | 'button value',
    readonly reason: 'too-large' | 'not-json' | 'invalid',
    readonly issues: readonly string[] = [],
  ) {
    super(`Unusable ${field}: ${reason}${issues.length > 0 ? ` (${issues.join('; ')})` : ''}`);
    this.name = 'SlackPayloadError';
  }
}

type Field = SlackPayloadError['field'];

/** Room the app's seal (view-seal/) takes in a view's private_metadata. */
export const SEAL_OVERHEAD = 64;
/** What the metadata's JSON may use: Slack's 3000 characters less the seal. */
export const METADATA_JSON_MAX = LIMITS.privateMetadata - SEAL_OVERHEAD;

function encodeJson<S extends z.ZodType>(field: Field, max: number, schema: S, value: z.input<S>): string {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    throw new SlackPayloadError(
      field,
      'invalid',
      checked.error.issues.map((i) => i.message),
    );
  }
  const text = JSON.stringify(checked.data);
  if (text.length > max) throw new SlackPayloadError(field, 'too-large');
  return text;
}

function decodeJson<S extends z.ZodType>(field: Field, max: number, schema: S, text: string): z.output<S> {
  if (text.length > max) throw new SlackPayloadError(field, 'too-large');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new SlackPayloadError(field, 'not-json');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new SlackPayloadError(
      field,
      'invalid',
      parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
    );
  }
  return parsed.data;
}

/**
 * Validates, then serialises a view's private_metadata, leaving room for the seal every view the app
 * opens gets (ViewSeal.seal); throws SlackPayloadError beyond METADATA_JSON_MAX.
 */
export function encodeMetadata<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return encodeJson('private_metadata', METADATA_JSON_MAX, schema, value);
}

/**
 * Parses and validates metadata JSON; throws SlackPayloadError. What comes back from Slack is first
 * opened with ViewSeal.open (view-seal/open-metadata.ts): never decode a payload's string directly.
 */
export function decodeMetadata<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  return decodeJson('private_metadata', METADATA_JSON_MAX, schema, text);
}

/** Serialises a button value (≤ 2000 characters); throws SlackPayloadError. */
export function encodeButton<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return encodeJson('button value', LIMITS.buttonValue, schema, value);
}

/** Parses and validates a button value coming back from Slack; throws SlackPayloadError. */
export function decodeButton<S extends z.ZodType>(schema: S, text: string): z.output<S> {
  return decodeJson('button value', LIMITS.buttonValue, schema, text);
}
