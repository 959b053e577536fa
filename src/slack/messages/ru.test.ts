import { describe, expect, it } from 'vitest';
import { escapeMrkdwn, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { SUBCOMMANDS } from '../command/parse-command.js';
import { experimentRef } from '../labels/label.js';
import { en } from './en.js';
import { placeholder as readable } from './placeholder.test-helper.js';
import { ru } from './ru.js';

// The Russian catalogue against the English one: the same keys, the same placeholders in every
// text (each function called with the same arguments in both), and every plain_text within the
// Block Kit limit the contracts state for it, Russian being about a fifth longer.

const MARK = /⟦[^⟧]*⟧/g;

// A placeholder read as a number (a count given to Intl) becomes 900000 + its index, which any
// language's grouping prints as "900,012" or "900 012"; it is read back as the same ⟦path⟧.
const NUMBERED: string[] = [];
const numberOf = (path: string): number => {
  if (!NUMBERED.includes(path)) NUMBERED.push(path);
  return 900_000 + NUMBERED.indexOf(path);
};
const NUMBER = /900[,.\u00a0\u202f ]?(\d{3})/g;

/** An argument every text can read: each field (and the value itself) prints as ⟦its path⟧. */
const placeholder = (path: string): unknown => readable(path, { enums: ENUMS, numberOf });

function* leaves(a: unknown, b: unknown, path: string): Generator<[string, unknown, unknown]> {
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    expect(Object.keys(b).sort(), path).toEqual(Object.keys(a).sort());
    for (const key of Object.keys(a))
      yield* leaves(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
    return;
  }
  yield [path, a, b];
}

/** Fields whose value picks the wording (an enum): given a real value rather than a placeholder. */
const ENUMS: Record<string, unknown> = {
  action: 'stop',
  identity: 'workspace',
  source: 'platform-read',
  cause: 'timeout',
  refusal: 'admins',
  method: 'exposeManyV2',
  basis: 'platform',
  locale: 'ru',
};

/** Arguments for the texts that do more with a value than print it. */
const SAMPLES: Record<string, unknown[]> = {
  'messages.identity.language.current': [{ locale: 'ru', source: 'person', workspace: 'en' }],
  'messages.policy.problems.missing': [{ what: 'who' }],
  'messages.schedule.refused': [
    { reason: 'past', phrase: placeholder('p.phrase'), zone: placeholder('p.zone') },
  ],
  'messages.requests.refusal': [
    { refusal: 'not-in-channel', user: placeholder('p.user'), channel: placeholder('p.channel') },
  ],
};

const marks = (text: unknown): string[] => {
  const read = String(text).replace(NUMBER, (_all, index: string) => `⟦${NUMBERED[Number(index)]}⟧`);
  return [...new Set(read.match(MARK) ?? [])].sort();
};

describe('the Russian catalogue', () => {
  it('has every key of the English one, of the same kind', () => {
    let count = 0;
    for (const [path, a, b] of leaves(en, ru, 'messages')) {
      expect(typeof b, path).toBe(typeof a);
      if (typeof a === 'string') expect((b as string).length, path).toBeGreaterThan(0);
      count += 1;
    }
    expect(count).toBeGreaterThan(400);
  });

  it('uses the same placeholders as the English text, called with the same arguments', () => {
    const problems: string[] = [];
    let functions = 0;
    for (const [path, a, b] of leaves(en, ru, 'messages')) {
      if (typeof a !== 'function' || typeof b !== 'function') continue;
      const args = SAMPLES[path] ?? [placeholder('p'), placeholder('q')];
      const said = (f: unknown) => {
        try {
          return marks((f as (...args: unknown[]) => unknown)(...args)).join(' ');
        } catch (error) {
          return `throws ${String(error)}`;
        }
      };
      const english = said(a);
      const russian = said(b);
      if (english.startsWith('throws') || russian !== english)
        problems.push(`${path}: ${english} | ${russian}`);
      if (english !== '') functions += 1;
    }
    expect(problems).toEqual([]);
    // Texts that print none of their arguments compare as equal: most must print some.
    expect(functions).toBeGreaterThan(150);
  });

  it('keeps the platform’s stop reasons as values, with Russian labels', () => {
    expect(Object.keys(ru.labels.interruptReasons)).toEqual(Object.keys(en.labels.interruptReasons));
    expect(ru.labels.interruptReasons.bug).toBe('Баг');
    expect(ru.labels.interruptReasons.other).toBe('Другое');
  });

  it('documents every command in the help, with the command words as they are typed', () => {
    const usage = ru.help.commands.map((c) => c.usage).join('\n');
    for (const command of SUBCOMMANDS) expect(usage, command).toContain(command);
    expect(ru.help.commands.map((c) => c.key)).toEqual(en.help.commands.map((c) => c.key));
  });

  it('says numbers with Russian word forms', () => {
    expect(ru.connection.expiringSoon({ days: 1 })).toContain('через 1 день');
    expect(ru.connection.expiringSoon({ days: 3 })).toContain('через 3 дня');
    expect(ru.connection.expiringSoon({ days: 5 })).toContain('через 5 дней');
    expect(ru.connection.expiringSoon({ days: 21 })).toContain('через 21 день');
    expect(ru.audit.summary({ shown: 1234 })).toContain('1\u00a0234 попытки');
  });
});

/** Every plain_text the contracts bound, by limit. */
const BOUNDED: ReadonlyArray<[string, number, (m: typeof en) => readonly string[]]> = [
  [
    'view titles, submits, closes',
    LIMITS.viewTitle,
    (m) => [
      m.modals.cancel,
      m.modals.loadingTitle,
      m.modals.notDoneTitle,
      m.modals.stop.title,
      m.modals.stop.submit,
      m.modals.connect.title,
      m.modals.connect.submit,
      m.identity.login.title,
      m.identity.login.submit,
      m.policy.modal.title,
      m.policy.modal.submit,
      m.policy.modal.staleTitle,
      m.experimentModal.createTitle,
      m.experimentModal.createSubmit,
      m.experimentModal.editSubmit,
      m.experimentModal.editTitle({ experimentId: Number.MAX_SAFE_INTEGER }),
      m.experimentModal.editTitle({ experimentId: 12345678 }),
      m.experiments.stillWorkingTitle,
      m.experiments.loadFailedTitle,
      m.experimentEdit.audienceTitle,
      m.experimentEdit.audienceDone,
      m.experimentEdit.audienceBack,
      m.experimentEdit.confirmTitle,
      m.experimentEdit.confirmSubmit,
      m.experimentEdit.noChangesTitle,
      m.experimentEdit.conflictTitle,
      m.experimentEdit.saveFailedTitle,
    ],
  ],
  [
    'buttons',
    LIMITS.buttonText,
    (m) => [
      ...Object.values(m.actions.button),
      m.approvals.approveButton,
      m.approvals.rejectButton,
      m.dict.previous,
      m.dict.next,
      m.experimentCard.showButton,
      m.home.connectButton,
      m.home.disconnectButton,
      m.splitter.expose.confirmButton,
      m.splitter.expose.cancelButton,
      m.subscriptions.removeButton,
      m.audit.olderButton,
      m.audit.newestButton,
      m.policy.editButton,
      m.experimentList.previous,
      m.experimentList.next,
      m.experimentEdit.editAudience,
      m.experimentEdit.remove,
      m.experimentEdit.add,
      m.experimentEdit.previousPage,
      m.experimentEdit.nextPage,
    ],
  ],
  [
    'option texts and groups',
    LIMITS.optionText,
    (m) => [
      ...Object.values(m.labels.interruptReasons),
      m.modals.stop.noReason,
      ...Object.values(m.labels.types),
      ...Object.values(m.labels.markupScopeTypes),
      ...Object.values(m.labels.exposures),
      ...Object.values(m.labels.statisticalMethods),
      ...Object.values(m.labels.retroTypes),
      ...Object.values(m.labels.switchbackStrategies),
      m.experimentModal.ungrouped,
      m.experiments.loadingOption,
      m.experiments.unavailableOption,
      ...Object.values(m.policy.modal.whoOptions),
      m.policy.modal.approvalOption,
      m.policy.modal.personalOption,
      m.policy.modal.stopReasonRequired,
      m.policy.modal.stopReasonOptional,
      m.policy.modal.otherCommentRequired,
      m.policy.modal.otherCommentOptional,
      m.connection.states.active,
      m.modals.connect.scopeWorkspace,
      m.modals.connect.scopeChannel,
      m.modals.connect.scopeWorkspaceHint,
      m.modals.connect.scopeChannelHint,
    ],
  ],
  [
    'confirm buttons',
    LIMITS.confirmButton,
    (m) => [
      m.actions.startConfirm.confirm,
      m.actions.startConfirm.deny,
      m.actions.archiveConfirm.confirm,
      m.actions.archiveConfirm.deny,
      m.home.disconnectConfirm.confirm,
      m.home.disconnectConfirm.deny,
    ],
  ],
  [
    'confirm titles',
    LIMITS.confirmTitle,
    (m) => [
      m.actions.startConfirm.title(Number.MAX_SAFE_INTEGER),
      m.actions.archiveConfirm.title(Number.MAX_SAFE_INTEGER),
      m.home.disconnectConfirm.title,
    ],
  ],
  [
    'confirm texts',
    LIMITS.confirmText,
    (m) => [
      m.actions.startConfirm.text(Number.MAX_SAFE_INTEGER),
      m.actions.archiveConfirm.text(Number.MAX_SAFE_INTEGER),
      m.home.disconnectConfirm.text,
    ],
  ],
  [
    'headers and placeholders',
    LIMITS.headerText,
    (m) => [
      m.dict.listHeader,
      m.dict.pageHeader({ name: 'context-param-predicates' }),
      m.subscriptions.listHeader,
      m.experimentList.header,
      m.audit.header,
      m.policy.header,
      m.help.header,
      m.hooks.header,
      m.home.header,
      m.connection.tokenHeader,
      m.experimentModal.selectPlaceholder,
      m.experimentModal.searchPlaceholder,
      m.modals.stop.reasonPlaceholder,
      m.modals.stop.commentPlaceholder,
      m.identity.login.tokenPlaceholder,
      m.modals.connect.tokenPlaceholder,
      m.modals.connect.baseUrlPlaceholder,
    ],
  ],
];

describe('Russian texts within the Block Kit limits', () => {
  it.each(BOUNDED)('%s', (_name, max, texts) => {
    for (const catalogue of [en, ru])
      for (const text of texts(catalogue)) {
        expect(text.length, `${catalogue.locale}: ${text}`).toBeGreaterThan(0);
        expect(text.length, `${catalogue.locale}: ${text}`).toBeLessThanOrEqual(max);
      }
  });

  it('keeps the policy form labels within an input label with the longest action name', () => {
    for (const label of [
      ru.policy.modal.whoLabel,
      ru.policy.modal.groupsLabel,
      ru.policy.modal.channelsLabel,
    ])
      expect(label({ action: 'unarchive' }).length).toBeLessThanOrEqual(LIMITS.optionText);
  });
});

describe('mrkdwn escaping with Cyrillic input', () => {
  it('shows typed Cyrillic as typed, and its markers and mentions literally', () => {
    const typed = escapeMrkdwn('*Срочно* <!channel> _баг_ > цитата & ещё');
    expect(typed).not.toContain('<!channel>');
    expect(typed).toContain('&lt;!channel&gt;');
    expect(typed).toContain('Срочно');
    // A marker next to a Cyrillic letter cannot open formatting: it is shown through a date token.
    expect(typed).toContain('<!date^00000000^{_}|*>Срочно');
    const line = ru.lifecycle.stopDetails({
      reason: escapeMrkdwn(ru.labels.interruptReasons.bug),
      comment: typed,
    });
    expect(line).toBe(`*Причина:* Баг\n*Комментарий:* ${typed}`);
    const said = ru.input.badId({ got: escapeMrkdwn('абв`<@U1>`') });
    expect(said).not.toContain('<@U1>');
    const stopped = (name: string | undefined) =>
      ru.lifecycle.success({ action: 'stop', user: userMention('U1'), experiment: experimentRef(7, name) });
    expect(stopped('Корзина')).toBe('<@U1>: эксперимент *Корзина* (#7) остановлен');
    expect(stopped(undefined)).toBe('<@U1>: эксперимент *7* остановлен');
  });
});
