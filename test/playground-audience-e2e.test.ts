import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxExperiment } from '../src/dev/sandbox/model/experiment-schema.js';
import { type Page, screenshot, text } from './support/browser.js';
import { type PlaygroundApp, startPlaygroundApp } from './support/playground-app.js';

// Issue #51 in Chromium: the playground sends a modal's current inputs with every action inside it,
// as Slack does, so the audience editor's Add filter reads the parameter chosen, and the form keeps
// what was typed while the audience view was on top. The diff then speaks the form's words.

const SHOTS = 'test-results/playground';

let p: PlaygroundApp;
let page: Page;

beforeAll(async () => {
  p = await startPlaygroundApp('playground audience e2e');
  ({ page } = p);
  // 160 allowed lists before the app first reads the dictionary, so 150 of them can be on offer.
  const allowed = p.sandbox.state.dictionaries['participant-lists'].allowed;
  for (let id = 1000; allowed.length < 160; id++) allowed.push({ id, name: `Cohort ${id}` });
});
afterAll(async () => {
  await p?.close();
});

const patches = (id: number) =>
  p.sandbox.state.requests.filter((r) => r.method === 'PATCH' && r.url.endsWith(`/experiments/v1/${id}`));

async function send(command: string): Promise<void> {
  await page.getByLabel('Message').fill(command);
  await page.getByLabel('Message').press('Enter');
}

describe('the audience editor in the playground', () => {
  it('adds a filter, goes back keeping every typed field, and saves a diff in labels', async () => {
    const base = p.sandbox.state.experiments.get(123) as SandboxExperiment;
    p.sandbox.state.experiments.set(960, {
      ...structuredClone(base),
      id: 960,
      name: 'Carousel',
      label: 'carousel_960',
      status: 'draft',
    });
    const form = page.locator('#modal-root form.modal[data-callback-id="exp_experiment_modal"]');
    const pushed = page.locator('#modal-root form.modal[data-callback-id="exp_audience_view"]');
    const confirmation = page.locator('#modal-root form.modal[data-callback-id="exp_edit_confirm"]');
    const field = (label: string) => form.getByLabel(new RegExp(`^${label}`));

    await send('/exp edit 960');
    await form.locator('[data-block-id="exp_xm_audience"]', { hasText: '1 filter' }).waitFor();
    await field('Name').fill('Carousel, renamed');
    await field('Description').fill('Typed before the audience view');
    await field('Team').selectOption('n:111');
    await field('Layer').selectOption('n:101');
    await field('Participant type').selectOption('s:visitor');

    await form.getByRole('button', { name: 'Edit audience' }).click();
    await pushed.waitFor();
    await pushed.getByLabel(/^Parameter/).selectOption('n:2');
    await pushed.getByLabel(/^Operator/).selectOption('s:eq');
    await pushed.getByLabel(/^Values/).fill('Lyon');
    await pushed.getByRole('button', { name: 'Add filter' }).click();
    await pushed.locator('[data-block-id="exp_aud_intro"]', { hasText: 'of 2' }).waitFor();
    expect(await text(pushed)).not.toContain('Choose an active parameter');
    expect(await text(pushed)).toContain('City equals "Lyon"');
    await screenshot(page, SHOTS, '40-audience-filter-added');

    await pushed.getByRole('button', { name: 'Back' }).click();
    await pushed.waitFor({ state: 'detached' });
    await form.locator('[data-block-id="exp_xm_audience"]', { hasText: '2 filters' }).waitFor();
    expect(await field('Name').inputValue()).toBe('Carousel, renamed');
    expect(await field('Description').inputValue()).toBe('Typed before the audience view');
    expect(await field('Team').inputValue()).toBe('n:111');
    expect(await field('Layer').inputValue()).toBe('n:101');
    expect(await field('Participant type').inputValue()).toBe('s:visitor');
    await screenshot(page, SHOTS, '41-form-after-back');

    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await confirmation.waitFor();
    const diff = await text(confirmation.locator('.modal-body'));
    expect(diff).toContain('Team: Search (11) → Ranking (111)');
    expect(diff).toContain('Layer: Recommendations (103) → Search ranking (101)');
    expect(diff).toContain('Registered user (user) → Visitor (device or cookie) (visitor)');
    expect(diff).toContain('added: City equals "Lyon"');
    expect(diff).not.toMatch(/removed:|Tags|Metrics|lists/);
    await screenshot(page, SHOTS, '42-edit-diff-in-labels');

    await confirmation.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#modal-root form.modal').waitFor({ state: 'detached' });
    await page.locator('#messages .msg-channel', { hasText: /updated experiment .+ \(#960\)/ }).waitFor();
    await screenshot(page, SHOTS, '43-edit-saved');
    const sent = JSON.parse(patches(960)[0]?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(sent).sort()).toEqual(
      ['description', 'layerId', 'name', 'participantType', 'segments', 'teamId'].sort(),
    );
    expect(sent).toMatchObject({
      name: 'Carousel, renamed',
      teamId: 111,
      layerId: 101,
      participantType: 'visitor',
    });
    expect(sent.segments).toEqual([
      { paramId: 1, predicate: 'gt', values: ['5.0.0'] },
      { paramId: 2, predicate: 'eq', values: ['Lyon'] },
    ]);
    expect(p.errors).toEqual([]);
  });

  it('shows what no widget holds read-only, and edits a long list value by value', async () => {
    const allowed = p.sandbox.state.dictionaries['participant-lists'].allowed;
    const base = p.sandbox.state.experiments.get(2) as SandboxExperiment;
    p.sandbox.state.experiments.set(961, {
      ...structuredClone(base),
      id: 961,
      name: 'Long lists',
      label: 'long_lists_961',
      status: 'draft',
      description: `${'A long description. '.repeat(200)}`,
      allowedParticipantLists: allowed.slice(0, 150).map((l) => l.id),
    });
    const form = page.locator('#modal-root form.modal[data-callback-id="exp_experiment_modal"]');
    const list = page.locator('#modal-root form.modal[data-callback-id="exp_list_view"]');
    const confirmation = page.locator('#modal-root form.modal[data-callback-id="exp_edit_confirm"]');
    await send('/exp edit 961');
    const kept = form.locator('div.bk[data-block-id="exp_xm_allowed_lists_kept"]');
    await kept.waitFor();
    expect(await text(kept)).toContain('150 values, kept as they are (more than a menu here holds, 100)');
    expect(await text(form.locator('div.bk[data-block-id="exp_xm_description_kept"]'))).toContain(
      '4,000 characters, kept as they are',
    );
    await screenshot(page, SHOTS, '44-edit-form-kept-fields');

    await kept.getByRole('button', { name: 'Edit list' }).click();
    await list.waitFor();
    expect(await text(list.locator('[data-block-id="exp_lst_intro"]'))).toContain('values 1–20 of 150');
    expect(await text(list)).toContain('Cohort 1016 (1016)');
    expect(await text(list)).not.toContain('no longer offered');
    await screenshot(page, SHOTS, '45-list-view');
    await list
      .locator('div.bk[data-block-id="exp_lst_value:0"]')
      .getByRole('button', { name: 'Remove' })
      .click();
    await list.locator('[data-block-id="exp_lst_intro"]', { hasText: 'of 149' }).waitFor();
    await list.getByRole('button', { name: 'Done' }).click();
    await form
      .locator('div.bk[data-block-id="exp_xm_allowed_lists_kept"]', { hasText: '149 values' })
      .waitFor();

    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await confirmation.waitFor();
    const diff = await text(confirmation.locator('.modal-body'));
    expect(diff).toContain('Allowed participant lists: removed QA staff (501) (149 in all)');
    await screenshot(page, SHOTS, '46-list-diff');
    await confirmation.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#modal-root form.modal').waitFor({ state: 'detached' });
    expect(patches(961).map((r) => JSON.parse(r.body ?? '{}'))).toEqual([
      { allowedParticipantLists: allowed.slice(1, 150).map((l) => l.id) },
    ]);
    expect(p.errors).toEqual([]);
  });
});
