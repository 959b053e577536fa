import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICTIONARY_NAMES } from '../src/console/types.js';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

type Obj = Record<string, unknown>;
const CHANNEL = 'C0GENERAL';
const USER = 'U0MEMBER1';
/** Exposures change experiment statistics: the default policy leaves them to admins. */
const ADMIN = 'U0ADMIN01';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

function dictionaryRequests(suffix: string) {
  return h.sandbox.state.requests.filter(
    (r) => r.method === 'GET' && r.url.endsWith(`/dictionaries/${suffix}`),
  );
}

/** Sends a command and returns the first new ephemeral reply (after the ack) that matches. */
async function reply(text: string, pattern: RegExp = /./, userId = USER): Promise<EmulatedMessage> {
  const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
  const res = await h.driver.command({ text, userId });
  expect(res.status).toBe(200);
  return h.emulator.waitFor(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find(
          (m) => !seen.has(m.ts) && m.ephemeral && m.targetUserId === userId && pattern.test(messageText(m)),
        ),
    { timeoutMs: 8000, message: `no reply to ${text} matching ${pattern}` },
  );
}

function expectLimits(message: EmulatedMessage) {
  expectWithinBlockKitLimits({ kind: 'message', text: message.text, blocks: message.blocks ?? [] });
}

describe('/exp dict', () => {
  it('lists the eleven dictionaries', async () => {
    const list = await reply('dict', /layers/);
    for (const name of DICTIONARY_NAMES) expect(messageText(list)).toContain(name);
    expectLimits(list);
  });

  it.each(DICTIONARY_NAMES.map((n) => [n]))(
    'shows %s from the sandbox within Block Kit limits',
    async (name) => {
      const page = await reply(`dict ${name}`, new RegExp(name.replace('-', '.')));
      expect(page.ephemeral).toBe(true);
      expectLimits(page);
      expect(dictionaryRequests(name).length).toBeGreaterThan(0);
    },
  );

  it('accepts aliases and suggests the closest name for a typo, without a platform call', async () => {
    const before = h.sandbox.state.requests.length;
    const typo = await reply('dict layres', /layers/);
    expect(messageText(typo)).toMatch(/did you mean|unknown/i);
    expect(h.sandbox.state.requests.length).toBe(before);
    await reply('dict participant-types', /participantTypes/);
    await reply('dict predicates', /context-param-predicates/);
  });

  it('serves repeated reads from the cache and reloads with --refresh', async () => {
    await reply('dict tags', /tags/);
    const after = dictionaryRequests('tags').length;
    await reply('dict tags', /tags/);
    expect(dictionaryRequests('tags').length).toBe(after);
    await reply('dict tags --refresh', /tags/);
    expect(dictionaryRequests('tags').length).toBe(after + 1);
  });

  it('shows participant lists allowed and excluded apart, and teams as a structure', async () => {
    const lists = messageText(await reply('dict lists', /participant-lists/));
    expect(lists).toMatch(/allowed/i);
    expect(lists).toMatch(/excluded/i);
    expect(lists.search(/allowed/i)).toBeLessThan(lists.search(/excluded/i));
    const teams = await reply('dict teams', /teams/);
    expect(messageText(teams)).toMatch(/\u2003|in .+ \/ /);
  });

  it('filters case-insensitively on label and value', async () => {
    const page = messageText(await reply('dict layers CHECKOUT', /layers/));
    expect(page.toLowerCase()).toContain('checkout');
    expect(page).not.toContain('Search ranking');
  });

  it('sends experiment= and domain= as the GET body of context-param-predicates and explains statuses', async () => {
    const page = messageText(await reply('dict predicates domain=1', /context-param-predicates/));
    const sent = dictionaryRequests('context-param-predicates').at(-1);
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ domainId: 1 });
    expect(page).toMatch(/Active: available for filtering/);
  });

  it('shows operators readably, and a refresh hint that repeats the domain and the filter', async () => {
    const page = messageText(await reply('dict predicates domain=1 city', /context-param-predicates/));
    expect(page).toContain('equals (`eq`), does not equal (`neq`), is one of (`in`)');
    expect(page).toContain('string: equals, does not equal, is one of, is none of, contains');
    expect(page).toContain('version: equals, greater than, less than');
    expect(page).not.toMatch(/"arity"|\{"id"/);
    expect(page).toContain('`/exp dict context-param-predicates domain=1 city --refresh`');
    expect(page).not.toContain('App version');

    // Running the hint reads the same request again and shows the same entries.
    const before = dictionaryRequests('context-param-predicates').length;
    const again = messageText(
      await reply('dict context-param-predicates domain=1 city --refresh', /context-param-predicates/),
    );
    expect(dictionaryRequests('context-param-predicates').length).toBe(before + 1);
    expect(JSON.parse(dictionaryRequests('context-param-predicates').at(-1)?.body ?? '{}')).toEqual({
      domainId: 1,
    });
    expect(again).toContain('• City — `2`');
    expect(again).toContain('Read for domain 1.');
  });

  it('filters by every word in any order', async () => {
    const page = messageText(await reply('dict metrics conversion checkout d7', /objective-meta/));
    expect(page).toContain('`checkout.conversion.d7`');
    expect(page).toContain('Showing 1–1 of 1');
  });

  it('pages a large dictionary with Next, each page within limits', async () => {
    const first = await reply('dict metrics', /objective-meta/);
    expectLimits(first);
    expect(JSON.stringify(first.blocks)).toContain('exp_dict_next');
    const res = await h.driver.clickButton(first, 'exp_dict_next', { userId: USER });
    expect(res.status).toBe(200);
    const second = await h.emulator.waitFor(() => {
      const updated = h.emulator.messages(CHANNEL).find((m) => m.ts === first.ts);
      return updated && updated.edits > first.edits ? updated : undefined;
    });
    expectLimits(second);
    expect(messageText(second)).not.toBe(messageText(first));
    expect(JSON.stringify(second.blocks)).toContain('exp_dict_prev');
  });
});

describe('/exp features and /exp expose', () => {
  it('shows the groups of a user for a tag without registering an exposure', async () => {
    const exposures = h.sandbox.state.exposures.length;
    const page = messageText(await reply('features checkout ios user:42', /checkout_/));
    expect(page).toContain('checkout_one_click');
    expect(page).toMatch(/control|test/);
    expect(h.sandbox.state.exposures.length).toBe(exposures);
    const splitterCall = h.sandbox.state.requests.filter((r) => r.url.includes('getFeaturesByTag')).at(-1);
    expect(JSON.parse(splitterCall?.body ?? '{}')).toEqual({
      tag: 'checkout',
      platform: { id: 4 },
      participant: { userId: 42 },
    });
  });

  it('says so when there are no features, and explains bad arguments without a call', async () => {
    await reply('features no-such-tag desktop visitor:abc', /no features/i);
    const before = h.sandbox.state.requests.length;
    await reply('features checkout tv user:1', /platform/i);
    await reply('features checkout ios user:-3', /user/i);
    await reply('features checkout', /features TAG PLATFORM PARTICIPANT|TAG/);
    expect(h.sandbox.state.requests.length).toBe(before);
  });

  it('shows the splitter error kind and message', async () => {
    h.sandbox.failNext(
      {
        status: 400,
        body: '{"error":{"kind":"bad_request","message":"tag is archived"}}',
        contentType: 'application/json',
      },
      { pathIncludes: 'getFeaturesByTag' },
    );
    const page = messageText(await reply('features checkout ios user:42', /bad_request/));
    expect(page).toContain('tag is archived');
  });

  it('asks once before exposing, registers once on a double Confirm, and Cancel registers nothing', async () => {
    const before = h.sandbox.state.exposures.length;
    // A member is refused by the default policy, and nothing is registered.
    await reply('expose checkout_one_click android 77', /expose\* needs an admin/);
    expect(h.sandbox.state.exposures.length).toBe(before);
    const confirm = await reply('expose checkout_one_click android 77', /statistics/i, ADMIN);
    expect(h.sandbox.state.exposures.length).toBe(before);
    const message = h.emulator.messages(CHANNEL).find((m) => m.ts === confirm.ts) ?? confirm;
    // This message is the one confirmation: its Confirm button opens no second dialog.
    const buttons = (message.blocks ?? []).flatMap(
      (b) => ((b as { elements?: unknown[] }).elements ?? []) as Obj[],
    );
    expect(buttons.map((b) => b.action_id)).toEqual(['exp_expose_confirm', 'exp_expose_cancel']);
    expect(buttons.filter((b) => 'confirm' in b)).toEqual([]);
    await Promise.all([
      h.driver.clickButton(message, 'exp_expose_confirm', { userId: ADMIN }),
      h.driver.clickButton(message, 'exp_expose_confirm', { userId: ADMIN }),
    ]);
    await h.emulator.waitFor(() => h.sandbox.state.exposures.length > before);
    // Both clicks' listeners have finished: a second registration could no longer be on its way.
    await h.app.idle();
    expect(h.sandbox.state.exposures.length).toBe(before + 1);
    expect(h.sandbox.state.exposures.at(-1)).toMatchObject({
      experimentLabel: 'checkout_one_click',
      platform: { id: 5 },
      participant: { userId: 77 },
    });

    const cancel = await reply('expose checkout_one_click android 78', /statistics/i, ADMIN);
    const cancelMessage = h.emulator.messages(CHANNEL).find((m) => m.ts === cancel.ts) ?? cancel;
    await h.driver.clickButton(cancelMessage, 'exp_expose_cancel', { userId: ADMIN });
    await h.app.idle();
    expect(h.sandbox.state.exposures.length).toBe(before + 1);
  });
});
