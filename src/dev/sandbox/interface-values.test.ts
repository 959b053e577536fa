import { describe, expect, it } from 'vitest';
import * as client from '../../console/schemas.js';
import { DICTIONARY_NAMES } from '../../console/types.js';
import * as domain from '../../core/experiment-schemas.js';
import { DEFAULT_TRANSITIONS } from '../../core/experiments/transitions.js';
import { LIFECYCLE_ACTIONS as APP_ACTIONS } from '../../core/lifecycle-action.js';
import { ExperimentInterruptReason } from '../../core/stop-reason.js';
import { KNOWN_PLATFORMS } from '../../splitter/schemas.js';
import * as sandbox from './model/interface-values.js';
import { KNOWN_PLATFORM_IDS } from './model/splitter-rules.js';
import { EXPERIMENT_STATUSES, nextStatus } from './model/statuses.js';

// The sandbox keeps its own copy of the interface's values (model/interface-values.ts). These
// tests hold the app's own values (its domain's and its client's) to that copy: a typo on either side
// fails here, by name.

const enums: [string, readonly string[], readonly string[]][] = [
  ['ExperimentType', domain.ExperimentType.options, sandbox.ExperimentType.options],
  [
    'ExperimentMarkupScopeType',
    domain.ExperimentMarkupScopeType.options,
    sandbox.ExperimentMarkupScopeType.options,
  ],
  ['ConsoleExposureType', domain.ConsoleExposureType.options, sandbox.ConsoleExposureType.options],
  ['StatisticsMethod', domain.StatisticsMethod.options, sandbox.StatisticsMethod.options],
  ['RetroType', domain.RetroType.options, sandbox.RetroType.options],
  ['SwitchbackStrategy', domain.SwitchbackStrategy.options, sandbox.SwitchbackStrategy.options],
  ['ExperimentInterruptReason', ExperimentInterruptReason.options, sandbox.ExperimentInterruptReason.options],
  ['ContextParamStatus', client.ContextParamStatus.options, sandbox.ContextParamStatus.options],
];

describe("the client's interface values equal the sandbox's own copy", () => {
  it.each(enums)('%s', (_name, ofClient, ofSandbox) => {
    expect(ofClient).toEqual(ofSandbox);
  });

  it('the deprecated experiment types', () => {
    expect(domain.DEPRECATED_EXPERIMENT_TYPES).toEqual(sandbox.DEPRECATED_TYPES);
  });

  it('the dictionary path suffixes', () => {
    expect(DICTIONARY_NAMES).toEqual(sandbox.DICTIONARY_PATHS);
  });

  it('the lifecycle actions', () => {
    expect(APP_ACTIONS).toEqual(sandbox.LIFECYCLE_ACTIONS);
  });

  it('the splitter platform ids', () => {
    expect([...KNOWN_PLATFORMS]).toEqual([...KNOWN_PLATFORM_IDS]);
  });

  it.each([
    [{}],
    [{ interruptReason: null, interruptReasonComment: null }],
    [{ interruptReason: 'other' }],
    [{ interruptReasonComment: 'why' }],
    [{ interruptReason: 'paused' }],
    [{ interruptReason: 'bug', extra: 1 }],
    [{ interruptReasonComment: 3 }],
  ])('the stop request shape accepts and refuses alike: %j', (body) => {
    expect(client.ConsoleStopExperimentRequest.safeParse(body).success).toBe(
      sandbox.ConsoleStopExperimentRequest.safeParse(body).success,
    );
  });

  it.each([
    [{}],
    [{ experimentId: 1, domainId: null }],
    [{ domainId: 1.5 }],
    [{ experimentId: '1' }],
    [{ x: 1 }],
  ])('the context-predicates request shape accepts and refuses alike: %j', (body) => {
    expect(client.ConsoleExperimentContextPredicatesRequest.safeParse(body).success).toBe(
      sandbox.ConsoleExperimentContextPredicatesRequest.safeParse(body).success,
    );
  });
});

describe("the sandbox's statuses follow the app's default transition table", () => {
  const cases = EXPERIMENT_STATUSES.flatMap((status) =>
    sandbox.LIFECYCLE_ACTIONS.map((action) => [status, action] as const),
  );
  it.each(cases)('from %s, %s', (status, action) => {
    expect(nextStatus(action, { status })).toBe(DEFAULT_TRANSITIONS[status]?.[action]);
  });

  it('names the same statuses', () => {
    expect(Object.keys(DEFAULT_TRANSITIONS).sort()).toEqual([...EXPERIMENT_STATUSES].sort());
  });
});
