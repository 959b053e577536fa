import { describe, expect, it } from 'vitest';
import { seedExperiments } from '../dev/sandbox/model/seed-experiments.js';
import {
  DEFAULT_FIELD_MAPPING,
  DICTIONARY_FIELD_SPECS,
  DICTIONARY_FIELDS,
  resolveFieldMapping,
} from './experiment-fields.js';
import {
  type ExperimentForm,
  FORM_FIELDS,
  formFromExperiment,
  StoredExperimentForm,
  validateExperimentForm,
} from './experiment-form.js';
import { buildExperimentPayload, diffExperimentPayload } from './experiment-payload.js';

const valid: ExperimentForm = {
  name: 'Search ranking v3',
  type: 'regular',
  markupScopeType: 'incoming_traffic',
  exposure: 'all',
  statisticalMethod: 'frequentist',
  team: 111,
  participantType: 'user',
  layer: 101,
  domain: 1,
  metrics: ['search.conversion.d7'],
};

function errorsOf(input: unknown, options?: Parameters<typeof validateExperimentForm>[1]) {
  const result = validateExperimentForm(input, options);
  if (result.ok) throw new Error('expected errors');
  return result.errors;
}

describe('validateExperimentForm', () => {
  it('accepts a complete form and keeps values with their types', () => {
    const result = validateExperimentForm({ ...valid, name: '  Search ranking v3 ', tags: ['1', 1] });
    expect(result).toEqual({ ok: true, form: { ...valid, tags: ['1', 1] } });
  });

  it('reports every missing required field under its own key', () => {
    expect(errorsOf({})).toEqual({
      name: 'required',
      type: 'required',
      markupScopeType: 'required',
      exposure: 'required',
      statisticalMethod: 'required',
      team: 'required',
      participantType: 'required',
      layer: 'required',
      domain: 'required',
      metrics: 'required',
    });
    expect(errorsOf({ ...valid, metrics: [] })).toEqual({ metrics: 'required' });
    expect(errorsOf({ ...valid, name: '   ' })).toEqual({ name: 'required' });
  });

  it('refuses the obsolete adhoc type', () => {
    expect(errorsOf({ ...valid, type: 'adhoc' })).toEqual({ type: 'obsolete_type' });
  });

  it('applies the conditional rules of the interface', () => {
    expect(errorsOf({ ...valid, markupScopeType: 'event' })).toEqual({ segments: 'segments_required' });
    expect(errorsOf({ ...valid, markupScopeType: 'event', segments: [] })).toEqual({
      segments: 'segments_required',
    });
    expect(errorsOf({ ...valid, exposure: 'days' })).toEqual({ propagateExposureDays: 'required' });
    for (const days of [0, -1, 1.5, Number.NaN]) {
      expect(errorsOf({ ...valid, exposure: 'days', propagateExposureDays: days })).toEqual({
        propagateExposureDays: 'positive_integer',
      });
    }
    expect(errorsOf({ ...valid, type: 'retro' })).toEqual({ retroType: 'required' });
    expect(errorsOf({ ...valid, type: 'retro', retroType: 'parent_experiment' })).toEqual({
      parentExperimentId: 'required',
    });
    expect(
      errorsOf({ ...valid, type: 'retro', retroType: 'parent_experiment', parentExperimentId: -3 }),
    ).toEqual({ parentExperimentId: 'positive_integer' });
    expect(errorsOf({ ...valid, type: 'switchback' })).toEqual({ switchbackStrategy: 'required' });
  });

  it('drops conditional fields whose condition does not hold', () => {
    const result = validateExperimentForm({
      ...valid,
      propagateExposureDays: 3,
      retroType: 'lists',
      parentExperimentId: 2,
      switchbackStrategy: 'DETERMINISTIC_RANDOM',
      segments: [{ param: 1, predicate: 'eq', values: ['1'] }],
    });
    expect(result).toEqual({ ok: true, form: valid });
    const retro = validateExperimentForm({
      ...valid,
      type: 'retro',
      retroType: 'lists',
      parentExperimentId: 2,
    });
    expect(retro).toEqual({ ok: true, form: { ...valid, type: 'retro', retroType: 'lists' } });
  });

  it('accepts only values the pickers offered, compared strictly', () => {
    const offered = {
      team: [111, 112],
      participantType: ['user'],
      metrics: ['search.conversion.d7', 'search.ctr.d7'],
      tags: ['search'],
    };
    expect(validateExperimentForm(valid, { offered }).ok).toBe(true);
    expect(errorsOf({ ...valid, team: '111' }, { offered })).toEqual({ team: 'not_offered' });
    expect(
      errorsOf({ ...valid, metrics: ['search.conversion.d7', 'nope'], tags: ['ml'] }, { offered }),
    ).toEqual({
      metrics: 'not_offered',
      tags: 'not_offered',
    });
  });

  it('checks segment params, operators and values', () => {
    const event = { ...valid, markupScopeType: 'event' as const };
    const options = {
      offered: { segments: [1, 2] },
      segmentPredicates: (param: string | number) => (param === 1 ? ['eq', 'gt'] : undefined),
    };
    const ok = validateExperimentForm(
      { ...event, segments: [{ param: 1, predicate: 'gt', values: ['5.2'] }] },
      options,
    );
    expect(ok.ok).toBe(true);
    expect(errorsOf({ ...event, segments: [{ param: 3, predicate: 'eq', values: ['x'] }] }, options)).toEqual(
      {
        segments: 'not_offered',
      },
    );
    expect(errorsOf({ ...event, segments: [{ param: 1, predicate: 'in', values: ['x'] }] }, options)).toEqual(
      {
        segments: 'not_offered',
      },
    );
    expect(errorsOf({ ...event, segments: [{ param: 2, values: ['x'] }] }, options)).toEqual({
      segments: 'segment_incomplete',
    });
    expect(
      errorsOf({ ...event, segments: [{ param: 2, predicate: 'anything', values: [] }] }, options),
    ).toEqual({ segments: 'segment_incomplete' });
  });

  it('refuses a participant list that is both allowed and excluded', () => {
    expect(
      errorsOf({ ...valid, allowedParticipantLists: [501, 502], excludedParticipantLists: [502] }),
    ).toEqual({
      excludedParticipantLists: 'lists_overlap',
    });
    // 502 and "502" are different lists.
    expect(
      validateExperimentForm({ ...valid, allowedParticipantLists: [502], excludedParticipantLists: ['502'] })
        .ok,
    ).toBe(true);
  });

  it('reports malformed fields without hiding the other errors', () => {
    expect(
      errorsOf({
        ...valid,
        name: 'x'.repeat(10_000),
        label: 'has space',
        team: true,
        metrics: 'one',
        layer: undefined,
      }),
    ).toEqual({ label: 'invalid', team: 'invalid', metrics: 'invalid', layer: 'required' });
    expect(errorsOf('not a form')).toMatchObject({ name: 'required', team: 'required' });
  });

  it('knows every field the form type has', () => {
    const keys = Object.keys(StoredExperimentForm.shape).sort();
    expect([...FORM_FIELDS].sort()).toEqual(keys);
    for (const field of DICTIONARY_FIELDS) {
      const single = StoredExperimentForm.shape[field].safeParse(7).success;
      expect(single, field).toBe(!DICTIONARY_FIELD_SPECS[field].multiple);
    }
  });
});

describe('formFromExperiment', () => {
  const seeds = seedExperiments();
  const seed = (id: number) => seeds.find((e) => e.id === id);

  it('prefills an edit from a record of the default shape, and the unchanged form diffs to nothing', () => {
    const record = seed(2);
    const form = formFromExperiment(record, DEFAULT_FIELD_MAPPING);
    expect(form).toEqual({
      name: 'One-click checkout',
      label: 'checkout_one_click',
      type: 'regular',
      markupScopeType: 'incoming_traffic',
      exposure: 'all',
      statisticalMethod: 'frequentist',
      team: 211,
      participantType: 'user',
      layer: 201,
      holdout: 'payments-2025-q2',
      domain: 2,
      metrics: ['checkout.conversion.d7', 'checkout.aov.d28'],
      presetName: 'Checkout funnel',
      tags: ['checkout', 'payments'],
    });
    const checked = validateExperimentForm(form);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(diffExperimentPayload(form, checked.form, DEFAULT_FIELD_MAPPING)).toStrictEqual({});
  });

  it('reads the conditional objects, and a parent id nested in retro', () => {
    const form = formFromExperiment(
      {
        type: 'retro',
        retro: { type: 'parent_experiment', parentExperimentId: 5 },
        exposure: 'days',
        propagateExposureDays: 3,
        markupScopeType: 'event',
        segments: [
          { paramId: 2, predicate: 'in', values: ['Moscow', 7, true] },
          { predicate: 'eq', values: ['lost param'] },
        ],
        switchback: { strategy: 'DETERMINISTIC_RANDOM' },
      },
      DEFAULT_FIELD_MAPPING,
    );
    expect(form).toEqual({
      type: 'retro',
      retroType: 'parent_experiment',
      parentExperimentId: 5,
      exposure: 'days',
      propagateExposureDays: 3,
      markupScopeType: 'event',
      // One filter did not read: the audience is kept whole (locked), never cut to what read.
      switchbackStrategy: 'DETERMINISTIC_RANDOM',
    });
  });

  it('reads filter values with their JSON types, and each filter as the platform returned it', () => {
    const raw = { paramId: 2, predicate: 'in', values: ['Moscow', 7, true], note: 'kept' };
    const form = formFromExperiment({ markupScopeType: 'event', segments: [raw] }, DEFAULT_FIELD_MAPPING);
    expect(form.segments).toEqual([{ param: 2, predicate: 'in', values: ['Moscow', 7, true], raw }]);
  });

  it('is defensive: unknown shapes give a partial form, never a guess', () => {
    expect(formFromExperiment(null, DEFAULT_FIELD_MAPPING)).toEqual({});
    expect(formFromExperiment([1, 2], DEFAULT_FIELD_MAPPING)).toEqual({});
    expect(
      formFromExperiment(
        {
          name: 42,
          type: 'adhoc',
          exposure: 'sometimes',
          teamId: { id: 12, name: 'Search' },
          layerId: [101],
          metrics: 'search.ctr.d7',
          tags: ['ok', null, { name: 'named' }, ''],
          propagateExposureDays: '7',
        },
        DEFAULT_FIELD_MAPPING,
      ),
    ).toEqual({ type: 'adhoc', team: 12, tags: ['ok', 'named'] });
  });

  it('reads through an overridden mapping', () => {
    const mapping = resolveFieldMapping({ team: 'team.code', name: 'title' });
    const form = formFromExperiment({ title: 'T', team: { code: 'search' } }, mapping);
    expect(form).toEqual({ name: 'T', team: 'search' });
    expect(buildExperimentPayload({ ...valid, ...form }, mapping)).toMatchObject({
      title: 'T',
      team: { code: 'search' },
    });
  });
});
