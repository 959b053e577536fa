import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExperimentChanges } from '../../core/experiment-changes.js';
import {
  ConsoleExposureType,
  ExperimentMarkupScopeType,
  ExperimentType,
  RetroType,
  StatisticsMethod,
  SwitchbackStrategy,
} from '../../core/experiment-schemas.js';
import type { ListResult } from '../../core/experiments/list-experiments.js';
import { applyUpdate, emptyRecord } from '../../core/experiments/record.js';
import { DEFAULT_TRANSITIONS, offeredActions } from '../../core/experiments/transitions.js';
import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../../core/lifecycle-action.js';
import { POLICY_ACTIONS } from '../../core/policy/policy.js';
import type { ActionRequest } from '../../core/requests/action-request.js';
import { INTERRUPT_REASONS } from '../../core/stop-reason.js';
import { approvalRequestMessage } from '../approvals/request-message.js';
import { md } from '../blocks/escape.js';
import { experimentCard } from '../experiment/card.js';
import { experimentListMessage } from '../experiment/list-message.js';
import { changeLines } from '../experiment-form/change-summary.js';
import { conflictLine } from '../lifecycle/event-lines.js';
import { en, type Messages, ru } from '../messages/index.js';
import { scheduleListMessage } from '../schedule/list-message.js';
import { stopModal } from '../stop/stop-modal.js';
import { alertLine } from '../subscriptions/alert-message.js';
import { experimentRef } from './label.js';
import { KNOWN_STATUSES } from './messages.js';

// Every surface that shows a platform value or an app action shows it by its label, in the
// reader's language: builders are fed values the catalogue names and values it does not (the
// platform may add some), and what a Russian reader sees never holds a known value as the platform
// spells it. Commands (`/exp stop 4`, /exp unarchive 4) are commands, not values, and are left out.

const AT = '2026-11-01T10:00:00.000Z';
const NAME = 'Поиск';

/** The values the catalogue names, each a word a Russian text must not show. */
const KNOWN: readonly string[] = [
  ...KNOWN_STATUSES,
  ...ExperimentType.options,
  ...ExperimentMarkupScopeType.options,
  ...ConsoleExposureType.options,
  ...StatisticsMethod.options,
  ...RetroType.options,
  ...SwitchbackStrategy.options,
  ...INTERRUPT_REASONS,
  ...POLICY_ACTIONS,
];

/** Values no table names: new ones, and names Object.prototype holds. */
const unknownValue = fc.oneof(
  fc.constantFrom('on_hold', 'multivariate', 'constructor', '__proto__', 'toString'),
  fc.stringMatching(/^[a-z][a-z_]{1,11}$/).filter((v) => !KNOWN.includes(v)),
);
const oneOf = (known: readonly string[]) => fc.oneof(fc.constantFrom(...known), unknownValue);

/** Every text a reader sees in a message or view: mrkdwn and plain_text, and the fallback text. */
function textsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  const own =
    (record.type === 'mrkdwn' || record.type === 'plain_text') && typeof record.text === 'string'
      ? [record.text]
      : [];
  const children = Object.entries(record)
    .filter(([key]) => !['value', 'action_id', 'block_id', 'private_metadata', 'callback_id'].includes(key))
    .map(([, child]) => child)
    .filter((child) => typeof child === 'object');
  return [...own, ...children.flatMap(textsOf)];
}

/** The known values a Russian text shows as the platform spells them, commands aside. */
function rawKnownValues(text: string): string[] {
  const prose = text.replace(/`\/exp [^`]*`/g, '').replace(/\/exp [a-z-]+/g, '');
  return KNOWN.filter((value) =>
    new RegExp(`(?<![\\p{L}\\p{N}_])${value}(?![\\p{L}\\p{N}_])`, 'u').test(prose),
  );
}

const record = (update: Parameters<typeof applyUpdate>[1]) =>
  applyUpdate(emptyRecord(4, AT), { name: NAME, ...update }, 'platform-read', AT);

const view = (update: Parameters<typeof applyUpdate>[1]) => {
  const r = record(update);
  return { record: r, offered: offeredActions(DEFAULT_TRANSITIONS, {}, r.status?.value) };
};

function card(status: string, type: string, reason: string, messages: Messages) {
  return experimentCard({
    view: view({
      status,
      type,
      action: { action: 'stop', actorId: 'U1', at: AT, source: 'slack', interruptReason: reason },
    }),
    messages,
  });
}

function list(status: string, messages: Messages) {
  const result: ListResult = {
    views: [view({ status })],
    total: 1,
    page: 1,
    pages: 1,
    refreshed: { count: 0, routeMissing: false },
  };
  return experimentListMessage({ result, filter: undefined, messages });
}

/** One change of each enumerated field the form edits. */
function diff(values: Record<string, string>, messages: Messages) {
  const changes: ExperimentChanges = {
    fields: Object.entries(values).map(([field, after]) => ({
      field: field as ExperimentChanges['fields'][number]['field'],
      before: after,
      after,
    })),
    audience: undefined,
  };
  return changeLines(changes, { params: [], predicates: [] }, messages);
}

function request(action: LifecycleAction, reason: string): ActionRequest {
  return {
    v: 1,
    id: '00000000-0000-4000-8000-000000000000',
    scope: 'T1',
    teamId: 'T1',
    requestedBy: 'U1',
    channelId: 'C1',
    surface: 'command',
    what: {
      action,
      experimentId: 4,
      ...(action === 'stop'
        ? { stop: { interruptReason: reason as 'bug', interruptReasonComment: null } }
        : {}),
    },
    state: 'scheduled',
    runAt: AT,
    createdAt: AT,
    history: [{ state: 'scheduled', at: AT, by: 'U1' }],
  };
}

const names = new Map([[4, NAME]]);

describe('labels on every surface', () => {
  it('cards name the status, type and stop reason in both languages', () => {
    const shown = (messages: Messages) =>
      textsOf(card('running', 'regular', 'bug', messages).blocks).join('\n');
    expect(shown(en)).toContain('Running (reported by the platform');
    expect(shown(en)).toContain('From status Running you can');
    expect(shown(en)).toContain('Regular A/B experiment');
    expect(shown(en)).toContain('reason: Bug');
    expect(shown(ru)).toContain('Запущен (по данным платформы');
    expect(shown(ru)).toContain('Из статуса Запущен можно');
    expect(shown(ru)).toContain('Обычный A/B-эксперимент');
    expect(shown(ru)).toContain('причина: Баг');
  });

  it('lists name each experiment first and its status by label', () => {
    expect(textsOf(list('stopped', en).blocks).join('\n')).toContain('*Поиск* (#4) · Stopped · seen');
    expect(textsOf(list('stopped', ru).blocks).join('\n')).toContain('*Поиск* (#4) · Остановлен · виден');
    expect(textsOf(list('on_hold', ru).blocks).join('\n')).toContain('*Поиск* (#4) · `on_hold` · виден');
  });

  it('diffs show enumerated values as the form offers them', () => {
    const values = { markupScopeType: 'event', exposure: 'days', statisticalMethod: 'bayesian' };
    expect(diff(values, en)).toEqual([
      '• *Markup*: By event (audience filters) → By event (audience filters)',
      '• *Exposure*: For a number of days → For a number of days',
      '• *Statistical method*: Bayesian → Bayesian',
    ]);
    expect(diff({ markupScopeType: 'event', type: 'crm' }, ru).join('\n')).toContain(
      'По событию (фильтры аудитории)',
    );
    expect(diff({ markupScopeType: 'constructor' }, ru).join('\n')).toContain('`constructor`');
  });

  it('the stop form says the status by its label and names the experiment first', () => {
    const modal = stopModal({
      experimentId: 4,
      name: NAME,
      status: 'running',
      channelId: 'C1',
      reasonRequired: true,
      messages: ru,
    });
    expect(textsOf(modal.blocks).join('\n')).toContain(
      'Вы останавливаете эксперимент *Поиск* (#4). Насколько известно приложению, его статус — Запущен.',
    );
  });

  it('schedules name the action in words and the experiment first', () => {
    const entries = [request('stop', 'bug')];
    const shown = (messages: Messages) =>
      textsOf(scheduleListMessage({ entries, experimentId: undefined, messages, names }).blocks).join('\n');
    expect(shown(en)).toContain('*stop* experiment *Поиск* (#4)');
    expect(shown(ru)).toContain('*остановить* эксперимент *Поиск* (#4)');
    expect(
      textsOf(scheduleListMessage({ entries, experimentId: undefined, messages: ru }).blocks).join('\n'),
    ).toContain('*остановить* эксперимент *4*');
  });

  it('follow replies and interrupted-action reports name the experiment first, the noun kept', () => {
    const experiment = experimentRef(4, NAME);
    const follow = (m: Messages) => [
      m.subscriptions.followed({ experimentId: 4, experiment, already: false }),
      m.subscriptions.unfollowed({ experiment }),
      m.subscriptions.following({ experiments: [experiment, experimentRef(7, undefined)] }),
    ];
    expect(follow(en)).toEqual([
      expect.stringContaining('You now follow experiment *Поиск* (#4):'),
      'You no longer follow experiment *Поиск* (#4).',
      expect.stringContaining('You follow *Поиск* (#4), *7*.'),
    ]);
    expect(follow(ru)).toEqual([
      expect.stringContaining('Теперь вы следите за экспериментом *Поиск* (#4):'),
      'Вы больше не следите за экспериментом *Поиск* (#4).',
      expect.stringContaining('Вы следите за *Поиск* (#4), *7*.'),
    ]);
    const facts = { user: md`<@U1>`, action: 'stop' as const, experimentId: 4, experiment, when: md`10:00` };
    expect(en.lifecycle.interrupted(facts)).toContain('*stop* on experiment *Поиск* (#4) for <@U1>');
    expect(ru.lifecycle.interruptedWhileTelling({ ...facts, done: true })).toContain(
      '*остановка* эксперимента *Поиск* (#4) от <@U1>',
    );
    expect(ru.lifecycle.interruptedBeforeSending(facts)).toContain(
      '*остановка* эксперимента *Поиск* (#4) от',
    );
  });

  it('Russian action words replace the command words in refusals', () => {
    expect(ru.errors.storeUnavailable({ action: 'stop', experimentId: 4 })).toContain(
      'действие *остановка* с экспериментом *4*',
    );
    expect(ru.errors.busy({ action: 'start', experimentId: 4 })).toContain('действие *запуск*');
    expect(ru.approvals.requesterNoToken({ requester: md`<@U1>`, action: 'stop' })).toContain(
      'действие *остановка* выполняется под личным токеном',
    );
    expect(ru.approvals.requesterNotAllowed({ requester: md`<@U1>`, action: 'expose' })).toContain(
      '*зарегистрировать экспозицию*',
    );
    expect(ru.identity.personalRequired({ action: 'archive' })).toContain('Для действия *архивирование*');
    const refused = ru.policy.refused({ action: 'stop', refusal: 'admins', who: md`x`, channels: md`y` });
    expect(refused).toContain('Для действия *остановка* (`stop`)');
  });

  it('no Russian surface shows a value the catalogue names as the platform spells it', () => {
    const enums = fc.record({
      status: oneOf(KNOWN_STATUSES),
      type: oneOf(ExperimentType.options),
      reason: oneOf(INTERRUPT_REASONS),
      action: fc.constantFrom(...LIFECYCLE_ACTIONS),
      markupScopeType: oneOf(ExperimentMarkupScopeType.options),
      exposure: oneOf(ConsoleExposureType.options),
      statisticalMethod: oneOf(StatisticsMethod.options),
      retroType: oneOf(RetroType.options),
      switchbackStrategy: oneOf(SwitchbackStrategy.options),
    });
    fc.assert(
      fc.property(enums, (v) => {
        const { status, type, reason, action, ...fields } = v;
        const texts = [
          ...textsOf(card(status, type, reason, ru).blocks),
          ...textsOf(list(status, ru).blocks),
          ...diff({ ...fields, type }, ru),
          ...textsOf(
            stopModal({ experimentId: 4, status, channelId: 'C1', reasonRequired: false, messages: ru })
              .blocks,
          ),
          alertLine({
            event: { action: 'status', experimentId: 4, status, outside: { actor: undefined } },
            originChannelId: undefined,
            messages: ru,
          }),
          alertLine({
            event: { action, experimentId: 4, actorId: 'U1', stop: { reason: reason as 'bug' } },
            originChannelId: undefined,
            experimentName: NAME,
            messages: ru,
          }),
          conflictLine({ action, experimentId: 4, currentStatus: status, userId: 'U1', messages: ru }),
          ...textsOf(
            scheduleListMessage({ entries: [request(action, reason)], experimentId: 4, messages: ru, names })
              .blocks,
          ),
          ...textsOf(
            approvalRequestMessage({
              request: request(action, reason),
              approvers: md`x`,
              messages: ru,
              names,
            }).blocks,
          ),
          ru.errors.storeUnavailable({ action, experimentId: 4 }),
        ];
        expect(rawKnownValues(texts.join('\n'))).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
