import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { cardTitle, emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// What the app knows of experiments, through the real entry points: signed slash commands and
// clicks, the sandbox platform over HTTP, the Slack emulator.

const CHANNEL = 'C0GENERAL';
const USER = 'U0MEMBER1';
const dir = mkdtempSync(join(tmpdir(), 'exp-knowledge-'));
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { STORE_URL: `sqlite://${join(dir, 'store.sqlite')}` } });
});
afterAll(async () => {
  await h?.close();
});

const channel = () => h.emulator.messages(CHANNEL).filter((m) => !m.ephemeral);
const ephemerals = () => h.emulator.messages(CHANNEL).filter((m) => m.ephemeral && m.targetUserId === USER);
const buttonsOf = (m: EmulatedMessage | undefined) =>
  [...JSON.stringify(m?.blocks ?? []).matchAll(/"action_id":"exp_lifecycle_(\w+)"/g)].map((x) => x[1]);
const reads = (id: number) =>
  h.sandbox.state.requests.filter((r) => r.method === 'GET' && r.url.endsWith(`/experiments/v1/${id}`))
    .length;
const posts = (path: string) =>
  h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(path)).length;

/** The card of an experiment that is the parent of its thread in the channel. */
function parentOf(experimentId: number): EmulatedMessage | undefined {
  return channel().find(
    (m) =>
      (m.thread_ts === undefined || m.thread_ts === m.ts) && cardTitle(experimentId).test(messageText(m)),
  );
}

const { until } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

describe('/exp list before anything is seen', () => {
  it('on a real platform says how an experiment becomes known, and names no sandbox', async () => {
    await h.driver.command({ text: 'list' });
    const empty = await until(
      () => ephemerals().find((m) => /No experiment seen yet/.test(messageText(m))),
      'no empty list',
    );
    expect(messageText(empty)).toContain('/exp show ID');
    expect(messageText(empty)).not.toContain('sandbox');
    expect(JSON.stringify(empty.blocks)).not.toContain('exp_show');
  });
});

describe('/exp show', () => {
  it('reads the platform and shows the card with the status, its source and the buttons it allows', async () => {
    await h.driver.command({ text: 'show 5' });
    const card = await until(
      () => ephemerals().find((m) => messageText(m).includes('*Delivery slot hints* (#5)')),
      'no card',
    );
    const text = messageText(card);
    expect(text).toContain('Stopped (reported by the platform');
    expect(text).toContain('reported by the platform');
    expect(buttonsOf(card)).toEqual(['archive']);
    expectWithinBlockKitLimits({ kind: 'message', text: card.text, blocks: card.blocks ?? [] });
    expect(reads(5)).toBe(1);
  });

  it('tells an experiment the platform does not have from a platform that cannot be read', async () => {
    await h.driver.command({ text: 'show 98765' });
    await until(
      () => ephemerals().find((m) => /98765\* does not exist/.test(messageText(m))),
      'no not-found',
    );
    // A form for it is refused at once: nobody types a reason for nothing.
    const views = h.emulator.views.size;
    await h.driver.command({ text: 'stop 98765' });
    await until(
      () => ephemerals().find((m) => /98765\* does not exist.*no form was opened/s.test(messageText(m))),
      'no refusal of the stop form',
    );
    await h.driver.command({ text: 'edit 98765' });
    await until(
      () => ephemerals().filter((m) => /no form was opened/.test(messageText(m))).length === 2,
      'no edit refusal',
    );
    expect(h.emulator.views.size).toBe(views);
  });
});

describe('replies that fit what happened', () => {
  it('after a stop offers Archive, not Start; the working note goes away', async () => {
    await h.driver.command({ text: 'start 4' });
    await until(() => buttonsOf(parentOf(4)).includes('stop'), 'no card with Stop');
    await h.driver.command({ text: 'stop 4 bug' });
    const parent = await until(() => {
      const p = parentOf(4);
      return p && messageText(p).includes('stopped experiment *Onboarding tour* (#4)') ? p : undefined;
    }, 'the parent did not show the stop');
    expect(buttonsOf(parent)).toEqual(['archive']);
    // The stop is a reply in the experiment's thread; the parent was edited in place.
    const replies = channel().filter((m) => m.thread_ts === parent.ts && m.ts !== parent.ts);
    expect(replies.map((m) => messageText(m))).toEqual([
      expect.stringContaining('stopped experiment *Onboarding tour* (#4)'),
    ]);
    expect(parent.edits).toBeGreaterThan(0);
    await until(
      () => !ephemerals().some((m) => /Working on it/.test(messageText(m))),
      'a working note stayed',
    );
  });

  it('a start refused with running offers Stop only; an archive refused with archived offers Unarchive', async () => {
    await h.driver.command({ text: 'start 1' });
    const refused = await until(() => {
      const p = parentOf(1);
      return p && /current status is Running/.test(messageText(p)) ? p : undefined;
    }, 'no conflict card for 1');
    expect(buttonsOf(refused)).toEqual(['stop']);

    const five = h.sandbox.state.experiments.get(5);
    if (!five) throw new Error('the sandbox has no experiment 5');
    h.sandbox.state.experiments.set(6, { ...five, id: 6, status: 'archived' });
    await h.driver.command({ text: 'archive 6' });
    const archived = await until(() => {
      const p = parentOf(6);
      return p && /current status is Archived/.test(messageText(p)) ? p : undefined;
    }, 'no conflict card for 6');
    expect(buttonsOf(archived)).toEqual(['unarchive']);
  });

  it('refuses the stop form for a known draft, and the edit form for a known archived experiment', async () => {
    await h.driver.command({ text: 'show 123' });
    await until(
      () => ephemerals().find((m) => messageText(m).includes('*Recommendations carousel* (#123)')),
      'no card of 123',
    );
    const views = h.emulator.views.size;
    await h.driver.command({ text: 'stop 123' });
    await until(
      () =>
        ephemerals().find((m) =>
          /123\* is Draft, and an experiment in that status cannot be stopped/.test(messageText(m)),
        ),
      'no stop refusal',
    );
    await h.driver.command({ text: 'edit 6' });
    await until(
      () =>
        ephemerals().find((m) =>
          /6\* is Archived, and an experiment in that status cannot be edited/.test(messageText(m)),
        ),
      'no edit refusal',
    );
    expect(h.emulator.views.size).toBe(views);
    expect(posts('/experiments/v1/123/stop')).toBe(0);
  });
});

describe('messages that stay current', () => {
  it('updates the clicked message in place and answers a stale click without calling the platform', async () => {
    // A card of 7 built while it is a draft…
    await h.driver.command({ text: 'show 7' });
    const draftCard = await until(
      () =>
        ephemerals().find(
          (m) =>
            messageText(m).includes('*Delivery slot hints: retro* (#7)') && buttonsOf(m).includes('start'),
        ),
      'no draft card',
    );
    // …then someone starts it from the command line.
    await h.driver.command({ text: 'start 7' });
    await until(() => buttonsOf(parentOf(7)).includes('stop'), 'not started');
    const starts = posts('/experiments/v1/7/start');
    await h.driver.clickButton(draftCard, 'exp_lifecycle_start');
    const refreshed = await until(() => {
      const m = h.emulator.messages(CHANNEL).find((x) => x.ts === draftCard.ts);
      return m && m.edits > 0 ? m : undefined;
    }, 'the stale card was not refreshed');
    expect(messageText(refreshed)).toContain('this button was for an earlier state');
    expect(buttonsOf(refreshed)).toEqual(['stop']);
    expect(posts('/experiments/v1/7/start')).toBe(starts);
  });

  it('a button on the card acts and the card shows the new state, who did it and the next buttons', async () => {
    const before = parentOf(4);
    if (!before) throw new Error('no card of 4');
    await h.driver.clickButton(before, 'exp_lifecycle_archive', { userId: 'U0ADMIN01' });
    const after = await until(() => {
      const p = parentOf(4);
      return p && messageText(p).includes('archived experiment *Onboarding tour* (#4)') ? p : undefined;
    }, 'the card did not change');
    expect(after.ts).toBe(before.ts);
    expect(messageText(after)).toContain('<@U0ADMIN01> archived experiment *Onboarding tour* (#4)');
    expect(buttonsOf(after)).toEqual(['unarchive']);
  });
});

describe('/exp list', () => {
  it('lists what the workspace has seen, most recent first, filtered, each with a Show button', async () => {
    await h.driver.command({ text: 'list' });
    const list = await until(
      () => ephemerals().find((m) => messageText(m).includes('Experiments seen in this workspace')),
      'no list',
    );
    const text = messageText(list);
    // Each names its experiment first, its id after.
    for (const id of [1, 4, 5, 7]) expect(text).toContain(`(#${id})`);
    expect(text.indexOf('(#4)')).toBeLessThan(text.indexOf('(#5)'));
    expect(JSON.stringify(list.blocks)).toContain('exp_show');
    expectWithinBlockKitLimits({ kind: 'message', text: list.text, blocks: list.blocks ?? [] });

    await h.driver.command({ text: 'list archived' });
    const filtered = await until(
      () => ephemerals().find((m) => messageText(m).includes('matching `archived`')),
      'no filtered list',
    );
    expect(messageText(filtered)).toContain('(#4)');
    expect(messageText(filtered)).not.toContain('(#7)');

    // A Show button's value comes back as text anyone holding the signing secret could forge: one
    // that does not decode is answered as unreadable, and nothing is read from the platform.
    const readsBefore = h.sandbox.state.requests.filter((r) => r.method === 'GET').length;
    await h.driver.clickButton(list, 'exp_show', { userId: USER, value: '{"experimentId":"4; drop"}' });
    const told = await until(
      () => ephemerals().find((m) => messageText(m).includes('could not be read')),
      'no word on the forged value',
    );
    expect(messageText(told)).toContain('nothing was sent to the platform');
    expect(h.sandbox.state.requests.filter((r) => r.method === 'GET')).toHaveLength(readsBefore);
  });
});

describe('a platform without the read route', () => {
  it('works from the record, remembers the route is missing, and opens edit from what it saw', async () => {
    h.sandbox.state.readRoute = false;
    try {
      await h.driver.command({ text: 'show 2' });
      await until(
        () => ephemerals().find((m) => /knows nothing about experiment \*2\*/.test(messageText(m))),
        'no never-seen reply',
      );
      await h.driver.command({ text: 'stop 2 bug' });
      await until(() => buttonsOf(parentOf(2)).includes('archive'), 'no card of 2');
      const readsBefore = reads(2);
      await h.driver.command({ text: 'show 2' });
      const card = await until(
        () =>
          ephemerals().find(
            (m) => messageText(m).includes('*Experiment 2*') && /no way to read/.test(messageText(m)),
          ),
        'no card from the record',
      );
      expect(messageText(card)).toContain('expected after an action through this app');
      expect(reads(2)).toBe(readsBefore);

      const views = new Set(h.emulator.views.keys());
      await h.driver.command({ text: 'edit 2' });
      const form = await until(
        () =>
          [...h.emulator.views.values()].find(
            (v) => !views.has(v.id) && v.view.callback_id === 'exp_experiment_modal',
          ),
        'the edit form did not open',
      );
      expect(JSON.stringify(form.view)).toContain('starts from what the app has seen');
      expect(ephemerals().some((m) => /2\* was not found/.test(messageText(m)))).toBe(false);
    } finally {
      h.sandbox.state.readRoute = true;
    }
  });
});
