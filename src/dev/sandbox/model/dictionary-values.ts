import type { ContextParam, SandboxDictionaries } from './dictionaries.js';
import { flattenTeams } from './dictionaries.js';
import type { DictionaryBackedField } from './experiment-fields.js';

// Which values each dictionary-backed field accepts, read from the sandbox's CURRENT dictionaries
// (tests may edit them). Sets compare with SameValueZero, so 12 and "12" stay different values:
// the interface says the values must "strictly equal" what the dictionaries return.

export type AllowedValues = Readonly<Record<DictionaryBackedField, ReadonlySet<unknown>>>;

export function allowedValues(d: SandboxDictionaries): AllowedValues {
  return {
    team: new Set(flattenTeams(d.teams.data).map((t) => t.id)),
    participantType: new Set(d.participantTypes.map((p) => p.key)),
    layer: new Set(d.layers.map((l) => l.id)),
    holdout: new Set(d.holdouts.result.map((h) => h.code)),
    domain: new Set(d.domains.items.map((x) => x.id)),
    metrics: new Set(d['objective-meta'].metrics.map((m) => m.slug)),
    tags: new Set(d.tags),
    allowedParticipantLists: new Set(d['participant-lists'].allowed.map((l) => l.id)),
    excludedParticipantLists: new Set(d['participant-lists'].excluded.map((l) => l.id)),
    presetName: new Set(d['preset-names']),
  };
}

export function findContextParam(d: SandboxDictionaries, id: number): ContextParam | undefined {
  return d['context-param-predicates'].params.find((p) => p.id === id);
}

export function predicatesFor(d: SandboxDictionaries, type: ContextParam['type']): readonly string[] {
  return d['context-param-predicates'].predicateApplicability[type] ?? [];
}
