import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import { createIntentLog } from '../../core/intents.js';
import { createRequestStore } from '../../core/requests/request-store.js';
import { createMemoryLogger } from '../../observability/logger.js';
import { backendFixture } from '../../store/backends.test-helper.js';
import { storedValues } from '../../store/conditional-update.js';
import { createActorDirectory } from '../access/actor.js';
import { createLanguageStore } from '../locale/language-store.js';
import { createLocaleResolver } from '../locale/request-scope.js';
import { DEFAULT_SCOPE } from '../locale/scope.js';
import { createSlackLocales } from '../locale/slack-locale.js';
import { en } from '../messages/index.js';
import { createSubscriberAlerts } from '../subscriptions/notify-subscribers.js';
import { reportOrphanedActions } from './orphan-sweep.js';

// What a dead process left behind is reported with no request to take a language from: in the
// channel's (the workspace's) language, or the person's when there is no channel to post in.

const WORKSPACE = { teamId: 'T1' };
/** No channel subscribes: the subscribers' alert (test/interrupted-alerts.test.ts) finds nobody. */
const NO_SUBSCRIBERS = {
  subscriberAlerts: createSubscriberAlerts({
    subscriptions: { matching: async () => [] } as never,
    alerts: { enqueue: async () => {} } as never,
    channelAlerts: { now: () => Date.now() } as never,
    scopeOf: () => 'T1',
    metrics: { inc: () => {} } as never,
    logger: createMemoryLogger('error'),
  }),
};
const PERSON = 'U0PERSON1';

async function sweepAfterADeadProcess(
  choose: (languages: ReturnType<typeof createLanguageStore>) => Promise<void>,
  /** The names the app recorded, by experiment id. */
  recorded: Readonly<Record<number, string>> = {},
) {
  const logger = createMemoryLogger('error');
  const languages = createLanguageStore(new Keyv());
  await choose(languages);
  const actors = createActorDirectory({ admins: [], configuredWorkspace: async () => WORKSPACE, logger });
  const locales = createLocaleResolver({
    languages,
    slackLocales: createSlackLocales({ lookUp: actors.person }),
    logger,
  });
  const keyv = new Keyv({ namespace: 'intents' });
  const log = (owner: string, now: () => Date) =>
    createIntentLog({ keyv, now, inFlightMs: 1_000, onError: () => {}, owner });
  // A process that died an hour ago, mid-call: one action asked in a channel, one from a DM.
  const dead = log('aaaaaaaaaaaaaaaa', () => new Date(Date.now() - 3_600_000));
  const base = { workspace: WORKSPACE, action: 'start' as const, actorId: PERSON };
  await dead.begin({ ...base, experimentId: 4, channelId: 'C0GENERAL' });
  await dead.begin({ ...base, experimentId: 5, channelId: 'D0PERSON1' });
  const posted: Array<{ channel: string; text: string }> = [];
  const client = {
    chat: {
      postMessage: async (args: { channel: string; text?: string }) => {
        posted.push({ channel: args.channel, text: args.text ?? '' });
        return { ok: true };
      },
    },
  };
  const { reported } = await reportOrphanedActions(
    {
      audit: { record: async () => {} } as never,
      knowledge: {
        records: {
          get: async (_scope: string, id: number) =>
            recorded[id] === undefined ? undefined : { name: { value: recorded[id] } },
        },
      } as never,
      intents: log('bbbbbbbbbbbbbbbb', () => new Date()),
      locks: { claim: async () => true } as never,
      logger,
      messages: en,
      locale: DEFAULT_SCOPE,
      locales,
      requests: {} as never,
      policies: {} as never,
      ...NO_SUBSCRIBERS,
    },
    async () => client as never,
  );
  expect(reported).toBe(2);
  const to = (channel: string) => posted.find((p) => p.channel === channel)?.text ?? '';
  return { channel: to('C0GENERAL'), person: to(PERSON) };
}

describe('the orphan sweep’s notices', () => {
  it('speak the workspace’s language in the channel and the person’s in a DM', async () => {
    const said = await sweepAfterADeadProcess(async (languages) => {
      await languages.setWorkspace(WORKSPACE, 'ru');
      await languages.setPerson(WORKSPACE, PERSON, 'en');
    });
    expect(said.channel).toMatch(/эксперимент|Эксперимент/);
    expect(said.channel).not.toMatch(/\b(the|was|experiment)\b/);
    expect(said.person).toMatch(/\bexperiment\b/);
    expect(said.person).not.toMatch(/[а-яё]/i);
  });

  it('and the other way round', async () => {
    const said = await sweepAfterADeadProcess(async (languages) => {
      await languages.setPerson(WORKSPACE, PERSON, 'ru');
    });
    expect(said.channel).toMatch(/\bexperiment\b/);
    expect(said.channel).not.toMatch(/[а-яё]/i);
    expect(said.person).toMatch(/[а-яё]{3}/i);
  });

  it('name the experiment first where the app recorded its name, by its id alone where not', async () => {
    const said = await sweepAfterADeadProcess(
      async (languages) => {
        await languages.setWorkspace(WORKSPACE, 'ru');
        await languages.setPerson(WORKSPACE, PERSON, 'en');
      },
      { 4: 'Checkout copy' },
    );
    expect(said.channel).toContain('*запуск* эксперимента *Checkout copy* (#4) для');
    expect(said.channel).toContain('`/exp show 4`');
    expect(said.person).toContain('*start* on experiment *5* for');
  });
});

/** The pieces a sweep of stored requests reads: locales, one intent log per process, the request store. */
async function storedRequestWorld() {
  const logger = createMemoryLogger('error');
  const actors = createActorDirectory({ admins: [], configuredWorkspace: async () => WORKSPACE, logger });
  const locales = createLocaleResolver({
    languages: createLanguageStore(new Keyv()),
    slackLocales: createSlackLocales({ lookUp: actors.person }),
    logger,
  });
  const keyv = new Keyv({ namespace: 'intents' });
  const intentLog = (owner: string, now: () => Date) =>
    createIntentLog({ keyv, now, inFlightMs: 1_000, onError: () => {}, owner });
  const requests = createRequestStore({
    stored: storedValues(await backendFixture('memory').open(), 'requests'),
    now: () => new Date(),
  });
  return { logger, locales, intentLog, requests };
}

describe('a receipt whose command stored a request to wait', () => {
  it('takes the request back while it waits, and says nothing when it had run already', async () => {
    const { logger, locales, intentLog, requests } = await storedRequestWorld();
    const dead = intentLog('aaaaaaaaaaaaaaaa', () => new Date(Date.now() - 3_600_000));
    // Two commands stored a start to wait; the process died before either command ended.
    const stored = async (experimentId: number) => {
      const receipt = dead.receive({ workspace: WORKSPACE, action: 'start', experimentId, actorId: PERSON });
      await receipt.written;
      const id = crypto.randomUUID();
      await dead.noteRequest(receipt.id, { scope: 'T1', id });
      const created = await requests.create({
        id,
        scope: 'T1',
        teamId: 'T1',
        requestedBy: PERSON,
        channelId: 'C0GENERAL',
        surface: 'command',
        what: { action: 'start', experimentId },
        state: 'scheduled',
        runAt: new Date(Date.now() - 1_000).toISOString(),
      });
      if (created.kind !== 'created') throw new Error('not created');
      return id;
    };
    const waiting = await stored(4);
    const ran = await stored(5);
    await requests.apply('T1', ran, { kind: 'run' });
    const posted: Array<{ channel: string; text: string }> = [];
    const client = {
      chat: {
        postMessage: async (args: { channel: string; text?: string }) => {
          posted.push({ channel: args.channel, text: args.text ?? '' });
          return { ok: true };
        },
        update: async () => ({ ok: true }),
      },
    };
    const { reported } = await reportOrphanedActions(
      {
        audit: { record: async () => {} } as never,
        knowledge: { records: { get: async () => undefined } } as never,
        intents: intentLog('bbbbbbbbbbbbbbbb', () => new Date()),
        locks: { claim: async () => true } as never,
        logger,
        messages: en,
        locale: DEFAULT_SCOPE,
        locales,
        requests,
        policies: {} as never,
        ...NO_SUBSCRIBERS,
      },
      async () => client as never,
    );
    expect(reported).toBe(1);
    expect((await requests.get('T1', waiting))?.state).toBe('cancelled');
    expect((await requests.get('T1', ran))?.state).toBe('running');
    const reports = posted.filter((p) => /The app stopped after acknowledging/.test(p.text));
    expect(reports.map((p) => p.text)).toEqual([expect.stringContaining('experiment *4*')]);
    expect(posted.some((p) => p.text.includes('experiment *5*'))).toBe(false);
  });

  it('ends a run the dead process was sending as unknown, and says nothing of one already given up', async () => {
    const { logger, locales, intentLog, requests } = await storedRequestWorld();
    const dead = intentLog('aaaaaaaaaaaaaaaa', () => new Date(Date.now() - 3_600_000));
    const running = async (experimentId: number) => {
      const created = await requests.create({
        scope: 'T1',
        teamId: 'T1',
        requestedBy: PERSON,
        channelId: 'C0GENERAL',
        surface: 'command',
        what: { action: 'start', experimentId },
        state: 'scheduled',
        runAt: new Date(Date.now() - 1_000).toISOString(),
      });
      if (created.kind !== 'created') throw new Error('not created');
      const { id } = created.request;
      await requests.apply('T1', id, { kind: 'run' });
      await dead.begin({
        workspace: WORKSPACE,
        action: 'start',
        experimentId,
        actorId: PERSON,
        channelId: 'C0GENERAL',
        request: { scope: 'T1', id },
      });
      return id;
    };
    const cut = await running(4);
    const givenUp = await running(5);
    await requests.apply('T1', givenUp, { kind: 'finish', state: 'outcome-unknown', why: 'interrupted' });
    const posted: Array<{ channel: string; text: string }> = [];
    const client = {
      chat: {
        postMessage: async (args: { channel: string; text?: string }) => {
          posted.push({ channel: args.channel, text: args.text ?? '' });
          return { ok: true };
        },
      },
    };
    const { reported } = await reportOrphanedActions(
      {
        audit: { record: async () => {} } as never,
        knowledge: { records: { get: async () => undefined } } as never,
        intents: intentLog('bbbbbbbbbbbbbbbb', () => new Date()),
        locks: { claim: async () => true } as never,
        logger,
        messages: en,
        locale: DEFAULT_SCOPE,
        locales,
        requests,
        policies: {} as never,
        ...NO_SUBSCRIBERS,
      },
      async () => client as never,
    );
    expect(reported).toBe(1);
    expect(await requests.get('T1', cut)).toMatchObject({ state: 'outcome-unknown', why: 'process-stopped' });
    expect(posted.map((p) => p.text)).toEqual([expect.stringContaining('experiment *4*')]);
  });
});

describe('a report the store cut part-way', () => {
  it('is made by a later look once its claim has lapsed, once, with the request ended once', async () => {
    const { logger, locales, intentLog, requests } = await storedRequestWorld();
    const created = await requests.create({
      scope: 'T1',
      teamId: 'T1',
      requestedBy: PERSON,
      channelId: 'C0GENERAL',
      surface: 'command',
      what: { action: 'start', experimentId: 4 },
      state: 'scheduled',
      runAt: new Date(Date.now() - 1_000).toISOString(),
    });
    if (created.kind !== 'created') throw new Error('not created');
    const { id } = created.request;
    await requests.apply('T1', id, { kind: 'run' });
    await intentLog('aaaaaaaaaaaaaaaa', () => new Date(Date.now() - 3_600_000)).begin({
      workspace: WORKSPACE,
      action: 'start',
      experimentId: 4,
      actorId: PERSON,
      channelId: 'C0GENERAL',
      request: { scope: 'T1', id },
    });
    // Claims held until they lapse, on a clock the test moves.
    let now = Date.now();
    const claims = new Map<string, number>();
    const locks = {
      claim: async (key: string, ttlMs: number) => {
        if ((claims.get(key) ?? 0) > now) return false;
        claims.set(key, now + ttlMs);
        return true;
      },
    };
    let auditDown = true;
    const posted: string[] = [];
    const client = {
      chat: { postMessage: async (args: { text?: string }) => void posted.push(args.text ?? '') },
    };
    const sweep = () =>
      reportOrphanedActions(
        {
          audit: {
            record: async () => {
              if (auditDown) throw new Error('the store went away');
            },
          } as never,
          intents: intentLog('bbbbbbbbbbbbbbbb', () => new Date()),
          knowledge: { records: { get: async () => undefined } } as never,
          locks: locks as never,
          logger,
          messages: en,
          locale: DEFAULT_SCOPE,
          locales,
          requests,
          policies: {} as never,
          ...NO_SUBSCRIBERS,
        },
        async () => client as never,
      );
    await expect(sweep()).rejects.toThrow(/went away/);
    expect(posted).toEqual([]);
    auditDown = false;
    now += 60_000;
    expect((await sweep()).reported).toBe(1);
    expect((await sweep()).reported).toBe(0);
    expect(await requests.get('T1', id)).toMatchObject({ state: 'outcome-unknown', why: 'process-stopped' });
    expect(posted).toEqual([expect.stringContaining('experiment *4*')]);
  });
});
