import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  block,
  change,
  elementOf,
  MODAL_USER,
  multi,
  type Obj,
  openModal,
  optionValues,
  select,
  suggest,
  text,
} from './support/experiment-modal.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

// What the create/edit modal offers, driven through signed slash commands, block_actions,
// block_suggestion options requests and view submissions against the sandbox.

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** Runs `/exp dict NAME --refresh` and waits for its page: the app's cache then holds the sandbox's data. */
async function refreshDictionary(name: string): Promise<void> {
  const seen = new Set(h.emulator.messages('C0GENERAL').map((m) => m.ts));
  await h.driver.command({ text: `dict ${name} --refresh`, userId: MODAL_USER });
  await h.emulator.waitFor(
    () =>
      h.emulator
        .messages('C0GENERAL')
        .find((m) => !seen.has(m.ts) && messageText(m).includes(`Dictionary: ${name}`)),
    { timeoutMs: 8000, message: `no page for dict ${name}` },
  );
}

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

  it("offers only the chosen domain's layers, and refuses another domain's layer on submit", async () => {
    let view = await openModal(h, 'create');
    expect(optionValues(elementOf(view, 'exp_xm_layer'))).toHaveLength(8);
    view = await change(h, view, 'exp_xm_domain', 'n:2');
    expect(optionValues(elementOf(view, 'exp_xm_layer'))).toEqual(['n:201', 'n:202']);

    const creates = () =>
      h.sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/v1'));
    const before = creates().length;
    const searchRanking = { text: { type: 'plain_text', text: 'Search ranking' }, value: 'n:101' };
    const result = await h.driver.submitView(view.id, {
      ...text(view, 'exp_xm_name', 'Layer from another domain'),
      ...select(view, 'exp_xm_type', 'regular'),
      ...select(view, 'exp_xm_team', 'n:211'),
      ...select(view, 'exp_xm_participant_type', 's:user'),
      exp_xm_layer: { exp_xm_layer_select: { type: 'static_select', selected_option: searchRanking } },
      ...select(view, 'exp_xm_markup_scope', 'incoming_traffic'),
      ...select(view, 'exp_xm_exposure', 'all'),
      ...select(view, 'exp_xm_statistical_method', 'bayesian'),
      ...multi(view, 'exp_xm_metrics', [
        { text: { type: 'plain_text', text: 'm' }, value: 's:payments.gmv.d7' },
      ]),
    });
    expect(result.outcome).toEqual({ kind: 'errors', errors: { exp_xm_layer: expect.any(String) } });
    expect(creates().length).toBe(before);
  });

  it("answers a layer search with the chosen domain's layers only, read from the view's state", async () => {
    const original = h.sandbox.state.dictionaries.layers;
    const zones = Array.from({ length: 120 }, (_, i) => ({
      id: 3001 + i,
      title: `Zone ${i + 1}`,
      domainId: 3,
    }));
    h.sandbox.state.dictionaries.layers = [...original, ...zones];
    try {
      await refreshDictionary('layers');
      let view = await openModal(h, 'create');
      expect(elementOf(view, 'exp_xm_layer').type).toBe('external_select');
      const anyDomain = await suggest(h, view, 'exp_xm_layer', 'ranking');
      expect(anyDomain.options.map((o) => o.value)).toEqual(['n:101']);

      view = await change(h, view, 'exp_xm_domain', 'n:3');
      // 121 layers in domain 3: still a search box, whose answers come from the options handler.
      expect(elementOf(view, 'exp_xm_layer').type).toBe('external_select');
      const delivery = new Set([301, ...zones.map((z) => z.id)].map((id) => `n:${id}`));
      const first = await suggest(h, view, 'exp_xm_layer', '');
      expect(first.breaches).toEqual([]);
      expect(first.options).toHaveLength(100);
      expect(first.options.every((o) => delivery.has(o.value as string))).toBe(true);
      expect((await suggest(h, view, 'exp_xm_layer', 'ranking')).options).toEqual([]);
      expect((await suggest(h, view, 'exp_xm_layer', 'slots')).options.map((o) => o.value)).toEqual([
        'n:301',
      ]);
    } finally {
      h.sandbox.state.dictionaries.layers = original;
      await refreshDictionary('layers');
    }
  });
});

// Filters on archived params (kept, listed as such, never offered for new filters) are covered with
// the audience view in test/experiment-edit-exact.test.ts.
