import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage, EmulatedView } from '../src/dev/slack-emulator/types.js';
import { addPublicChannel } from './support/channels.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { englishSentences } from './support/english-sentences.js';
import { openModal, text } from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { connectViaModal } from './support/oauth-harness.js';

// The main flows in Russian through the signed endpoint and the Slack emulator: an admin makes
// Russian the workspace's language, and what people then read (replies, cards, forms, the channel's
// posts) holds no English sentence. Data the platform owns (experiment names, statuses, dictionary
// values) and command words stay as they are; they are not sentences of the app's.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const MEMBER = EMULATOR_DEFAULTS.userId;
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const slack = emulatorQueries(() => h.emulator, { channel: CHANNEL });

/** Every text a view shows: title, buttons, labels, hints, options, placeholders, sections. */
function viewText(view: EmulatedView): string {
  const texts: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const child of node) walk(child);
    else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if ((record.type === 'plain_text' || record.type === 'mrkdwn') && typeof record.text === 'string')
        texts.push(record.text);
      for (const [key, value] of Object.entries(record)) if (key !== 'private_metadata') walk(value);
    }
  };
  walk(view.view);
  return texts.join('\n');
}

const expectRussian = (text: string, where: string) => {
  expect(englishSentences(text), `${where}: ${text}`).toEqual([]);
  expect(text, where).toMatch(/[а-яё]{3}/i);
};

/** The reply only `user` sees to this command, in Russian. */
async function replyInRussian(user: string, text: string, pattern: RegExp): Promise<EmulatedMessage> {
  const reply = await slack.replyToCommand(user, pattern, () => h.driver.command({ text, userId: user }));
  expectRussian(messageText(reply), `/exp ${text}`);
  return reply;
}

async function viewOpened(callbackId: string, user: string): Promise<EmulatedView> {
  return h.emulator.waitFor(
    () => [...h.emulator.views.values()].find((v) => v.view.callback_id === callbackId && v.userId === user),
    { message: `no ${callbackId} opened` },
  );
}

describe('the app in Russian', () => {
  it('is checked by a detector that finds the app’s English and lets names and values be', () => {
    expect(englishSentences('The platform did not answer in time. Nothing changed.')).toEqual([
      'The platform did not answer in time',
    ]);
    expect(englishSentences('Эксперимент *4* · Checkout button color · `running` · <@U1> :x:')).toEqual([]);
  });

  it('speaks the language an admin chose for the workspace, and says so in whoami', async () => {
    await replyInRussian(ADMIN, 'language workspace ru', /языком рабочего пространства/);
    const whoami = await replyInRussian(MEMBER, 'whoami', /Ваши действия/);
    expect(messageText(whoami)).toContain('по-русски (язык рабочего пространства)');
    await replyInRussian(MEMBER, 'help', /Эксперименты из Slack/);
    await replyInRussian(MEMBER, 'strat 4', /Неизвестная команда/);
  });

  it('refuses a member an admin-only button in Russian (the refusal is not read once at start-up)', async () => {
    const policy = await replyInRussian(ADMIN, 'policy', /Кому что здесь можно/);
    await h.driver.clickButton(policy, 'exp_policy_edit', { userId: MEMBER });
    const refused = await slack.ephemeralTo(MEMBER, /только администраторы/);
    expectRussian(messageText(refused), 'the policy’s Edit clicked by a member');
  });

  it('show, start and a conflict, in the channel and to the person', async () => {
    await replyInRussian(MEMBER, 'show 4', /Эксперимент 4/);
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    const started = await slack.channelMessage(/эксперимент \*Onboarding tour\* \(#4\) запущен/);
    expectRussian(messageText(started), 'start 4');
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    const refused = await slack.channelMessage(
      /попытался\(-ась\) \*запустить\* эксперимент \*Onboarding tour\* \(#4\)/,
    );
    expectRussian(messageText(refused), 'start 4 again');
  });

  it('schedules with Russian time words, and answers a time it cannot read with the forms it reads', async () => {
    const template = h.sandbox.state.experiments.get(4);
    if (!template) throw new Error('the sandbox has no experiment 4');
    h.sandbox.state.experiments.set(4502, { ...template, id: 4502, status: 'draft', name: 'Завтрашний' });
    await h.driver.command({ text: 'start 4502 завтра в 10:00', userId: MEMBER });
    const announced = await slack.channelMessage(/запланировал\(а\): \*запустить\* эксперимент \*4502\*/);
    expectRussian(messageText(announced), 'start 4502 завтра в 10:00');
    expect(messageText(announced)).toMatch(/ 10:00 \(/);
    const unreadable = await replyInRussian(MEMBER, 'start 4502 завтра утром', /не время, которое понимает/);
    expect(messageText(unreadable)).toContain('через 30 мин');
    await replyInRussian(MEMBER, 'start 4502 на следующей неделе', /а за ним время, если сделать это позже/);
    await replyInRussian(MEMBER, 'unschedule 4502', /отмен/i);
    expect(
      h.sandbox.state.requests.filter((r) => r.url.endsWith('/experiments/v1/4502/start')),
      'nothing reached the platform',
    ).toEqual([]);
  });

  it('the stop form, its refusal and its result', async () => {
    await h.driver.command({ text: 'stop 4', userId: MEMBER });
    const view = await viewOpened('exp_stop_modal', MEMBER);
    expectRussian(viewText(view), 'stop modal');
    expect(viewText(view)).toContain('Критичное влияние на метрики');
    const refused = await h.driver.submitView(view.id, {
      exp_stop_reason: { exp_stop_reason_select: { type: 'static_select', selected_option: null } },
      exp_stop_comment: { exp_stop_comment_input: { type: 'plain_text_input', value: 'x' } },
    });
    expect(refused.outcome).toMatchObject({ kind: 'errors' });
    for (const error of Object.values((refused.outcome as { errors: Record<string, string> }).errors))
      expectRussian(error, 'stop modal error');
    const submitted = await h.driver.submitView(view.id, {
      exp_stop_reason: {
        exp_stop_reason_select: {
          type: 'static_select',
          selected_option: { value: 'critical_metric_impact' },
        },
      },
      exp_stop_comment: { exp_stop_comment_input: { type: 'plain_text_input', value: 'Выручка упала' } },
    });
    expect(submitted.outcome).toEqual({ kind: 'closed' });
    const stopped = await slack.channelMessage(/эксперимент \*Onboarding tour\* \(#4\) остановлен/);
    expectRussian(messageText(stopped), 'stopped');
    expect(messageText(stopped)).toContain('*Причина:* Критичное влияние на метрики');
  });

  it('dictionaries, the create form and a subscription', async () => {
    await replyInRussian(MEMBER, 'dict', /Справочники/);
    await replyInRussian(MEMBER, 'dict layers', /Справочник: layers/);
    const form = await openModal(h, 'create');
    expectRussian(viewText(form), 'create form');
    await h.driver.command({ text: 'subscribe events:stop', userId: MEMBER });
    const note = await slack.channelMessage(/подписал\(а\) этот канал/);
    expectRussian(messageText(note), 'subscribe');
  });

  it('the splitter commands: a bad platform or participant, and a platform id the interface does not name', async () => {
    const platform = await replyInRussian(MEMBER, 'features checkout tv user:1', /не платформа/);
    expect(messageText(platform)).toContain('«tv» — не платформа. Укажите название или id: 1 Desktop, 4 iOS');
    await replyInRussian(MEMBER, 'features checkout ios user:-3', /«-3» — не id пользователя/);
    await replyInRussian(MEMBER, 'features checkout ios user:1 extra', /ровно три слова, а их 4/);
    await replyInRussian(MEMBER, 'features checkout 9 user:42', /Платформы с id 9 нет среди известных/);
  });

  it('an approval: the request in the channel, the word to the requester, Russian reason words', async () => {
    await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
    expectRussian(messageText(await slack.channelMessage(/требует одобрения второго человека/)), 'policy');
    await h.driver.command({ text: 'stop 2 баг Сломалась оплата', userId: MEMBER });
    const request = await slack.channelMessage(/просит/);
    expectRussian(messageText(request), 'approval request');
    expect(messageText(request)).toContain('*Причина:* Баг');
    expectRussian(messageText(await slack.ephemeralTo(MEMBER, /Просьба отправлена/)), 'waiting');
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: ADMIN });
    const stop = await slack.until(
      () =>
        h.sandbox.state.requests.find((r) => r.method === 'POST' && r.url.endsWith('/experiments/v1/2/stop')),
      'the approved stop never reached the platform',
    );
    expect(JSON.parse(stop.body ?? '{}')).toEqual({
      interruptReason: 'bug',
      interruptReasonComment: 'Сломалась оплата',
    });
  });
});

describe('two languages in one request', () => {
  it('posts to the channel in the workspace’s language and answers the person in theirs', async () => {
    await h.driver.command({ text: 'language workspace en', userId: ADMIN });
    await slack.replyToCommand(MEMBER, /по-русски/, () =>
      h.driver.command({ text: 'language ru', userId: MEMBER }),
    );
    await h.driver.command({ text: 'stop 5 other Трафик ушёл не туда', userId: MEMBER });
    const request = await slack.channelMessage(/asks to \*stop\* experiment \*5\*/);
    expect(messageText(request)).toContain('*Reason:* Other');
    const waiting = await slack.ephemeralTo(MEMBER, /Просьба отправлена: .*эксперимент \*5\*/);
    expect(englishSentences(messageText(waiting))).toEqual([]);
    // A scheduled action: announced to the channel in English, confirmed to her in Russian.
    await h.driver.command({ text: 'archive 5 in 3d', userId: MEMBER });
    await slack.channelMessage(/scheduled the app to \*archive\* experiment \*5\* at/);
    const confirmed = await slack.ephemeralTo(
      MEMBER,
      /Отозвать: «Отменить» или `\/exp unschedule 5 archive`/,
    );
    expect(englishSentences(messageText(confirmed))).toEqual([]);
    await slack.replyToCommand(MEMBER, /Your own choice is removed/, () =>
      h.driver.command({ text: 'language auto', userId: MEMBER }),
    );
  });
});

describe('the channel reads the workspace’s language, whoever clicks or types', () => {
  /** The message as it is now (an approval request is replaced in place once decided). */
  const now = (message: EmulatedMessage) => h.emulator.messages(CHANNEL).find((m) => m.ts === message.ts);
  const decided = (request: EmulatedMessage, pattern: RegExp) =>
    slack.until(() => {
      const m = now(request);
      return m && pattern.test(messageText(m)) ? m : undefined;
    }, `the request was not replaced by ${pattern}`);
  const noRussian = (text: string, where: string) => expect(text, where).not.toMatch(/[а-яё]/i);

  it('a Russian-speaking admin approves in an English workspace: the channel reads English, she Russian', async () => {
    await h.driver.command({ text: 'language workspace en', userId: ADMIN });
    await slack.replyToCommand(ADMIN, /по-русски/, () =>
      h.driver.command({ text: 'language ru', userId: ADMIN }),
    );

    await h.driver.command({ text: 'stop 3 bug checkout broke', userId: MEMBER });
    const done = await slack.channelMessage(/asks to \*stop\* experiment \*3\*/);
    await h.driver.clickButton(done, 'exp_approval_approve', { userId: ADMIN });
    const approved = await decided(done, /Approved by/);
    noRussian(messageText(approved), 'approved and done');
    const result = await slack.channelMessage(
      /stopped experiment \*Checkout button colour\* \(#3\) \(approved by/,
    );
    noRussian(messageText(result), 'the result in the channel');

    // What only she is told (the experiment is unknown) is Russian; the channel hears English that
    // claims nothing about the outcome.
    await h.driver.command({ text: 'stop 99999 bug', userId: MEMBER });
    const unknown = await slack.channelMessage(/asks to \*stop\* experiment \*99999\*/);
    await h.driver.clickButton(unknown, 'exp_approval_approve', { userId: ADMIN });
    expectRussian(messageText(await slack.ephemeralTo(ADMIN, /99999/)), 'to the approver alone');
    const told = await decided(unknown, /Approved by/);
    expect(messageText(told)).toContain(
      `but it did not go through: <@${ADMIN}> and the person who asked were told why`,
    );
    noRussian(messageText(told), 'approved, not done');

    // A policy change is announced in English; her mistake is explained in Russian.
    await replyInRussian(ADMIN, 'policy approval', /Укажите действие/);
    await h.driver.command({ text: 'policy approval unarchive on', userId: ADMIN });
    const announced = await slack.channelMessage(/unarchive.*approval|approval.*unarchive/i);
    noRussian(messageText(announced), 'policy change');
  });

  it('an English-speaking admin in a Russian workspace: the channel reads Russian, he English', async () => {
    await slack.replyToCommand(ADMIN, /speaks \*English\* to you/, () =>
      h.driver.command({ text: 'language en', userId: ADMIN }),
    );
    await h.driver.command({ text: 'language workspace ru', userId: ADMIN });

    await h.driver.command({ text: 'stop 7 bug сломалось', userId: MEMBER });
    const request = await slack.channelMessage(/просит .*\*7\*/);
    const opened = new Set(h.emulator.views.keys());
    await h.driver.clickButton(request, 'exp_approval_reject', { userId: ADMIN });
    const form = await slack.until(
      () =>
        [...h.emulator.views.values()].find(
          (v) => !opened.has(v.id) && v.view.callback_id === 'exp_reject_modal',
        ),
      'no reject form',
    );
    // The form is his (English); what replaces the request in the channel is Russian.
    noRussian(JSON.stringify(form.view), 'the reject form');
    await h.driver.submitView(form.id, {}, { userId: ADMIN });
    expectRussian(messageText(await decided(request, /Отклонено/)), 'rejected');

    const mistake = await slack.replyToCommand(ADMIN, /Say which action/, () =>
      h.driver.command({ text: 'policy approval', userId: ADMIN }),
    );
    noRussian(messageText(mistake), 'policy usage');
    await h.driver.command({ text: 'policy approval unarchive off', userId: ADMIN });
    expectRussian(messageText(await slack.channelMessage(/больше не требует одобрения/)), 'policy change');
  });

  it('an edit: the confirmation in the editor’s language, the diff in the channel in the workspace’s', async () => {
    const base = h.sandbox.state.experiments.get(123);
    if (!base) throw new Error('the sandbox has no experiment 123');
    h.sandbox.state.experiments.set(911, {
      ...structuredClone(base),
      id: 911,
      name: 'Experiment 911',
      label: 'russian_flows_911',
      status: 'draft',
    });
    await slack.replyToCommand(MEMBER, /speaks \*English\* to you/, () =>
      h.driver.command({ text: 'language en', userId: MEMBER }),
    );
    const form = await openModal(h, 'edit 911');
    const submitted = await h.driver.submitView(form.id, text(form, 'exp_xm_name', 'Renamed 911'));
    expect(submitted.outcome.kind, JSON.stringify(submitted.outcome)).toBe('pushed');
    const confirm = (submitted.outcome as { view: EmulatedView }).view;
    expect(viewText(confirm)).toContain('Save these changes?');
    expect(viewText(confirm)).not.toMatch(/[а-яё]/i);
    expect((await h.driver.submitView(confirm.id, {})).outcome).toEqual({ kind: 'cleared' });
    const line = await slack.channelMessage(/изменил\(а\) эксперимент \*[^*\n]+\* \(#911\)/);
    expectRussian(messageText(line), 'the edit in the channel');
    expect(messageText(line)).toContain('*Название*');
    expect(messageText(line)).toContain('Renamed 911');
    // Her own choice gone, she reads the workspace's language again.
    await slack.replyToCommand(MEMBER, /Ваш выбор снят/, () =>
      h.driver.command({ text: 'language auto', userId: MEMBER }),
    );
  });
});

describe('token reminders, sent with no request behind them', () => {
  const OPS = 'C0OPSROOM';
  const dm = (user: string) => `D${user.slice(1)}`;
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness({ alertIntervalMs: 20, tokenHealthIntervalMs: 150 });
    addPublicChannel(t.emulator, { id: OPS, name: 'ops', members: [ADMIN] });
  });
  afterAll(async () => {
    await t?.close();
  });
  const reminder = (channel: string) =>
    t.emulator.waitFor(
      () => t.emulator.messages(channel).find((m) => !m.ephemeral && /127\.0\.0\.1:\d+/.test(messageText(m))),
      { timeoutMs: 8000, message: `no token reminder in ${channel}` },
    );

  it('reach the ops channel in the workspace’s language and who connected it in theirs', async () => {
    await t.driver.command({ text: 'language workspace ru', userId: ADMIN });
    await t.driver.command({ text: 'language en', userId: ADMIN });
    await t.driver.command({ text: 'subscribe alerts:ops', userId: ADMIN, channelId: OPS });
    const token = await t.sandbox.issueToken({ name: 'short-lived', expiresInSeconds: 20 * 60 * 60 });
    await connectViaModal({
      driver: t.driver,
      emulator: t.emulator,
      adminId: ADMIN,
      baseUrl: t.sandbox.url,
      token,
    });
    expectRussian(messageText(await reminder(OPS)), 'the ops channel');
    const toHim = messageText(await reminder(dm(ADMIN)));
    expect(toHim).toMatch(/expires in less than a day/);
    expect(toHim).not.toMatch(/[а-яё]/i);
  });
});
