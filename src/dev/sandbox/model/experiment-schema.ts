import * as z from 'zod';
import {
  ConsoleExposureType,
  type ExperimentInterruptReason,
  ExperimentMarkupScopeType,
  ExperimentType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from './interface-values.js';
import type { ExperimentStatus } from './statuses.js';

// ASSUMPTION (interface: "Payload shapes of create and update: not shown"). The enum fields and
// their conditions are stated by the interface; everything else here is the sandbox's choice:
// - unknown fields are REFUSED (strict objects), so a client whose field mapping disagrees with
//   experiment-fields.ts fails loudly instead of creating half an experiment;
// - required on create: name, type, markupScopeType, exposure, statisticalMethod, teamId,
//   participantType, layerId, domainId and at least one metric; the rest is optional, except where
//   another field's value requires it (experiment-conditions.ts);
// - `parentExperimentId` is accepted top-level (the interface lists it as its own row) or inside
//   `retro`; it must name an existing experiment other than the one being edited;
// - a segment is `{ paramId, predicate, values }`: paramId is a context param of the experiment's
//   domain that is active (archived params stay valid only in segments the experiment already
//   had; draft and deleted never), and the predicate must apply to the param's type;
// - `label` (the splitter's experimentLabel) is generated from the name when absent, unique;
// - `groups` (splitter feature labels) default to ["control", "test"].

// ASSUMPTION (the sandbox's, not the interface's, which does not show how labels are made): labels
// are one word of letters, digits and `_ . -`, at most 100 characters, so a generated label is
// safe in a URL, a log line and a chat command (whose arguments are separated by spaces).
const label = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/, 'letters, digits, _ . - (max 100)');
const dictionaryScalar = z.union([z.string(), z.number()]);

export const Segment = z.strictObject({
  paramId: z.int(),
  predicate: z.string().min(1),
  values: z.array(z.union([z.string(), z.number(), z.boolean()])).min(1),
});
export type Segment = z.infer<typeof Segment>;

export const ExperimentDefinition = z.strictObject({
  name: z.string().trim().min(1).max(200),
  label: label.optional(),
  description: z.string().max(5000).nullable().optional(),
  type: ExperimentType,
  markupScopeType: ExperimentMarkupScopeType,
  segments: z.array(Segment).optional(),
  exposure: ConsoleExposureType,
  propagateExposureDays: z.int().min(1).max(365).nullable().optional(),
  statisticalMethod: StatisticsMethod,
  retro: z
    .strictObject({ type: RetroType, parentExperimentId: z.int().positive().nullable().optional() })
    .nullable()
    .optional(),
  parentExperimentId: z.int().positive().nullable().optional(),
  switchback: z.strictObject({ strategy: SwitchbackStrategy }).nullable().optional(),
  groups: z
    .array(label)
    .min(2)
    .max(10)
    .refine((g) => new Set(g).size === g.length, 'group labels must be unique')
    .optional(),
  teamId: dictionaryScalar,
  participantType: dictionaryScalar,
  layerId: dictionaryScalar,
  holdoutId: dictionaryScalar.nullable().optional(),
  domainId: dictionaryScalar,
  metrics: z.array(dictionaryScalar).min(1),
  tags: z.array(dictionaryScalar).optional(),
  allowedParticipantLists: z.array(dictionaryScalar).optional(),
  excludedParticipantLists: z.array(dictionaryScalar).optional(),
  presetName: dictionaryScalar.nullable().optional(),
});
export type ExperimentDefinition = z.infer<typeof ExperimentDefinition>;

/** PATCH: every field optional, no defaults (they would invent changes), same strictness. */
export const ExperimentChanges = ExperimentDefinition.partial();
export type ExperimentChanges = z.infer<typeof ExperimentChanges>;

/** Fields a client may never set: the platform owns them. Listed to give a clear error. */
export const READ_ONLY_FIELDS = [
  'id',
  'status',
  'createdAt',
  'updatedAt',
  'interruptReason',
  'interruptReasonComment',
] as const;

/** An experiment as the sandbox stores and returns it. */
export interface SandboxExperiment extends Omit<ExperimentDefinition, 'label' | 'groups'> {
  id: number;
  label: string;
  groups: string[];
  status: ExperimentStatus;
  interruptReason: ExperimentInterruptReason | null;
  interruptReasonComment: string | null;
  createdAt: string;
  updatedAt: string;
}

export const DEFAULT_GROUPS: readonly string[] = ['control', 'test'];
