import * as z from 'zod';

// Enumerations exactly as the console interface names them.

export const ExperimentType = z.enum([
  'regular',
  'retro',
  'switchback',
  'dfp',
  'dfp_filler',
  'holdout_analyzer',
  'crm',
  /** @deprecated obsolete; must not be used in new experiments */
  'adhoc',
]);
export type ExperimentType = z.infer<typeof ExperimentType>;
export const DEPRECATED_EXPERIMENT_TYPES: readonly ExperimentType[] = ['adhoc'];
/** Types a new experiment may use: everything but the deprecated ones. */
export const CreatableExperimentType = ExperimentType.exclude(['adhoc']);

export const ExperimentMarkupScopeType = z.enum(['incoming_traffic', 'event', 'segment']);
export type ExperimentMarkupScopeType = z.infer<typeof ExperimentMarkupScopeType>;

export const ConsoleExposureType = z.enum(['all', 'days']);
export type ConsoleExposureType = z.infer<typeof ConsoleExposureType>;

export const StatisticsMethod = z.enum(['frequentist', 'bayesian']);
export type StatisticsMethod = z.infer<typeof StatisticsMethod>;

export const RetroType = z.enum(['parent_experiment', 'lists', 'participant_source']);
export type RetroType = z.infer<typeof RetroType>;

/** The interface states this is the only available strategy. */
export const SwitchbackStrategy = z.enum(['DETERMINISTIC_RANDOM']);
export type SwitchbackStrategy = z.infer<typeof SwitchbackStrategy>;

export const ExperimentInterruptReason = z.enum([
  'sequential_testing_significant_change',
  'critical_metric_impact',
  'bug',
  'other',
]);
export type ExperimentInterruptReason = z.infer<typeof ExperimentInterruptReason>;

export const ContextParamStatus = z.enum(['draft', 'active', 'archived', 'deleted']);
export type ContextParamStatus = z.infer<typeof ContextParamStatus>;

export const ConsoleStopExperimentRequest = z.strictObject({
  interruptReason: ExperimentInterruptReason.nullable().optional(),
  interruptReasonComment: z.string().nullable().optional(),
});
export type ConsoleStopExperimentRequest = z.infer<typeof ConsoleStopExperimentRequest>;

export const ConsoleExperimentContextPredicatesRequest = z.strictObject({
  experimentId: z.number().int().nullable().optional(),
  domainId: z.number().int().nullable().optional(),
});
export type ConsoleExperimentContextPredicatesRequest = z.infer<
  typeof ConsoleExperimentContextPredicatesRequest
>;

/** Lifecycle endpoints answer an object with ok = true. Extra fields are tolerated. */
export const LifecycleResponse = z.looseObject({ ok: z.literal(true) });

/** Experiment ids in paths: positive integers only, refused before any platform call otherwise. */
export const ExperimentId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
