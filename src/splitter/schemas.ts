import * as z from 'zod';

// Shapes of the splitter API exactly as the interface states them. Request schemas are strict so a
// misspelt field (`userID`) is refused before the call instead of being silently dropped.

/** Platform ids the interface names. Behaviour for any other id is not shown by the platform. */
export const KNOWN_PLATFORMS: ReadonlyMap<number, string> = new Map([
  [1, 'Desktop'],
  [4, 'iOS'],
  [5, 'Android'],
  [6, 'Mobile'],
]);

export const PlatformRef = z.strictObject({
  id: z.int(),
  version: z.string().optional(),
});
export type PlatformRef = z.infer<typeof PlatformRef>;

export const Participant = z
  .strictObject({
    userId: z.int().optional(),
    // ASSUMPTION: an empty visitorId is not "filled" (the interface's rule); no length is set.
    visitorId: z.string().min(1).optional(),
  })
  .refine((p) => p.userId !== undefined || p.visitorId !== undefined, {
    message: 'at least one of userId and visitorId must be filled',
  });
export type Participant = z.infer<typeof Participant>;

/**
 * Element of the getFeaturesByTag result. Loose: fields the interface does not name are kept, so a
 * platform that adds fields does not break lookups.
 *
 * `exposureParams` is deprecated by the interface: it is accepted in any shape (string, object,
 * null, anything) and dropped from the result, so it can never fail a look-up and nothing in the
 * app comes to depend on it.
 */
export const Feature = z
  .looseObject({
    experimentLabel: z.string(),
    label: z.string(),
    exposureParams: z.unknown().optional(),
  })
  .transform(({ exposureParams: _deprecated, ...feature }) => feature);
export type Feature = z.output<typeof Feature>;

export const GetFeaturesByTagRequest = z.strictObject({
  tag: z.string().min(1),
  platform: PlatformRef,
  participant: Participant,
});
export type GetFeaturesByTagRequest = z.infer<typeof GetFeaturesByTagRequest>;

export const GetFeaturesByTagResponse = z.looseObject({
  result: z.looseObject({ features: z.array(Feature) }),
});
export type GetFeaturesByTagResponse = z.infer<typeof GetFeaturesByTagResponse>;

const Exposure = z.strictObject({
  experimentLabel: z.string().min(1),
  platform: PlatformRef,
  participant: Participant,
});

/**
 * The maximum number of exposures per call is not shown by the interface, so none is enforced.
 * ASSUMPTION (the app's): at least one exposure. The interface requires the list, not that it be
 * non-empty; an empty call registers nothing, so refusing it before sending catches a caller's bug
 * and costs the platform nothing. The app itself always sends exactly one.
 */
export const ExposeManyV2Request = z.strictObject({
  exposures: z.array(Exposure).min(1),
});
export type ExposeManyV2Request = z.infer<typeof ExposeManyV2Request>;

/**
 * Error body of the interface: `{ error: { kind, message } }`. Both are read leniently so a body
 * missing one of them still yields the other; the set of kinds is not shown, so kind stays a string.
 */
export const SplitterErrorBody = z.looseObject({
  error: z.looseObject({
    kind: z.string().optional(),
    message: z.string().optional(),
  }),
});
export type SplitterErrorBody = z.infer<typeof SplitterErrorBody>;
