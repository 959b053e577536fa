import { createHash } from 'node:crypto';
import * as z from 'zod';

// ASSUMPTIONS for the splitter API (B). Stated and implemented elsewhere to the letter: request and
// response shapes, `{ error: { kind, message } }` errors, status codes 200/400/500.
//
// - Paths: `{splitterUrl}/<method>` and `{splitterUrl}/<method>/` are both accepted (this interface
//   writes the former, the public Trisigma docs the latter).
// - Authentication ("not shown"): open by default; when the sandbox is started with
//   `splitterToken`, `Authorization: Bearer <token>` is required and a missing or different token
//   gets 401 kind `unauthorized`.
// - `X-Source` ("whether it is required: not shown"): optional, recorded with every request and
//   exposure.
// - Platform ids other than 1, 4, 5, 6 ("not shown"): accepted and treated like any other.
//   Experiments are not restricted to platforms, so the platform does not change assignment.
// - Statuses beyond the stated 200, 400 and 500, each with the stated error body and a kind from
//   error-bodies.ts: 401 when a token is required (above); 404 for a method name other than the two
//   stated ones; 405 (with `Allow: POST`) for a stated method called with anything but POST; 413 for
//   a body over MAX_BODY_BYTES (http-rules.ts), answered before the method is even looked at.
// - Unknown extra fields in request bodies are ignored.
// - Participant ids: `null` counts as absent (ParticipantIds below). The interface types userId as
//   an integer and visitorId as a string, both optional, "at least one filled": a null is neither,
//   and refusing it would fail clients that serialise absent fields as null. The stated rule still
//   holds: a participant with both absent or null is a 400.
// - getFeaturesByTag serves RUNNING experiments carrying the tag, one feature per experiment,
//   without the deprecated `exposureParams`.
// - exposeManyV2 accepts an empty list and labels of unknown or not-running experiments (the
//   splitter is fire-and-forget at run time); each exposure is recorded with `known` telling
//   whether the label matched a running experiment. No per-call maximum beyond the body limit.

export const KNOWN_PLATFORM_IDS: ReadonlyMap<number, string> = new Map([
  [1, 'Desktop'],
  [4, 'iOS'],
  [5, 'Android'],
  [6, 'Mobile'],
]);

export const SPLITTER_METHODS = ['getFeaturesByTag', 'exposeManyV2'] as const;
export type SplitterMethodName = (typeof SPLITTER_METHODS)[number];

/** A participant's ids as received: the stated types, each optional, null accepted as absent. */
export const ParticipantIds = z.looseObject({
  userId: z.int().nullable().optional(),
  visitorId: z.string().nullable().optional(),
});

export interface ParticipantRef {
  userId?: number | null | undefined;
  visitorId?: string | null | undefined;
}

/** userId wins over visitorId so a user keeps their group across devices once logged in. */
function participantKey(p: ParticipantRef): string {
  if (typeof p.userId === 'number') return `user:${p.userId}`;
  return `visitor:${p.visitorId ?? ''}`;
}

/**
 * Deterministic assignment: sha256 over `<experimentLabel>\n<participantKey>`, first 4 bytes as an
 * unsigned integer, modulo the number of groups. Same input, same group; different experiments
 * split the same participant independently.
 */
export function assignGroup(experimentLabel: string, participant: ParticipantRef, groups: readonly string[]) {
  const digest = createHash('sha256')
    .update(`${experimentLabel}\n${participantKey(participant)}`)
    .digest();
  const index = digest.readUInt32BE(0) % groups.length;
  return groups[index];
}
