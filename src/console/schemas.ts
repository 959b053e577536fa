import * as z from 'zod';
import type { INTERRUPT_REASONS } from '../core/stop-reason.js';

// Enumerations and request shapes exactly as the console interface names them, checked before any
// call. Where the domain defines a list (src/core), the client keeps its own copy, since it may load
// only the domain's types; each copy is typed as the domain's, so the compiler holds the two equal.

/** The domain's stop reasons, as the stop body checks them. */
const STOP_REASONS: typeof INTERRUPT_REASONS = [
  'sequential_testing_significant_change',
  'critical_metric_impact',
  'bug',
  'other',
];

export const ContextParamStatus = z.enum(['draft', 'active', 'archived', 'deleted']);
export type ContextParamStatus = z.infer<typeof ContextParamStatus>;

export const ConsoleStopExperimentRequest = z.strictObject({
  interruptReason: z.enum(STOP_REASONS).nullable().optional(),
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
