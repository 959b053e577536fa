import { describe, expect, it } from 'vitest';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { DEFAULT_FIELD_MAPPING } from '../../core/experiment-fields.js';
import { type ExperimentForm, validateExperimentForm } from '../../core/experiment-form.js';
import { buildExperimentPayload } from '../../core/experiment-payload.js';
import { ExperimentDefinition } from '../../dev/sandbox/model/experiment-schema.js';
import { en } from '../messages/index.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { experimentModal } from './modal.js';
import { formValidationOptions } from './modal-items.js';
import {
  formErrorsToBlockErrors,
  pickerFieldForAction,
  readExperimentModalState,
  type StateValues,
} from './modal-state.js';
import { sandboxDictionaries, submittedState } from './modal-state.test-helper.js';

const { dictionaries, predicates } = sandboxDictionaries();
const B = EXPERIMENT_MODAL.blocks;
const A = EXPERIMENT_MODAL.actions;

const option = (value: string, text = value) => ({ text: { type: 'plain_text', text, emoji: true }, value });

function render(form: Partial<ExperimentForm>, dicts = dictionaries) {
  return experimentModal({
    mode: 'create',
    form,
    dictionaries: dicts,
    segmentPredicates: predicates,
    metadata: { channelId: 'C1' },
    messages: en,
  });
}

describe('readExperimentModalState', () => {
  it('reads a realistic view_submission state, typed values and all', () => {
    const state: StateValues = {
      [B.name]: { [A.name]: { type: 'plain_text_input', value: '  Checkout v2  ' } },
      [B.label]: { [A.label]: { type: 'plain_text_input', value: null } },
      [B.description]: { [A.description]: { type: 'plain_text_input', value: '' } },
      [B.type]: { [A.type]: { type: 'static_select', selected_option: option('retro', 'Retro analysis') } },
      [B.retroType]: {
        [A.retroType]: { type: 'static_select', selected_option: option('parent_experiment') },
      },
      [B.parentExperimentId]: { [A.parentExperimentId]: { type: 'number_input', value: '42' } },
      [B.team]: { [A.team]: { type: 'static_select', selected_option: option('n:211', 'Checkout') } },
      [B.participantType]: {
        [A.participantType]: { type: 'static_select', selected_option: option('s:user') },
      },
      [B.layer]: { [A.layer]: { type: 'static_select', selected_option: option('n:201') } },
      [B.domain]: { [A.domain]: { type: 'static_select', selected_option: option('n:2') } },
      [B.holdout]: { [A.holdout]: { type: 'static_select', selected_option: null } },
      [B.markupScopeType]: {
        [A.markupScopeType]: { type: 'static_select', selected_option: option('event') },
      },
      [B.exposure]: { [A.exposure]: { type: 'static_select', selected_option: option('days') } },
      [B.propagateExposureDays]: { [A.propagateExposureDays]: { type: 'number_input', value: '7' } },
      [B.statisticalMethod]: {
        [A.statisticalMethod]: { type: 'static_select', selected_option: option('bayesian') },
      },
      [B.metrics]: {
        [A.metrics]: {
          type: 'multi_external_select',
          selected_options: [option('s:checkout.conversion.d7'), option('s:checkout.aov.d28')],
        },
      },
      [B.tags]: { [A.tags]: { type: 'multi_static_select', selected_options: [] } },
      [B.allowedParticipantLists]: {
        [A.allowedParticipantLists]: { type: 'multi_static_select', selected_options: [option('n:501')] },
      },
      unrelated_block: { whatever: { type: 'conversations_select', selected_conversation: 'C123' } },
    };
    expect(readExperimentModalState(state)).toStrictEqual({
      name: 'Checkout v2',
      type: 'retro',
      retroType: 'parent_experiment',
      parentExperimentId: 42,
      markupScopeType: 'event',
      exposure: 'days',
      propagateExposureDays: 7,
      statisticalMethod: 'bayesian',
      team: 211,
      participantType: 'user',
      layer: 201,
      domain: 2,
      metrics: ['checkout.conversion.d7', 'checkout.aov.d28'],
      allowedParticipantLists: [501],
    });
  });

  it('tolerates junk and keeps unreadable numbers for the check to refuse', () => {
    const state: StateValues = {
      [B.type]: { [A.type]: { type: 'static_select', selected_option: option('adhoc') } },
      [B.team]: { [A.team]: { type: 'static_select', selected_option: { value: 7 } } },
      [B.tags]: { [A.tags]: { type: 'multi_static_select', selected_options: 'nope' } },
      [B.metrics]: { [A.metrics]: 'not an object' },
      [B.propagateExposureDays]: { [A.propagateExposureDays]: { type: 'number_input', value: '1.5e' } },
      [B.layer]: { wrong_action: { type: 'static_select', selected_option: option('n:101') } },
    };
    const form = readExperimentModalState(state);
    expect(Object.keys(form)).toEqual(['propagateExposureDays']);
    expect(form.propagateExposureDays).toBeNaN();
    expect(readExperimentModalState({})).toStrictEqual({});
  });

  it('round-trips what the modal rendered, including values too long for an option', () => {
    const longTag = `tag-${'x'.repeat(300)}`;
    const dicts = { ...dictionaries, tags: [...(dictionaries.tags ?? []), item(longTag)] };
    const form: ExperimentForm = {
      name: 'Delivery slots v2',
      label: 'delivery_slots_v2',
      description: 'Two-hour slots',
      type: 'switchback',
      switchbackStrategy: 'DETERMINISTIC_RANDOM',
      markupScopeType: 'event',
      segments: [{ param: 9, predicate: 'in', values: ['north', 'south'] }],
      exposure: 'days',
      propagateExposureDays: 3,
      statisticalMethod: 'frequentist',
      team: 31,
      participantType: 'courier',
      layer: 301,
      domain: 3,
      metrics: ['delivery.orders.d7'],
      holdout: 'global-2025-h1',
      presetName: 'Delivery quality',
      tags: ['delivery', longTag],
      allowedParticipantLists: [503],
      excludedParticipantLists: [602],
    };
    const view = render(form, dicts);
    const state = submittedState(view);
    expect(JSON.stringify(state)).not.toContain(longTag);
    // The audience is kept in the store (audience view), not in the form's state.
    const { segments: _audience, ...withoutAudience } = form;
    expect(
      readExperimentModalState(state, { dictionaries: dicts, segmentPredicates: predicates }),
    ).toStrictEqual(withoutAudience);
    // Without the dictionaries the long value cannot be named: it is left out, never guessed.
    expect(readExperimentModalState(state).tags).toEqual(['delivery']);
  });

  it('feeds the check and a payload the sandbox platform accepts', () => {
    const base: Partial<ExperimentForm> = {
      type: 'retro',
      retroType: 'lists',
      markupScopeType: 'event',
      domain: 2,
    };
    const view = render(base);
    const state = submittedState(view, {
      [B.name]: { [A.name]: { type: 'plain_text_input', value: 'Wallet retro' } },
      [B.team]: { [A.team]: { type: 'static_select', selected_option: option('n:212') } },
      [B.participantType]: {
        [A.participantType]: { type: 'static_select', selected_option: option('s:user') },
      },
      [B.layer]: { [A.layer]: { type: 'static_select', selected_option: option('n:202') } },
      [B.exposure]: { [A.exposure]: { type: 'static_select', selected_option: option('all') } },
      [B.statisticalMethod]: {
        [A.statisticalMethod]: { type: 'static_select', selected_option: option('bayesian') },
      },
      [B.metrics]: {
        [A.metrics]: { type: 'multi_external_select', selected_options: [option('s:payments.gmv.d7')] },
      },
    });
    // The audience comes from the store (the audience view), never from the form's state.
    const form = {
      ...readExperimentModalState(state, { dictionaries, segmentPredicates: predicates }),
      segments: [{ param: 7, predicate: 'gt', values: [1000] }],
    };
    const checked = validateExperimentForm(form, formValidationOptions(dictionaries, form, predicates));
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const body = buildExperimentPayload(checked.form, DEFAULT_FIELD_MAPPING);
    expect(ExperimentDefinition.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      retro: { type: 'lists' },
      segments: [{ paramId: 7, predicate: 'gt', values: [1000] }],
    });
  });

  it('lets the check refuse values the pickers did not offer', () => {
    const form: Partial<ExperimentForm> = {
      markupScopeType: 'event',
      domain: 1,
      segments: [{ param: 3, predicate: 'eq', values: ['1'] }],
    };
    const options = formValidationOptions(dictionaries, form, predicates);
    expect(options.offered?.segments).toEqual([1, 2]);
    expect(options.offered?.allowedParticipantLists).toEqual([501, 502, 503]);
    expect(options.segmentPredicates?.(1)).toEqual(['eq', 'gt', 'lt']);
    expect(options.offered?.layer).toEqual([101, 102, 103]);
    const result = validateExperimentForm({ ...form, team: '111', layer: 201 }, options);
    expect(result.ok ? {} : result.errors).toMatchObject({
      segments: 'not_offered',
      team: 'not_offered',
      layer: 'not_offered',
    });
    // A dictionary that was not loaded is not checked here.
    expect(formValidationOptions({}, form).offered).toEqual({});
  });

  it('accepts an archived param only in filters the experiment already had', () => {
    const form: Partial<ExperimentForm> = {
      markupScopeType: 'event',
      domain: 1,
      segments: [{ param: 4, predicate: 'eq', values: ['gold'] }],
    };
    // The form lacks other required fields: only the segments' verdict matters here.
    const segmentsError = (options: ReturnType<typeof formValidationOptions>) => {
      const result = validateExperimentForm(form, options);
      return result.ok ? undefined : result.errors.segments;
    };
    const earlier = formValidationOptions(dictionaries, form, predicates, { earlierParams: [4] });
    expect(earlier.offered?.segments).toEqual([1, 2, 4]);
    expect(segmentsError(earlier)).toBeUndefined();
    expect(segmentsError(formValidationOptions(dictionaries, form, predicates))).toBe('not_offered');
  });
});

describe('formErrorsToBlockErrors', () => {
  it('keys the worded errors by block id, dropping fields the view does not show', () => {
    const errors = {
      name: 'required',
      propagateExposureDays: 'positive_integer',
      segments: 'segments_required',
    } as const;
    expect(formErrorsToBlockErrors(errors, en)).toEqual({
      [B.name]: 'Required.',
      [B.propagateExposureDays]: 'Enter a whole number greater than 0.',
      // The audience is a summary: its error shows on the markup choice above it.
      [B.markupScopeType]: 'Choose at least one audience filter when markup is by event.',
    });
    const view = render({ exposure: 'days' });
    expect(formErrorsToBlockErrors(errors, en, view)).toEqual({
      [B.name]: 'Required.',
      [B.propagateExposureDays]: 'Enter a whole number greater than 0.',
      [B.markupScopeType]: 'Choose at least one audience filter when markup is by event.',
    });
  });
});

describe('pickerFieldForAction', () => {
  it('names the picker of an options request', () => {
    expect(pickerFieldForAction(A.metrics)).toBe('metrics');
    expect(pickerFieldForAction(A.segments)).toBe('segments');
    expect(pickerFieldForAction(A.type)).toBeUndefined();
    expect(pickerFieldForAction('nope')).toBeUndefined();
    expect(EXPERIMENT_MODAL.actions.metrics).toMatch(/^exp_xm_[a-z_]+_select$/);
  });
});

function item(value: string): DictionaryItem {
  return { value, label: value.slice(0, 20), raw: value };
}
