import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, screenshot, text } from './support/browser.js';
import { type PlaygroundApp, startPlaygroundApp } from './support/playground-app.js';

// A newcomer runs the sample workflow from the playground's Workflows entry: a form, then the app's
// Stop experiment step, through the real app, the emulator and the sandbox platform.

const SHOTS = 'test-results/playground';

let p: PlaygroundApp;
let sandbox: PlaygroundApp['sandbox'];
let emulator: PlaygroundApp['emulator'];
let page: Page;
let errors: string[];

beforeAll(async () => {
  p = await startPlaygroundApp('playground workflows e2e');
  ({ sandbox, emulator, page, errors } = p);
});

afterAll(async () => {
  await p?.close();
});

const dialog = () => page.locator('#workflow-dialog');

async function openWorkflow(): Promise<void> {
  await page.locator('#workflow-list').getByRole('button', { name: 'Stop an experiment' }).click();
  await dialog().waitFor({ state: 'visible' });
}

describe('the playground’s Workflows entry', () => {
  it('shows the step’s reason when an answer is refused, with nothing stopped', async () => {
    await openWorkflow();
    await page.getByLabel('Experiment id').fill('abc');
    await page.getByLabel('Reason').selectOption('bug');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    const error = page.locator('#workflow-error');
    await error.waitFor({ state: 'visible' });
    expect(await text(error)).toContain('"abc" is not an experiment id');
    expect(emulator.functionExecutions().map((e) => e.state)).toEqual(['failed']);
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await dialog().waitFor({ state: 'hidden' });
  });

  it('runs the form → Stop experiment workflow: the experiment stops and the channel hears it', async () => {
    expect(sandbox.state.experiments.get(1)?.status).toBe('running');
    await openWorkflow();
    await page.getByLabel('Experiment id').fill('1');
    await page.getByLabel('Reason').selectOption('bug');
    await page.getByLabel('Comment').fill('stopped from a workflow');
    await dialog().getByRole('button', { name: 'Submit' }).click();
    await page.locator('.toast', { hasText: 'the experiment is stopped' }).waitFor();
    await dialog().waitFor({ state: 'hidden' });
    expect(sandbox.state.experiments.get(1)?.status).toBe('stopped');
    // The channel being viewed gets the result, naming the person who ran the workflow.
    await page.locator('#messages .msg-channel', { hasText: 'stopped experiment' }).first().waitFor();
    const last = emulator.functionExecutions().at(-1);
    expect(last).toMatchObject({
      callbackId: 'stop_experiment',
      state: 'completed',
      outputs: { experiment_id: 1, outcome: 'done' },
    });
    expect(last?.inputs).toMatchObject({
      reason: 'bug',
      comment: 'stopped from a workflow',
      channel_id: 'C0GENERAL',
    });
    await screenshot(page, SHOTS, 'workflow-stop');
    expect(errors).toEqual([]);
  });
});
