import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { block, elementOf, type Obj, openModal, suggest } from './support/experiment-modal.js';
import { type Harness, startHarness } from './support/harness.js';

// What the create/edit modal offers, driven through signed slash commands, block_actions,
// block_suggestion options requests and view submissions against the sandbox.

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('the experiment form', () => {
  it('calls the label field plainly "Label"', async () => {
    const view = await openModal(h, 'create');
    expect((block(view, 'exp_xm_label')?.label as Obj | undefined)?.text).toBe('Label');
    expect(elementOf(view, 'exp_xm_label').type).toBe('plain_text_input');
  });

  it('finds metrics by every word of the search, in any order', async () => {
    const view = await openModal(h, 'create');
    for (const query of ['checkout conv', 'conv checkout']) {
      const { options, breaches } = await suggest(h, view, 'exp_xm_metrics', query);
      expect(breaches).toEqual([]);
      const values = options.map((o) => o.value);
      expect(values, query).toContain('s:checkout.conversion.d7');
      expect(
        values.every((v) => String(v).startsWith('s:checkout.conversion.')),
        query,
      ).toBe(true);
    }
  });

  it('offers teams in their hierarchy: a group per top-level team, subteams by their path', async () => {
    const view = await openModal(h, 'edit 2');
    const team = elementOf(view, 'exp_xm_team');
    const groups = team.option_groups as { label: Obj; options: { text: Obj; value: string }[] }[];
    expect(groups.map((g) => g.label.text)).toEqual(['Marketplace', 'Fintech', 'Logistics', 'Ads']);
    const fintech = groups.find((g) => g.label.text === 'Fintech');
    expect(fintech?.options.map((o) => [o.text.text, o.value])).toEqual([
      ['Fintech', 'n:20'],
      ['Payments', 'n:21'],
      ['Payments / Checkout', 'n:211'],
      ['Payments / Wallet', 'n:212'],
    ]);
    // The experiment's own team is preselected as the menu names it.
    expect(team.initial_option).toMatchObject({ text: { text: 'Payments / Checkout' }, value: 'n:211' });
  });
});
