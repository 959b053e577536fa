import * as z from 'zod';

// The interface's enumerations, path names and request shapes, copied here from the interface text
// (the platform interface description, platform-api.md) ON PURPOSE rather than imported from the app's client
// (src/console/schemas.ts, src/console/types.ts): the sandbox stands in for the platform, so a typo
// in the client must make the client disagree with the sandbox, not make both wrong together.
// interface-values.test.ts compares the two copies value by value.

export const ExperimentType = z.enum([
  'regular',
  'retro',
  'switchback',
  'dfp',
  'dfp_filler',
  'holdout_analyzer',
  'crm',
  'adhoc',
]);
export type ExperimentType = z.infer<typeof ExperimentType>;
/** Stated: obsolete, must not be used in new experiments. */
export const DEPRECATED_TYPES: readonly ExperimentType[] = ['adhoc'];

export const ExperimentMarkupScopeType = z.enum(['incoming_traffic', 'event', 'segment']);
export const ConsoleExposureType = z.enum(['all', 'days']);
export const StatisticsMethod = z.enum(['frequentist', 'bayesian']);
export const RetroType = z.enum(['parent_experiment', 'lists', 'participant_source']);
/** Stated: the only available strategy. */
export const SwitchbackStrategy = z.enum(['DETERMINISTIC_RANDOM']);

export const ExperimentInterruptReason = z.enum([
  'sequential_testing_significant_change',
  'critical_metric_impact',
  'bug',
  'other',
]);
export type ExperimentInterruptReason = z.infer<typeof ExperimentInterruptReason>;

export const ContextParamStatus = z.enum(['draft', 'active', 'archived', 'deleted']);
export type ContextParamStatus = z.infer<typeof ContextParamStatus>;

/** Stated: both fields optional, the reason an enum or null, the comment a string or null. */
export const ConsoleStopExperimentRequest = z.strictObject({
  interruptReason: ExperimentInterruptReason.nullable().optional(),
  interruptReasonComment: z.string().nullable().optional(),
});
export type ConsoleStopExperimentRequest = z.infer<typeof ConsoleStopExperimentRequest>;

/** Stated: both fields optional, each an integer or null. */
export const ConsoleExperimentContextPredicatesRequest = z.strictObject({
  experimentId: z.int().nullable().optional(),
  domainId: z.int().nullable().optional(),
});

/** Stated path suffixes under /experiments/v1/dictionaries/ (participantTypes is camelCase). */
export const DICTIONARY_PATHS = [
  'types',
  'domains',
  'participantTypes',
  'layers',
  'holdouts',
  'participant-lists',
  'context-param-predicates',
  'teams',
  'objective-meta',
  'preset-names',
  'tags',
] as const;
export type DictionaryPath = (typeof DICTIONARY_PATHS)[number];

/** Stated: the four lifecycle endpoints, POST /experiments/v1/{id}/<action>. */
export const LIFECYCLE_ACTIONS = ['start', 'stop', 'archive', 'unarchive'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];
