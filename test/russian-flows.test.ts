import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage, EmulatedView } from '../src/dev/slack-emulator/types.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { openModal } from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

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

/** Words that make a run of Latin words an English sentence rather than a name or a value. */
const ENGLISH_GLUE =
  /\b(the|is|are|was|not|to|of|and|this|that|you|your|it|for|with|by|has|have|be|no|can|will|an?)\b/i;

/**
 * English sentences left in a text: runs of three or more Latin words holding one of the glue words,
 * once code spans, Slack's <…> tokens, emoji and URLs are taken out.
 */
function englishSentences(text: string): string[] {
  const prose = text
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/:[a-z0-9_+-]+:/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  const runs = prose.match(/[A-Za-z][A-Za-z'’-]*(?:[ ,]+[A-Za-z][A-Za-z'’-]*){2,}/g) ?? [];
  return runs.filter((run) => ENGLISH_GLUE.test(run));
}

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

  it('show, start and a conflict, in the channel and to the person', async () => {
    await replyInRussian(MEMBER, 'show 4', /Эксперимент 4/);
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    const started = await slack.channelMessage(/эксперимент \*4\* запущен/);
    expectRussian(messageText(started), 'start 4');
    await h.driver.command({ text: 'start 4', userId: MEMBER });
    const refused = await slack.channelMessage(/попытался\(-ась\) \*запустить\* эксперимент \*4\*/);
    expectRussian(messageText(refused), 'start 4 again');
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
    const stopped = await slack.channelMessage(/эксперимент \*4\* остановлен/);
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

  it('an approval: the request in the channel, the word to the requester, Russian reason words', async () => {
    await h.driver.command({ text: 'policy approval stop on', userId: ADMIN });
    expectRussian(messageText(await slack.channelMessage(/требует одобрения второго человека/)), 'policy');
    await h.driver.command({ text: 'stop 2 баг Сломалась оплата', userId: MEMBER });
    const request = await slack.channelMessage(/просит/);
    expectRussian(messageText(request), 'approval request');
    expect(messageText(request)).toContain('*Причина:* Баг');
    expectRussian(messageText(await slack.ephemeralTo(MEMBER, /опубликована в канале/)), 'waiting');
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
    const waiting = await slack.ephemeralTo(
      MEMBER,
      /Ваша просьба .*эксперимента \*5\* опубликована в канале/,
    );
    expect(englishSentences(messageText(waiting))).toEqual([]);
    // A scheduled action: announced to the channel in English, confirmed to her in Russian.
    await h.driver.command({ text: 'archive 5 in 3d', userId: MEMBER });
    await slack.channelMessage(/scheduled \*archive\* experiment \*5\* for/);
    const confirmed = await slack.ephemeralTo(MEMBER, /Запланировано/);
    expect(englishSentences(messageText(confirmed))).toEqual([]);
    await slack.replyToCommand(MEMBER, /Your own choice is removed/, () =>
      h.driver.command({ text: 'language auto', userId: MEMBER }),
    );
  });
});
