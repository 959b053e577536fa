import type { InputBlock, ModalView } from '@slack/types';
import { describe, expect, it } from 'vitest';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { DictionaryName } from '../../console/types.js';
import type { ExperimentForm } from '../../core/experiment-form.js';
import { expectWithinBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { en } from '../messages/index.js';
import { SlackPayloadError } from '../payload.js';
import { EXPERIMENT_MODAL } from './ids.js';
import { type ExperimentModalInput, experimentModal } from './modal.js';
import { offeredItems } from './modal-items.js';
import { decodeExperimentModalMetadata, earlierParamsOf } from './modal-metadata.js';
import { decodeOptionValue } from './modal-options.js';
import { optionsOf, sandboxDictionaries } from './modal-state.test-helper.js';

const { dictionaries, predicates } = sandboxDictionaries();
const B = EXPERIMENT_MODAL.blocks;

function modal(form: Partial<ExperimentForm>, extra: Partial<ExperimentModalInput> = {}): ModalView {
  const view = experimentModal({
    mode: 'create',
    form,
    dictionaries,
    segmentPredicates: predicates,
    metadata: { channelId: 'C1' },
    messages: en,
    ...extra,
  });
  expectWithinBlockKitLimits({ kind: 'view', view: view as unknown as Record<string, unknown> });
  return view;
}

const blockIds = (view: ModalView) => view.blocks.map((b) => b.block_id);

function input(view: ModalView, blockId: string): InputBlock {
  const block = view.blocks.find((b) => b.block_id === blockId);
  if (block?.type !== 'input') throw new Error(`no input block ${blockId}`);
  return block as InputBlock;
}

const element = (view: ModalView, blockId: string) =>
  input(view, blockId).element as unknown as Record<string, unknown>;
const values = (view: ModalView, blockId: string) => optionsOf(element(view, blockId)).map((o) => o.value);

const CONDITIONAL = [
  B.retroType,
  B.parentExperimentId,
  B.switchbackStrategy,
  B.segments,
  B.propagateExposureDays,
];

describe('experimentModal (create)', () => {
  it('starts with the always-present fields only, titled and buttoned for creation', () => {
    const view = modal({});
    expect(view.callback_id).toBe(EXPERIMENT_MODAL.callbackId);
    expect(view.title.text).toBe('New experiment');
    expect(view.submit?.text).toBe('Create');
    for (const id of CONDITIONAL) expect(blockIds(view)).not.toContain(id);
    for (const id of [B.name, B.type, B.team, B.domain, B.layer, B.markupScopeType, B.exposure, B.metrics]) {
      expect(blockIds(view)).toContain(id);
    }
    expect(decodeExperimentModalMetadata(view.private_metadata ?? '')).toEqual({
      mode: 'create',
      channelId: 'C1',
    });
  });

  it('makes the selects that drive other fields dispatch block_actions, and only those', () => {
    const view = modal({ type: 'retro', markupScopeType: 'event' });
    const dispatching = view.blocks
      .filter((b) => b.type === 'input' && (b as InputBlock).dispatch_action)
      .map((b) => b.block_id);
    expect(dispatching.sort()).toEqual([B.type, B.retroType, B.markupScopeType, B.exposure, B.domain].sort());
  });

  it('never offers the obsolete adhoc type, even though the types dictionary lists it', () => {
    expect(dictionaries.types?.some((t) => t.value === 'adhoc')).toBe(true);
    expect(values(modal({}), B.type)).toEqual([
      'regular',
      'retro',
      'switchback',
      'dfp',
      'dfp_filler',
      'holdout_analyzer',
      'crm',
    ]);
    // A types dictionary that lists fewer types narrows the choice, never widens it.
    const narrowed = modal(
      {},
      { dictionaries: { ...dictionaries, types: [item('regular'), item('adhoc')] } },
    );
    expect(values(narrowed, B.type)).toEqual(['regular']);
  });

  it('shows retro.type for retro, and the parent experiment id for a retro on a parent', () => {
    const retro = modal({ type: 'retro' });
    expect(values(retro, B.retroType)).toEqual(['parent_experiment', 'lists', 'participant_source']);
    expect(blockIds(retro)).not.toContain(B.parentExperimentId);
    const parent = modal({ type: 'retro', retroType: 'parent_experiment', parentExperimentId: 5 });
    expect(element(parent, B.parentExperimentId)).toMatchObject({
      type: 'number_input',
      is_decimal_allowed: false,
      initial_value: '5',
    });
    expect(blockIds(modal({ type: 'retro', retroType: 'lists' }))).not.toContain(B.parentExperimentId);
    // A retro type chosen before switching to regular does not keep its fields.
    expect(blockIds(modal({ type: 'regular', retroType: 'parent_experiment' }))).not.toContain(B.retroType);
  });

  it('shows the switchback strategy with its only value preselected', () => {
    const view = modal({ type: 'switchback' });
    const select = element(view, B.switchbackStrategy);
    expect(values(view, B.switchbackStrategy)).toEqual(['DETERMINISTIC_RANDOM']);
    expect((select.initial_option as { value: string }).value).toBe('DETERMINISTIC_RANDOM');
  });

  it('shows the days input only for days exposure', () => {
    expect(blockIds(modal({ exposure: 'all' }))).not.toContain(B.propagateExposureDays);
    const view = modal({ exposure: 'days', propagateExposureDays: 14 });
    expect(element(view, B.propagateExposureDays)).toMatchObject({
      type: 'number_input',
      initial_value: '14',
    });
  });

  it("offers the chosen domain's layers when layers name their domain, every layer otherwise", () => {
    const layers = (view: ModalView) => values(view, B.layer).map((v) => decodeOptionValue(v));
    expect(layers(modal({}))).toEqual([101, 102, 103, 201, 202, 301, 401, 402]);
    expect(layers(modal({ domain: 2 }))).toEqual([201, 202]);
    // A layer chosen before the domain changed is not offered any more, and the hint says so.
    const moved = modal({ domain: 2, layer: 101 });
    expect(element(moved, B.layer).initial_option).toBeUndefined();
    expect(input(moved, B.layer).hint?.text).toBe('Current value not on offer any more: 101. Choose again.');
    // Without domain ids (or with ids of another JSON type than the domain's value) nothing is hidden.
    const anonymous = (dictionaries.layers ?? []).map(({ raw: _raw, ...layer }) => ({ ...layer, raw: {} }));
    expect(
      layers(modal({ domain: 2 }, { dictionaries: { ...dictionaries, layers: anonymous } })),
    ).toHaveLength(8);
    expect(layers(modal({ domain: '2' }))).toHaveLength(8);
    const unassigned = [...(dictionaries.layers ?? []), { value: 999, label: 'Shared', raw: {} }];
    expect(layers(modal({ domain: 3 }, { dictionaries: { ...dictionaries, layers: unassigned } }))).toEqual([
      301, 999,
    ]);
  });

  it('uses static menus up to 100 values, grouped when the dictionary has groups', () => {
    const view = modal({ team: 211 });
    const team = element(view, B.team);
    expect(team.type).toBe('static_select');
    // The team tree keeps its hierarchy: each top-level team heads a group of itself and its subtree.
    const groups = (
      team.option_groups as { label: { text: string }; options: { text: { text: string } }[] }[]
    ).map((g) => [g.label.text, g.options.map((o) => o.text.text)]);
    expect(groups).toEqual([
      [
        'Marketplace',
        [
          'Marketplace',
          'Search',
          'Search / Ranking',
          'Search / Suggest',
          'Catalog',
          'Catalog / Listing page',
          'Catalog / Product card',
        ],
      ],
      ['Fintech', ['Fintech', 'Payments', 'Payments / Checkout', 'Payments / Wallet']],
      ['Logistics', ['Logistics', 'Delivery']],
      ['Ads', ['Ads', 'Display', 'Sponsored']],
    ]);
    // The chosen team reads exactly as its option in the menu.
    expect(team.initial_option).toEqual({
      text: { type: 'plain_text', text: 'Payments / Checkout', emoji: true },
      value: 'n:211',
    });
    expect(values(view, B.allowedParticipantLists).map((v) => decodeOptionValue(v))).toEqual([501, 502, 503]);
    expect(values(view, B.excludedParticipantLists).map((v) => decodeOptionValue(v))).toEqual([601, 602]);
    expect(element(view, B.tags).type).toBe('multi_static_select');
  });

  it('switches to type-to-search menus for dictionaries over 100 values', () => {
    expect(dictionaries['objective-meta']?.length).toBeGreaterThan(100);
    const view = modal({ metrics: ['search.ctr.d7'] });
    const metrics = element(view, B.metrics);
    expect(metrics).toMatchObject({ type: 'multi_external_select', min_query_length: 0 });
    expect(metrics.options).toBeUndefined();
    expect(metrics.initial_options).toEqual([
      { text: { type: 'plain_text', text: 'Search: Ctr (d7)', emoji: true }, value: 's:search.ctr.d7' },
    ]);
    const bigTeams = Array.from({ length: 101 }, (_, i) => item(i + 1));
    expect(element(modal({}, { dictionaries: { ...dictionaries, teams: bigTeams } }), B.team)).toMatchObject({
      type: 'external_select',
      min_query_length: 0,
    });
  });

  it('preselects the current values, with their exact types, and says which ones are gone', () => {
    const view = modal({ team: 111, participantType: 'user', tags: ['search', 'gone'], holdout: 'nope' });
    expect((element(view, B.team).initial_option as { value: string }).value).toBe('n:111');
    expect((element(view, B.participantType).initial_option as { value: string }).value).toBe('s:user');
    expect((element(view, B.tags).initial_options as { value: string }[]).map((o) => o.value)).toEqual([
      's:search',
    ]);
    expect(input(view, B.tags).hint?.text).toContain('gone');
    expect(element(view, B.holdout).initial_option).toBeUndefined();
    // "111" is not 111: a string id is not shown as the numeric team.
    expect(element(modal({ team: '111' }), B.team).initial_option).toBeUndefined();
  });

  it('shows submission errors under their inputs', () => {
    const view = modal(
      { exposure: 'days' },
      { errors: { name: 'required', propagateExposureDays: 'positive_integer' } },
    );
    expect(input(view, B.name).hint?.text).toBe('⚠️ Required.');
    expect(input(view, B.propagateExposureDays).hint?.text).toBe('⚠️ Enter a whole number greater than 0.');
  });

  it('keeps block and action ids stable whatever is shown', () => {
    const a = modal({});
    const b = modal({
      type: 'retro',
      retroType: 'parent_experiment',
      markupScopeType: 'event',
      exposure: 'days',
    });
    for (const block of a.blocks) {
      const same = b.blocks.find((x) => x.block_id === block.block_id);
      expect(same, block.block_id).toBeDefined();
      if (block.type === 'input') {
        expect((same as InputBlock).element.action_id).toBe((block as InputBlock).element.action_id);
      }
    }
  });

  it('stays within Block Kit limits with huge labels and long values', () => {
    const teams = Array.from({ length: 100 }, (_, i) => ({
      value: `team-${i}-${'v'.repeat(400)}`,
      label: `Team ${i} ${'L'.repeat(300)}`,
      group: `${'G'.repeat(100)} ${i % 3}`,
      raw: {},
    }));
    const params = teams.map((t) => ({ ...t, status: 'active' }));
    const form: Partial<ExperimentForm> = {
      name: 'n'.repeat(500),
      description: 'd'.repeat(5000),
      markupScopeType: 'event',
      segments: params.slice(0, 12).map((p) => ({ param: p.value, values: ['x'.repeat(4000)] })),
      team: teams[3]?.value,
    };
    const view = modal(form, {
      dictionaries: { ...dictionaries, teams, 'context-param-predicates': params },
    });
    // Every value fits Slack's 150 characters and still names its dictionary value.
    const teamValue = (element(view, B.team).initial_option as { value: string } | undefined)?.value;
    expect(teamValue?.startsWith('h:')).toBe(true);
    expect(
      decodeOptionValue(
        teamValue ?? '',
        teams.map((t) => t.value),
      ),
    ).toBe(form.team);
    // Every filter stays in the audience (edited in the pushed view); the form shows a summary.
    expect(JSON.stringify(view.blocks)).toContain('12 filters');
  });

  it('turns the biggest static menus into search boxes when the view would be too large', () => {
    // 100 values of 148 characters with 75 two-byte characters of label: ~40 kB per menu.
    const big = (kind: string): DictionaryItem[] =>
      Array.from({ length: 100 }, (_, i) => ({
        value: `${kind}-${String(i).padStart(3, '0')}-${'v'.repeat(140 - kind.length)}`,
        label: 'Я'.repeat(75),
        raw: {},
      }));
    const names = [
      'teams',
      'domains',
      'participantTypes',
      'layers',
      'holdouts',
      'preset-names',
      'tags',
    ] as const;
    const huge: Partial<Record<DictionaryName, DictionaryItem[]>> = { 'participant-lists': big('lists') };
    for (const name of names) huge[name] = big(name);
    const view = modal({}, { dictionaries: huge });
    expect(Buffer.byteLength(JSON.stringify(view))).toBeLessThanOrEqual(250_000);
    const kinds = [B.team, B.domain, B.participantType, B.layer, B.holdout, B.presetName, B.tags].map(
      (id) => element(view, id).type,
    );
    expect(kinds.filter((t) => String(t).includes('external')).length).toBeGreaterThan(0);
    expect(kinds.filter((t) => String(t).includes('static')).length).toBeGreaterThan(0);
  });

  it('offers an empty dictionary as a search box that says so', () => {
    const view = modal({}, { dictionaries: { ...dictionaries, holdouts: [] } });
    expect(element(view, B.holdout).type).toBe('external_select');
    expect(input(view, B.holdout).hint?.text).toBe('The platform returned no values for this field.');
  });
});

describe('experimentModal (edit)', () => {
  const original: Partial<ExperimentForm> = {
    name: 'One-click checkout',
    team: 211,
    metrics: ['checkout.aov.d28'],
  };

  it('keeps the title within 24 characters for any id and submits with Save', () => {
    const view = modal(original, {
      mode: 'edit',
      experimentId: 123,
      metadata: { channelId: 'C1', original },
    });
    expect(view.title.text).toBe('Edit experiment 123');
    expect(view.submit?.text).toBe('Save');
    const big = modal(original, {
      mode: 'edit',
      experimentId: Number.MAX_SAFE_INTEGER,
      metadata: { channelId: 'C1', original },
    });
    expect(big.title.text.length).toBeLessThanOrEqual(24);
    expect(big.title.text).toBe(`Edit #${Number.MAX_SAFE_INTEGER}`);
  });

  it('carries the original form in private_metadata, or a store key when it does not fit', () => {
    const view = modal(original, {
      mode: 'edit',
      experimentId: 123,
      metadata: { channelId: 'C1', original },
    });
    expect(decodeExperimentModalMetadata(view.private_metadata ?? '')).toEqual({
      mode: 'edit',
      channelId: 'C1',
      experimentId: 123,
      original,
    });
    const large = { ...original, description: 'd'.repeat(3000) };
    const stored = modal(large, {
      mode: 'edit',
      experimentId: 123,
      metadata: { channelId: 'C1', original: large, originalKey: 'edit:T1:123:abc' },
    });
    expect(decodeExperimentModalMetadata(stored.private_metadata ?? '')).toEqual({
      mode: 'edit',
      channelId: 'C1',
      experimentId: 123,
      originalKey: 'edit:T1:123:abc',
    });
    expect(() =>
      experimentModal({
        mode: 'edit',
        experimentId: 123,
        form: large,
        dictionaries,
        metadata: { channelId: 'C1', original: large },
        messages: en,
      }),
    ).toThrow(SlackPayloadError);
  });

  it('remembers at most ten earlier params, of a size the metadata can carry', () => {
    const segments = [
      ...Array.from({ length: 12 }, (_, i) => ({ param: i + 1, values: [] })),
      { param: 1, values: [] },
      { param: 'p'.repeat(101), values: [] },
    ];
    expect(earlierParamsOf({ segments })).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(earlierParamsOf({ segments: [{ param: 'p'.repeat(101), values: [] }] })).toBeUndefined();
    expect(earlierParamsOf({})).toBeUndefined();
    expect(earlierParamsOf(undefined)).toBeUndefined();
  });

  it('refuses edit metadata without an experiment id', () => {
    expect(() =>
      experimentModal({ mode: 'edit', form: {}, dictionaries, metadata: { channelId: 'C1' }, messages: en }),
    ).toThrow(SlackPayloadError);
  });
});

describe('offeredItems', () => {
  it('gives metrics without slices', () => {
    const metrics = offeredItems('metrics', dictionaries, {});
    expect(metrics).toHaveLength(2500);
    expect(metrics.every((m) => m.group === undefined && typeof m.value === 'string')).toBe(true);
  });
});

function item(value: string | number): DictionaryItem {
  return { value, label: `Item ${value}`, raw: value };
}
