import type { ContextParamStatus } from '../../console/schemas.js';
import type {
  ConsoleExposureType,
  ExperimentMarkupScopeType,
  ExperimentType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from '../../core/experiment-schemas.js';
import type { PolicyAction } from '../../core/policy/policy.js';
import type { ExperimentInterruptReason } from '../../core/stop-reason.js';
import type { AlertAction } from '../../core/subscriptions.js';

/**
 * The statuses the app names. The interface does not list the platform's statuses: these are the
 * ones its transition table (core/experiments/transitions.ts) and the sandbox use, and `paused`,
 * which platforms commonly have. Any other status is shown as the platform's value.
 */
export const KNOWN_STATUSES = ['draft', 'running', 'stopped', 'archived', 'paused'] as const;
type KnownStatus = (typeof KNOWN_STATUSES)[number];

/**
 * One catalogue of what the platform's enumerated values and the app's actions are called, for
 * every surface that shows them: the forms' options, cards, diffs, lists, alerts. Each table is
 * keyed by the enum itself, so a value added to an enum and not named here fails the compiler.
 * Look values up with labels/label.ts: a value the platform sends and no table names is shown as
 * itself, in code.
 */
export interface LabelMessages {
  statuses: Readonly<Record<KnownStatus, string>>;
  /** Every type, the obsolete adhoc too (cards still show it); forms offer only the creatable ones. */
  types: Readonly<Record<ExperimentType, string>>;
  markupScopeTypes: Readonly<Record<ExperimentMarkupScopeType, string>>;
  exposures: Readonly<Record<ConsoleExposureType, string>>;
  statisticalMethods: Readonly<Record<StatisticsMethod, string>>;
  retroTypes: Readonly<Record<RetroType, string>>;
  switchbackStrategies: Readonly<Record<SwitchbackStrategy, string>>;
  /** Stop reasons; also the stop form's options. */
  interruptReasons: Readonly<Record<ExperimentInterruptReason, string>>;
  /**
   * An action named inside a sentence, as a noun where the language names it so («запуск»);
   * English uses the command's own word ("start").
   */
  actionNouns: Readonly<Record<PolicyAction, string>>;
  /** What someone asks or tries to do: «запустить», "start". */
  actionVerbs: Readonly<Record<PolicyAction, string>>;
  /**
   * How an attempt ended, as the audit trail records it (a run's outcome, a request's step); an
   * outcome not named here is shown as recorded, in code.
   */
  outcomes: Readonly<Record<string, string>>;
  /**
   * The events a subscription sends (`events:stop,archive`), shown with the word people type after
   * the label ("остановка (`stop`)"); a label that is the word itself is not repeated.
   */
  alertEvents: Readonly<Record<AlertAction, string>>;
  /** A context parameter's status in `/exp dict context-params`. */
  paramStatuses: Readonly<Record<ContextParamStatus, string>>;
}
