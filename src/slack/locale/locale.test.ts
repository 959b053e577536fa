import { Keyv, KeyvHooks } from 'keyv';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../../observability/logger.js';
import { createActorDirectory } from '../access/actor.js';
import { en, ru } from '../messages/index.js';
import { formatDateTime, plural, relativeTime } from './format.js';
import { inJobLocale } from './job-scope.js';
import { createLanguageStore } from './language-store.js';
import { localeOfSlack } from './locale.js';
import {
  askerOf,
  createLocaleResolver,
  languageReadAhead,
  readChoicesAhead,
  requestScope,
} from './request-scope.js';
import { DEFAULT_SCOPE, inLanguage, inWorkspaceLanguage, speaking, workspaceMessages } from './scope.js';
import { createSlackLocales, type UsersInfoClient } from './slack-locale.js';

const WORKSPACE = { teamId: 'T1' };

/** A users.info that answers with this locale and counts its calls. */
function slackSaying(locale: string | undefined, delayMs = 0) {
  const calls: unknown[] = [];
  const client = {
    users: {
      info: async (args: unknown) => {
        calls.push(args);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return { ok: true, user: { locale, tz: 'Europe/Moscow' } };
      },
    },
  } as unknown as UsersInfoClient;
  return { client, calls };
}

function resolverWith(keyv = new Keyv()) {
  const languages = createLanguageStore(keyv);
  const logger = createMemoryLogger('error');
  const actors = createActorDirectory({ admins: [], configuredWorkspace: async () => WORKSPACE, logger });
  const resolver = createLocaleResolver({
    languages,
    slackLocales: createSlackLocales({ lookUp: actors.person, budgetMs: 50 }),
    logger,
  });
  return { languages, resolver, actors };
}

describe('whose language a request speaks', () => {
  it('is the person’s choice, else the workspace’s, else their Slack locale, else English', async () => {
    const { languages, resolver } = resolverWith();
    const slackRu = slackSaying('ru-RU');
    const asker = { workspace: WORKSPACE, userId: 'U1' };
    expect(await resolver.scopeOf(asker, slackSaying('en-GB').client)).toMatchObject({
      person: 'en',
      workspace: 'en',
      source: 'slack',
    });
    expect(await resolver.scopeOf({ ...asker, userId: 'U5' }, slackSaying('fr-FR').client)).toMatchObject({
      person: 'en',
      source: 'default',
    });
    const bySlack = await resolver.scopeOf({ workspace: WORKSPACE, userId: 'U2' }, slackRu.client);
    expect(bySlack).toMatchObject({
      person: 'ru',
      workspace: 'en',
      source: 'slack',
      timeZone: 'Europe/Moscow',
    });
    expect(slackRu.calls).toEqual([{ user: 'U2', include_locale: true }]);

    await languages.setWorkspace(WORKSPACE, 'ru');
    expect(await resolver.scopeOf(asker, undefined)).toEqual({
      person: 'ru',
      workspace: 'ru',
      source: 'workspace',
    });
    await languages.setPerson(WORKSPACE, 'U1', 'en');
    expect(await resolver.scopeOf(asker, undefined)).toEqual({
      person: 'en',
      workspace: 'ru',
      source: 'person',
    });
    // Another workspace's choices are its own.
    expect(await resolver.scopeOf({ workspace: { teamId: 'T2' }, userId: 'U1' }, undefined)).toMatchObject({
      person: 'en',
      workspace: 'en',
    });
    await languages.setPerson(WORKSPACE, 'U1', undefined);
    expect((await resolver.scopeOf(asker, undefined)).person).toBe('ru');
  });

  it('asks Slack once per person, and a slow Slack costs English rather than the ack', async () => {
    const { resolver } = resolverWith();
    const slow = slackSaying('ru-RU', 500);
    const started = Date.now();
    expect((await resolver.scopeOf({ workspace: WORKSPACE, userId: 'U3' }, slow.client)).person).toBe('en');
    expect(Date.now() - started).toBeLessThan(400);
    const quick = slackSaying('ru-RU');
    await resolver.scopeOf({ workspace: WORKSPACE, userId: 'U4' }, quick.client);
    await resolver.scopeOf({ workspace: WORKSPACE, userId: 'U4' }, quick.client);
    expect(quick.calls).toHaveLength(1);
  });

  it('shares its users.info with the access check: one call per person for both', async () => {
    const { resolver, actors } = resolverWith();
    const slack = slackSaying('ru-RU');
    await resolver.scopeOf({ workspace: WORKSPACE, userId: 'U6' }, slack.client);
    const client = { ...slack.client, usergroups: { users: { list: async () => ({ users: [] }) } } };
    expect(await actors.actor(client as never, WORKSPACE, 'U6', [])).toMatchObject({ userId: 'U6' });
    expect(slack.calls).toEqual([{ user: 'U6', include_locale: true }]);
  });

  it('reads Slack locales of the two languages only', () => {
    expect(localeOfSlack('ru-RU')).toBe('ru');
    expect(localeOfSlack('en_US')).toBe('en');
    expect(localeOfSlack('uk-UA')).toBeUndefined();
    expect(localeOfSlack(undefined)).toBeUndefined();
  });

  it('finds who asked in every surface’s body', () => {
    expect(askerOf({ command: '/exp', team_id: 'T1', user_id: 'U1', enterprise_id: 'E1' })).toEqual({
      workspace: { teamId: 'T1', enterpriseId: 'E1' },
      userId: 'U1',
    });
    expect(askerOf({ type: 'block_actions', team: { id: 'T1' }, user: { id: 'U2', team_id: 'T1' } })).toEqual(
      {
        workspace: { teamId: 'T1', enterpriseId: undefined },
        userId: 'U2',
      },
    );
    expect(
      askerOf({ type: 'event_callback', team_id: 'T1', event: { type: 'app_home_opened', user: 'U3' } }),
    ).toEqual({ workspace: { teamId: 'T1', enterpriseId: undefined }, userId: 'U3' });
    expect(askerOf({ type: 'url_verification' })).toBeUndefined();
  });
});

describe('the deps a request speaks with', () => {
  it('carry its person’s catalogue as messages, with channel posts in the workspace’s language', async () => {
    const { languages, resolver } = resolverWith();
    await languages.setPerson(WORKSPACE, 'U1', 'ru');
    const app = { messages: en, locale: DEFAULT_SCOPE, logger: 'kept' };
    const body = { command: '/exp', team_id: 'T1', user_id: 'U1' };
    const [asked, other] = await Promise.all([
      requestScope(resolver, { body }, undefined),
      requestScope(resolver, { body: { ...body, user_id: 'U9' } }, undefined),
    ]);
    const russian = speaking(app, asked);
    expect(russian.messages.errors.timeout).toBe(ru.errors.timeout);
    expect(russian.logger).toBe('kept');
    expect(workspaceMessages(russian).errors.timeout).toBe(en.errors.timeout);
    expect(inWorkspaceLanguage(russian).messages).toBe(en);
    expect(inWorkspaceLanguage(russian).locale).toEqual({ ...asked, person: 'en' });
    expect(inLanguage(russian, 'ru')).toBe(russian);
    expect(speaking(app, other).messages).toBe(en);
    // The app's own deps are left as they were: English outside any request.
    expect(app.messages).toBe(en);
    expect(await requestScope(resolver, { body: { type: 'url_verification' } }, undefined)).toBe(
      DEFAULT_SCOPE,
    );
  });
});

describe('numbers, plurals and times through Intl', () => {
  it('picks the Russian word form and groups digits', () => {
    expect(
      [1, 2, 5, 11, 21, 22, 1000].map((n) =>
        plural('ru', n, { one: 'день', few: 'дня', many: 'дней', other: 'дня' }),
      ),
    ).toEqual(['1 день', '2 дня', '5 дней', '11 дней', '21 день', '22 дня', '1\u00a0000 дней']);
    expect(plural('en', 1, { one: 'day', other: 'days' })).toBe('1 day');
  });

  it('says relative times and dates in the language and the person’s time zone', () => {
    expect(relativeTime('ru', -3 * 3_600_000)).toBe('3 часа назад');
    expect(relativeTime('en', 2 * 86_400_000)).toBe('in 2 days');
    const date = new Date('2026-03-01T21:30:00Z');
    expect(formatDateTime('ru', date, 'Europe/Moscow')).toMatch(/2 мар\.? 2026 г\.,? 00:30/);
    expect(formatDateTime('en', date, 'UTC')).toMatch(/Mar 1, 2026,? 9:30\sPM/);
  });
});

describe('a queued message’s languages', () => {
  it('are the workspace’s for a channel and the person’s for a direct message', async () => {
    const { languages, resolver } = resolverWith();
    await languages.setWorkspace(WORKSPACE, 'ru');
    await languages.setPerson(WORKSPACE, 'U0PERSON1', 'en');
    const said: string[] = [];
    const handler = inJobLocale(
      { messages: en, locale: DEFAULT_SCOPE, locales: resolver },
      (data: { workspace: typeof WORKSPACE; channelId: string }) => data,
      (deps) => async (job) => {
        said.push(`${job.data.channelId}: ${deps.messages.errors.timeout}`);
        return { kind: 'done' };
      },
    );
    const job = (channelId: string) =>
      ({ data: { workspace: WORKSPACE, channelId } }) as Parameters<typeof handler>[0];
    await handler(job('C0GENERAL'));
    await handler(job('U0PERSON1'));
    expect(said).toEqual([`C0GENERAL: ${ru.errors.timeout}`, `U0PERSON1: ${en.errors.timeout}`]);
  });
});

describe('the language choices', () => {
  /** A Keyv that counts the reads asked of it (through Keyv's own hooks). */
  function countingKeyv() {
    const keyv = new Keyv();
    const reads: string[] = [];
    keyv.hooks.addHandler(KeyvHooks.PRE_GET, () => reads.push('get'));
    keyv.hooks.addHandler(KeyvHooks.PRE_GET_MANY, () => reads.push('getMany'));
    return { keyv, reads };
  }

  it('reads the person’s and the workspace’s choice in one read, each request', async () => {
    const { keyv, reads } = countingKeyv();
    const languages = createLanguageStore(keyv);
    await languages.setWorkspace(WORKSPACE, 'ru');
    await languages.setPerson(WORKSPACE, 'U1', 'en');
    await keyv.set(':T1:U9', 'fr');
    reads.length = 0;
    expect(await languages.chosen(WORKSPACE, 'U1')).toEqual({ person: 'en', workspace: 'ru' });
    expect(reads).toEqual(['getMany']);
    // What is stored and is not a language the app speaks counts as no choice.
    expect(await languages.chosen(WORKSPACE, 'U9')).toEqual({ person: undefined, workspace: 'ru' });
    expect(await languages.chosen({ teamId: 'T2' }, 'U1')).toEqual({
      person: undefined,
      workspace: undefined,
    });
    reads.length = 0;
    expect(await languages.chosen(WORKSPACE, undefined)).toEqual({ workspace: 'ru' });
    expect(reads).toEqual(['get']);
  });
});

/** U1 has chosen Russian; `reads` lists each read of the choices (one getMany each). */
async function russianSpeakerU1() {
  const keyv = new Keyv();
  const reads: unknown[] = [];
  keyv.hooks.addHandler(KeyvHooks.PRE_GET_MANY, (data: { keys: unknown }) => void reads.push(data.keys));
  const { languages, resolver } = resolverWith(keyv);
  await languages.setPerson(WORKSPACE, 'U1', 'ru');
  return { reads, resolver };
}

describe('language choices read ahead of the listeners', () => {
  it('say the language of what the receiver answers itself, once they are in', async () => {
    const { resolver } = await russianSpeakerU1();
    const body = { command: '/exp', team_id: 'T1', user_id: 'U1' };
    const context = readChoicesAhead(resolver, body);
    // Still being read: the receiver does not wait for them.
    expect(languageReadAhead(context)).toBe('en');
    await new Promise((resolve) => setImmediate(resolve));
    expect(languageReadAhead(context)).toBe('ru');
    expect(languageReadAhead({})).toBe('en');
    const { languages, resolver: another } = resolverWith();
    await languages.setWorkspace(WORKSPACE, 'ru');
    const chose = readChoicesAhead(another, { ...body, user_id: 'U9' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(languageReadAhead(chose)).toBe('ru');
  });

  it('are read once, by the receiver, and used by the request they were read for', async () => {
    const { reads, resolver } = await russianSpeakerU1();
    const body = { command: '/exp', team_id: 'T1', user_id: 'U1' };
    const context = readChoicesAhead(resolver, body);
    expect(reads).toHaveLength(1);
    const spoken = (await requestScope(resolver, { body, context }, undefined)).person;
    expect(spoken).toBe('ru');
    expect(reads).toHaveLength(1);
  });

  it('once read, are used as they are: no budget timer for a request whose choices are in', async () => {
    const { resolver } = await russianSpeakerU1();
    const body = { command: '/exp', team_id: 'T1', user_id: 'U1' };
    const context = readChoicesAhead(resolver, body);
    await new Promise((resolve) => setImmediate(resolve));
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let spoken: string | undefined;
    try {
      spoken = (await requestScope(resolver, { body, context }, undefined)).person;
      expect(timers).not.toHaveBeenCalled();
    } finally {
      timers.mockRestore();
    }
    expect(spoken).toBe('ru');
  });

  it("are not used for another asker's request, which reads its own", async () => {
    const { reads, resolver } = await russianSpeakerU1();
    const context = readChoicesAhead(resolver, { command: '/exp', team_id: 'T1', user_id: 'U1' });
    const other = { command: '/exp', team_id: 'T1', user_id: 'U2' };
    const spoken = (await requestScope(resolver, { body: other, context }, undefined)).person;
    expect(spoken).toBe('en');
    expect(reads).toHaveLength(2);
  });

  it('that fail and are never used leave no unhandled rejection, and a request using them speaks English', async () => {
    const keyv = new Keyv();
    keyv.getMany = async () => {
      throw new Error('the store is down');
    };
    const { resolver } = resolverWith(keyv);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const body = { command: '/exp', team_id: 'T1', user_id: 'U1' };
      readChoicesAhead(resolver, body);
      const context = readChoicesAhead(resolver, body);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const spoken = (await requestScope(resolver, { body, context }, undefined)).person;
      expect(spoken).toBe('en');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
