import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPolicyStore } from '../src/core/policy/policy-store.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage, EmulatedView } from '../src/dev/slack-emulator/types.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// The policy modal saves what the admin changed in it, on the policy as it is when they save: a form
// opened before someone else's change neither rolls that change back nor silently overrides it.

const CHANNEL = 'C0GENERAL';
const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const OTHER_ADMIN = 'U0ADMIN02';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  const admin = h.emulator.users.get(ADMIN);
  if (!admin) throw new Error('no admin in the emulator');
  h.emulator.users.set(OTHER_ADMIN, { ...admin, id: OTHER_ADMIN, name: 'ada', real_name: 'Ada Admin' });
  h.emulator.channels.get(CHANNEL)?.members.push(OTHER_ADMIN);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  // Back to the defaults, as an uninstall leaves them.
  await createPolicyStore(h.app.store.keyv('policies')).clear(h.emulator.identity.teamId);
});

const announcements = (): EmulatedMessage[] =>
  h.emulator.messages(CHANNEL).filter((m) => !m.ephemeral && /changed who may do what/.test(messageText(m)));

/** `/exp policy` → Edit, as the admin: the modal, built from the policy as it is now. */
async function openPolicyModal(): Promise<EmulatedView> {
  const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
  await h.driver.command({ text: 'policy', userId: ADMIN });
  const shown = await h.emulator.waitFor(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => !seen.has(m.ts) && m.ephemeral && /Who may do what here/.test(messageText(m))),
    { message: 'no policy shown' },
  );
  const views = new Set(h.emulator.views.keys());
  await h.driver.clickButton(shown, 'exp_policy_edit', { userId: ADMIN });
  return h.emulator.waitFor(
    () =>
      [...h.emulator.views.values()].find(
        (v) => !views.has(v.id) && v.view.callback_id === 'exp_policy_modal',
      ),
    { message: 'no policy modal' },
  );
}

/** A text-form change by the other admin, waited for until it is announced. */
async function changeByCommand(text: string, announced: RegExp): Promise<void> {
  const before = announcements().length;
  await h.driver.command({ text: `policy ${text}`, userId: OTHER_ADMIN });
  await h.emulator.waitFor(
    () => announcements().length > before && announced.test(messageText(announcements().at(-1))),
    { message: `no announcement of "${text}"` },
  );
}

/** What `/exp policy` says now, to a member. */
async function currentPolicy(): Promise<string> {
  const seen = new Set(h.emulator.messages(CHANNEL).map((m) => m.ts));
  await h.driver.command({ text: 'policy', userId: EMULATOR_DEFAULTS.userId });
  const shown = await h.emulator.waitFor(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find((m) => !seen.has(m.ts) && m.ephemeral && /Who may do what here/.test(messageText(m))),
    { message: 'no policy shown' },
  );
  return messageText(shown);
}

const who = (action: string, value: string) => ({
  [`exp_pm_who_${action}`]: { exp_pm_who_input: { type: 'static_select', selected_option: { value } } },
});

describe('the policy modal', () => {
  it('switches the comment for the reason Other on, and a submission unchanged keeps it', async () => {
    const modal = await openPolicyModal();
    const announced = announcements().length;
    const result = await h.driver.submitView(
      modal.id,
      {
        exp_pm_other_comment: {
          exp_pm_other_comment_input: { type: 'radio_buttons', selected_option: { value: 'required' } },
        },
      },
      { userId: ADMIN },
    );
    expect(result.outcome).toEqual({ kind: 'closed' });
    await h.emulator.waitFor(() => announcements().length > announced, { message: 'no announcement' });
    expect(await currentPolicy()).toMatch(/Other/);
    // Opened again, it shows the switch as it is: an unchanged submission changes nothing.
    const again = await openPolicyModal();
    const shown = JSON.stringify(again.view.blocks);
    expect(shown).toContain('exp_pm_other_comment');
    const before = announcements().length;
    expect((await h.driver.submitView(again.id, {}, { userId: ADMIN })).outcome).toEqual({ kind: 'closed' });
    await h.app.idle();
    expect(announcements()).toHaveLength(before);
    await h.driver.command({ text: 'policy other-comment optional', userId: ADMIN });
    await h.app.idle();
  });
});

describe('a policy modal opened before other changes', () => {
  it('submitted unchanged, rolls nothing back and announces nothing', async () => {
    const modal = await openPolicyModal();
    await changeByCommand('set stop admins', /\*stop\* now needs an admin/);
    await changeByCommand('channels start <#C0RANDOM0|random>', /\*start\* can now be done from/);
    const announced = announcements().length;

    const result = await h.driver.submitView(modal.id, {}, { userId: ADMIN });
    expect(result.outcome).toEqual({ kind: 'closed' });
    await h.app.idle();

    const policy = await currentPolicy();
    expect(policy).toContain('*stop*: an admin');
    expect(policy).toContain('*start*: any member · from <#C0RANDOM0>');
    expect(announcements()).toHaveLength(announced);
  });

  it('applies only what the modal changed, keeps the newer rules, and announces only its change', async () => {
    const modal = await openPolicyModal();
    await changeByCommand('set stop admins', /\*stop\* now needs an admin/);
    const announced = announcements().length;

    const result = await h.driver.submitView(
      modal.id,
      {
        exp_pm_options_archive: {
          exp_pm_options_input: { type: 'checkboxes', selected_options: [{ value: 'approval' }] },
        },
      },
      { userId: ADMIN },
    );
    expect(result.outcome).toEqual({ kind: 'closed' });
    await h.emulator.waitFor(() => announcements().length > announced, { message: 'no announcement' });
    const text = messageText(announcements().at(-1));
    expect(text).toContain(
      `<@${ADMIN}> changed who may do what: *archive* now needs a second person's approval: whoever may do it may approve.`,
    );
    expect(text).not.toContain('*stop*');

    const policy = await currentPolicy();
    expect(policy).toContain('*stop*: an admin');
    expect(policy).toContain("*archive*: any member · from any channel · needs a second person's approval");
  });

  it('refuses as stale a change to a rule changed since, saying what it is now and who changed it', async () => {
    const modal = await openPolicyModal();
    await changeByCommand('set stop admins', /\*stop\* now needs an admin/);
    const announced = announcements().length;

    const result = await h.driver.submitView(
      modal.id,
      {
        ...who('stop', 'nobody'),
        exp_pm_options_archive: {
          exp_pm_options_input: { type: 'checkboxes', selected_options: [{ value: 'approval' }] },
        },
      },
      { userId: ADMIN },
    );
    expect(result.outcome).toMatchObject({ kind: 'updated' });
    const notice = JSON.stringify((result.outcome as { view: { view: unknown } }).view.view);
    expect(notice).toContain('nothing was saved');
    expect(notice).toContain('*Now:* *stop* now needs an admin.');
    expect(notice).toContain(`Last changed by <@${OTHER_ADMIN}>`);
    expect(notice).toContain('*Your changes, not saved:* *stop* now needs nobody.');
    expect(notice).toContain(
      "*archive* now needs a second person's approval: whoever may do it may approve.",
    );

    await h.app.idle();
    const policy = await currentPolicy();
    expect(policy).toContain('*stop*: an admin');
    expect(policy).toContain('*archive*: any member · from any channel\n');
    expect(announcements()).toHaveLength(announced);
  });

  it('saves a change someone else already made as it is, without announcing it again', async () => {
    const modal = await openPolicyModal();
    await changeByCommand('set stop admins', /\*stop\* now needs an admin/);
    const announced = announcements().length;

    const result = await h.driver.submitView(modal.id, who('stop', 'admins'), { userId: ADMIN });
    expect(result.outcome).toEqual({ kind: 'closed' });
    await h.app.idle();
    expect(announcements()).toHaveLength(announced);
    expect(await currentPolicy()).toContain('*stop*: an admin');
  });
});
