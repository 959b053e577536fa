import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// Test-only: the app's defaults must keep matching what the embedded sandbox accepts.
import { FIELD_DICTIONARIES, SANDBOX_EXPERIMENT_FIELDS } from '../dev/sandbox/model/experiment-fields.js';
import { ExperimentChanges, ExperimentDefinition } from '../dev/sandbox/model/experiment-schema.js';
import {
  DEFAULT_FIELD_MAPPING,
  DICTIONARY_FIELD_SPECS,
  DICTIONARY_FIELDS,
  FieldMappingError,
  resolveFieldMapping,
} from './experiment-fields.js';
import type { ExperimentForm } from './experiment-form.js';
import { buildExperimentPayload, diffExperimentPayload } from './experiment-payload.js';

const regular: ExperimentForm = {
  name: 'Search ranking v3',
  type: 'regular',
  markupScopeType: 'incoming_traffic',
  exposure: 'all',
  statisticalMethod: 'frequentist',
  team: 111,
  participantType: 'user',
  layer: 101,
  domain: 1,
  metrics: ['search.conversion.d7', 'search.ctr.d7'],
};

describe('field mapping', () => {
  it('defaults to the payload names the embedded sandbox accepts', () => {
    for (const field of DICTIONARY_FIELDS) {
      expect(DEFAULT_FIELD_MAPPING[field], field).toBe(SANDBOX_EXPERIMENT_FIELDS[field]);
      expect(DICTIONARY_FIELD_SPECS[field].dictionary, field).toBe(FIELD_DICTIONARIES[field]);
    }
    expect(Object.keys(SANDBOX_EXPERIMENT_FIELDS).sort()).toEqual([...DICTIONARY_FIELDS].sort());
    expect(resolveFieldMapping()).toBe(DEFAULT_FIELD_MAPPING);
    expect(resolveFieldMapping('')).toBe(DEFAULT_FIELD_MAPPING);
  });

  it('applies overrides given as an object or as the JSON text of an environment variable', () => {
    expect(resolveFieldMapping({ team: 'teamCode' }).team).toBe('teamCode');
    const fromEnv = resolveFieldMapping('{"team":"teamCode","layer":"layer.id"}');
    expect(fromEnv).toMatchObject({ team: 'teamCode', layer: 'layer.id', domain: 'domainId' });
  });

  it('rejects unknown logical names, naming them', () => {
    const error = catchError(() => resolveFieldMapping({ team: 'teamCode', squad: 'squadId', teem: 'x' }));
    expect(error).toBeInstanceOf(FieldMappingError);
    expect(error).toMatchObject({ problem: 'unknown-fields', unknownFields: ['squad', 'teem'] });
    expect(error.message).toContain('squad, teem');
    expect(error.message).toContain('known: name, label, description, team');
  });

  it('rejects bad JSON, non-objects, bad paths and overlapping or reserved targets', () => {
    expect(catchError(() => resolveFieldMapping('{team:'))).toMatchObject({ problem: 'not-json' });
    expect(catchError(() => resolveFieldMapping('["team"]'))).toMatchObject({ problem: 'not-an-object' });
    expect(catchError(() => resolveFieldMapping({ team: 'has space' }))).toMatchObject({
      problem: 'invalid-path',
    });
    expect(catchError(() => resolveFieldMapping({ team: 42 }))).toMatchObject({ problem: 'invalid-path' });
    const same = catchError(() => resolveFieldMapping({ team: 'layerId' }));
    expect(same).toMatchObject({ problem: 'conflict' });
    expect(same.message).toContain('team and layer overlap');
    expect(catchError(() => resolveFieldMapping({ team: 'org', layer: 'org.layer' }))).toMatchObject({
      problem: 'conflict',
    });
    expect(catchError(() => resolveFieldMapping({ tags: 'type' })).message).toContain(
      'a field the interface already names',
    );
    expect(catchError(() => resolveFieldMapping({ segmentPredicate: 'paramId' }))).toMatchObject({
      problem: 'conflict',
    });
    // Sibling paths under one object are fine.
    expect(resolveFieldMapping({ team: 'org.team', layer: 'org.layer' }).layer).toBe('org.layer');
  });
});

describe('buildExperimentPayload', () => {
  const mapping = DEFAULT_FIELD_MAPPING;

  it('builds a regular experiment with the exact dictionary values, numbers and strings', () => {
    const body = buildExperimentPayload(
      { ...regular, holdout: 'global-2025-h1', tags: ['search'], presetName: 'Core marketplace' },
      mapping,
    );
    expect(body).toStrictEqual({
      name: 'Search ranking v3',
      type: 'regular',
      markupScopeType: 'incoming_traffic',
      exposure: 'all',
      statisticalMethod: 'frequentist',
      teamId: 111,
      participantType: 'user',
      layerId: 101,
      holdoutId: 'global-2025-h1',
      domainId: 1,
      metrics: ['search.conversion.d7', 'search.ctr.d7'],
      presetName: 'Core marketplace',
      tags: ['search'],
    });
    expect(ExperimentDefinition.safeParse(body).success).toBe(true);
    // "12" stays a string, 12 a number: the platform compares strictly.
    const typed = buildExperimentPayload({ ...regular, team: '111', layer: 0, tags: [1, '1'] }, mapping);
    expect(typed).toMatchObject({ teamId: '111', layerId: 0, tags: [1, '1'] });
  });

  it('sends retro.type and parentExperimentId for a retro on a parent experiment', () => {
    const body = buildExperimentPayload(
      { ...regular, type: 'retro', retroType: 'parent_experiment', parentExperimentId: 2 },
      mapping,
    );
    expect(body).toMatchObject({
      type: 'retro',
      retro: { type: 'parent_experiment' },
      parentExperimentId: 2,
    });
    expect(ExperimentDefinition.safeParse(body).success).toBe(true);
  });

  it('sends retro.type only for a retro on lists, even when a parent id lingers', () => {
    const body = buildExperimentPayload(
      {
        ...regular,
        type: 'retro',
        retroType: 'lists',
        parentExperimentId: 2,
        allowedParticipantLists: [501, 502],
        excludedParticipantLists: [601],
      },
      mapping,
    );
    expect(body.retro).toStrictEqual({ type: 'lists' });
    expect(body).not.toHaveProperty('parentExperimentId');
    expect(body).toMatchObject({ allowedParticipantLists: [501, 502], excludedParticipantLists: [601] });
  });

  it('sends switchback.strategy only for switchback experiments', () => {
    const body = buildExperimentPayload(
      { ...regular, type: 'switchback', switchbackStrategy: 'DETERMINISTIC_RANDOM' },
      mapping,
    );
    expect(body.switchback).toStrictEqual({ strategy: 'DETERMINISTIC_RANDOM' });
    expect(body).not.toHaveProperty('retro');
    const notSwitchback = buildExperimentPayload(
      { ...regular, switchbackStrategy: 'DETERMINISTIC_RANDOM' },
      mapping,
    );
    expect(notSwitchback).not.toHaveProperty('switchback');
  });

  it('sends segments only with event markup, with the assumed segment shape', () => {
    const segments = [{ param: 2, predicate: 'in', values: ['Moscow', 'Kazan'] }];
    const event = buildExperimentPayload({ ...regular, markupScopeType: 'event', segments }, mapping);
    expect(event.segments).toStrictEqual([{ paramId: 2, predicate: 'in', values: ['Moscow', 'Kazan'] }]);
    expect(ExperimentDefinition.safeParse(event).success).toBe(true);
    const traffic = buildExperimentPayload({ ...regular, segments }, mapping);
    expect(traffic).not.toHaveProperty('segments');
    const custom = resolveFieldMapping({ segmentParam: 'param.id', segmentValues: 'list' });
    expect(
      buildExperimentPayload({ ...regular, markupScopeType: 'event', segments }, custom).segments,
    ).toStrictEqual([{ param: { id: 2 }, predicate: 'in', list: ['Moscow', 'Kazan'] }]);
  });

  it('sends propagateExposureDays only with days exposure', () => {
    const days = buildExperimentPayload({ ...regular, exposure: 'days', propagateExposureDays: 14 }, mapping);
    expect(days).toMatchObject({ exposure: 'days', propagateExposureDays: 14 });
    const all = buildExperimentPayload({ ...regular, propagateExposureDays: 14 }, mapping);
    expect(all).not.toHaveProperty('propagateExposureDays');
  });

  it('follows an overridden mapping, nesting dotted paths', () => {
    const custom = resolveFieldMapping({ team: 'team.id', layer: 'layerCode', name: 'title' });
    const body = buildExperimentPayload(regular, custom);
    expect(body).toMatchObject({ team: { id: 111 }, layerCode: 101, title: 'Search ranking v3' });
    expect(body).not.toHaveProperty('teamId');
    expect(body).not.toHaveProperty('name');
  });
});

describe('diffExperimentPayload', () => {
  const mapping = DEFAULT_FIELD_MAPPING;
  const before: ExperimentForm = { ...regular, holdout: 'global-2025-h1', tags: ['search', 'ml'] };

  it('is empty when nothing changed', () => {
    expect(diffExperimentPayload(before, { ...before }, mapping)).toStrictEqual({});
  });

  it('holds only the changed fields', () => {
    const diff = diffExperimentPayload(
      before,
      { ...before, name: 'Renamed', metrics: ['search.ctr.d7'] },
      mapping,
    );
    expect(diff).toStrictEqual({ name: 'Renamed', metrics: ['search.ctr.d7'] });
    expect(ExperimentChanges.safeParse(diff).success).toBe(true);
  });

  it('tells 12 from "12"', () => {
    expect(diffExperimentPayload(before, { ...before, team: '111' }, mapping)).toStrictEqual({
      teamId: '111',
    });
  });

  it('clears removed values with null or an empty list, and never invents anything', () => {
    const { holdout: _h, tags: _t, ...rest } = before;
    const diff = diffExperimentPayload(before, rest, mapping);
    expect(diff).toStrictEqual({ holdoutId: null, tags: [] });
    expect(ExperimentChanges.safeParse(diff).success).toBe(true);
  });

  it('clears conditional fields whose condition stopped holding', () => {
    const retro: ExperimentForm = {
      ...regular,
      type: 'retro',
      retroType: 'parent_experiment',
      parentExperimentId: 2,
    };
    expect(diffExperimentPayload(retro, regular, mapping)).toStrictEqual({
      type: 'regular',
      retro: null,
      parentExperimentId: null,
    });
    expect(diffExperimentPayload(retro, { ...retro, retroType: 'lists' }, mapping)).toStrictEqual({
      retro: { type: 'lists' },
      parentExperimentId: null,
    });
    const days: ExperimentForm = { ...regular, exposure: 'days', propagateExposureDays: 7 };
    expect(diffExperimentPayload(days, { ...days, propagateExposureDays: 9 }, mapping)).toStrictEqual({
      propagateExposureDays: 9,
    });
    expect(diffExperimentPayload(days, regular, mapping)).toStrictEqual({
      exposure: 'all',
      propagateExposureDays: null,
    });
    const event: ExperimentForm = {
      ...regular,
      markupScopeType: 'event',
      segments: [{ param: 1, predicate: 'gt', values: ['5.2'] }],
    };
    expect(diffExperimentPayload(event, regular, mapping)).toStrictEqual({
      markupScopeType: 'incoming_traffic',
      segments: [],
    });
  });

  it('compares filter values with their JSON types, and sends an untouched filter as it came', () => {
    const event: ExperimentForm = {
      ...regular,
      markupScopeType: 'event',
      segments: [{ param: 7, predicate: 'gt', values: [100] }],
    };
    const retyped = { ...event, segments: [{ param: 7, predicate: 'gt', values: ['100'] }] };
    expect(diffExperimentPayload(event, retyped, mapping)).toStrictEqual({
      segments: [{ paramId: 7, predicate: 'gt', values: ['100'] }],
    });
    const raw = { paramId: 7, values: [100], predicate: 'gt', extra: 1 };
    const kept = { ...event, segments: [{ param: 7, predicate: 'gt', values: [100], raw }] };
    expect(diffExperimentPayload(kept, kept, mapping)).toStrictEqual({});
    const more = {
      ...kept,
      segments: [...(kept.segments ?? []), { param: 8, predicate: 'eq', values: [true] }],
    };
    expect(JSON.stringify(diffExperimentPayload(kept, more, mapping))).toBe(
      JSON.stringify({ segments: [raw, { paramId: 8, predicate: 'eq', values: [true] }] }),
    );
  });

  it('diffs against a partial original (an edit prefilled from an unusual record)', () => {
    const diff = diffExperimentPayload({ name: regular.name, team: 111 }, regular, mapping);
    expect(diff).not.toHaveProperty('name');
    expect(diff).not.toHaveProperty('teamId');
    expect(diff).toMatchObject({ type: 'regular', layerId: 101, metrics: regular.metrics });
  });

  it('never clears the splitter label', () => {
    expect(diffExperimentPayload({ ...regular, label: 'search_v3' }, regular, mapping)).toStrictEqual({});
    expect(diffExperimentPayload(regular, { ...regular, label: 'search_v4' }, mapping)).toStrictEqual({
      label: 'search_v4',
    });
  });
});

describe('lifecycle boundary', () => {
  it('the experiment modules do not import Slack', () => {
    for (const file of ['experiment-fields.ts', 'experiment-form.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/from ['"]@slack\//);
      expect(source, file).not.toMatch(/from ['"]\.\.\/(slack|sandbox)\//);
    }
  });
});

function catchError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected an error');
}
