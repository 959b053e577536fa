import * as z from 'zod';

// The values an experiment's enumerated fields take, exactly as the platform's interface names them.

const EXPERIMENT_TYPES = [
  'regular',
  'retro',
  'switchback',
  'dfp',
  'dfp_filler',
  'holdout_analyzer',
  'crm',
  /** @deprecated obsolete; must not be used in new experiments */
  'adhoc',
] as const;
export const ExperimentType = z.enum(EXPERIMENT_TYPES);
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
