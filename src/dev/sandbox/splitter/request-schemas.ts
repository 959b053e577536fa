import * as z from 'zod';
import { ParticipantIds } from '../model/splitter-rules.js';

// The splitter's request bodies as the interface states them. Server side, unknown extra fields
// are ignored and null ids count as absent (model/splitter-rules.ts); the stated requirements are
// enforced.

const Platform = z.looseObject({ id: z.int(), version: z.string().optional() });

// Stated: at least one id filled. Which values count as absent is the sandbox's choice.
const Participant = ParticipantIds.refine(
  (p) => typeof p.userId === 'number' || (typeof p.visitorId === 'string' && p.visitorId !== ''),
  {
    message: 'at least one of userId and visitorId must be filled',
  },
);

export const GetFeaturesByTagBody = z.looseObject({
  tag: z.string().min(1),
  platform: Platform,
  participant: Participant,
});

export const ExposeManyV2Body = z.looseObject({
  exposures: z.array(
    z.looseObject({ experimentLabel: z.string().min(1), platform: Platform, participant: Participant }),
  ),
});

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(body)'}: ${i.message}`)
    .join('; ');
}
