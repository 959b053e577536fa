import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createPolicyStore } from '../src/core/policy/policy-store.js';
import {
  type BlockKitApp,
  KIT_MESSAGE_BLOCKS,
  KIT_MODAL,
  startBlockKitApp,
} from '../src/dev/playground/block-kit-app.test-helper.js';
import { type RunningPlayground, startPlayground } from '../src/dev/playground/server.js';
import { SECOND_TEAM } from '../src/dev/playground/teams.js';
import type { SandboxExperiment } from '../src/dev/sandbox/model/experiment-schema.js';
import { type Sandbox, startSandbox } from '../src/dev/sandbox/server.js';
import { type SlackEmulator, startSlackEmulator } from '../src/dev/slack-emulator/server.js';
import { createMemoryLogger } from '../src/observability/logger.js';
import { type RunningApp, startExpChatops } from '../src/start.js';
import {
  type Browser,
  eventually,
  launchChromium,
  type Page,
  screenshot,
  text,
  waitForCount,
} from './support/browser.js';
import { englishSentences } from './support/english-sentences.js';

const SHOTS = 'test-results/playground';

type Segment = NonNullable<SandboxExperiment['segments']>[number];

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface OpenedPage {
  page: Page;
  /** Script errors and console errors (a CSP violation shows there too). */
  errors: string[];
  requests: string[];
}

async function openPage(url: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const opened: OpenedPage = { page, errors: [], requests: [] };
  page.setDefaultTimeout(8000);
  page.on('pageerror', (error) => opened.errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') opened.errors.push(message.text());
  });
  page.on('request', (req) => opened.requests.push(req.url()));
  await page.goto(url);
  await page.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
  return opened;
}

async function slackApi(emulator: SlackEmulator, method: string, args: Record<string, unknown>) {
  const res = await request(`${emulator.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  return (await res.body.json()) as { ok: boolean; ts: string };
}

function expectNothingFromElsewhere(opened: OpenedPage, playgroundUrl: string): void {
  expect(opened.requests.length).toBeGreaterThan(0);
  expect(opened.requests.filter((url) => !url.startsWith(playgroundUrl))).toEqual([]);
  expect(opened.errors).toEqual([]);
}

describe('the playground page drives the real app like Slack does', () => {
  let sandbox: Sandbox;
  let emulator: SlackEmulator;
  let app: RunningApp;
  let proxy: Server;
  let playground: RunningPlayground;
  let opened: OpenedPage;
  let page: Page;
  /** Every body the playground posted to the app, so a test can see the team_id it carried. */
  const appRequests: string[] = [];

  // Sits between the playground and the app and records what Slack would have sent.
  async function startRecordingProxy(target: string): Promise<{ server: Server; url: string }> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        appRequests.push(decodeURIComponent(body.replace(/\+/g, ' ')));
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (typeof value === 'string' && (name.startsWith('x-slack-') || name === 'content-type'))
            headers[name] = value;
        }
        const answer = await request(target, { method: 'POST', headers, body });
        res.writeHead(answer.statusCode, {
          'content-type': String(answer.headers['content-type'] ?? 'text/plain'),
        });
        res.end(await answer.body.text());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events` };
  }

  beforeAll(async () => {
    sandbox = await startSandbox();
    emulator = await startSlackEmulator();
    // Playground mode, as `npm start` runs it (no Slack credentials), on this test's emulator: the
    // app serves every workspace the emulator stands in for. Its own page is not the one driven.
    const config = loadConfig({
      STORE_URL: 'memory://',
      CONSOLE_BASE_URL: sandbox.url,
      CONSOLE_API_TOKEN: await sandbox.issueToken({ name: 'playground e2e' }),
      SPLITTER_URL: sandbox.splitterUrl,
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    });
    app = await startExpChatops(config, {
      port: 0,
      playgroundPort: 0,
      sandbox,
      emulator,
      logger: createMemoryLogger('debug'),
    });
    const recorder = await startRecordingProxy(app.eventsUrl);
    proxy = recorder.server;
    playground = await startPlayground({
      emulator,
      appEventsUrl: recorder.url,
      signingSecret: app.signingSecret ?? '',
      logger: createMemoryLogger('debug'),
    });
    opened = await openPage(playground.url);
    page = opened.page;
  });

  afterAll(async () => {
    await playground?.close();
    await new Promise((resolve) => proxy?.close(resolve));
    await app?.close();
    await emulator?.close();
    await sandbox?.close();
  });

  const channelMessage = (text: string | RegExp) => page.locator('#messages .msg-channel', { hasText: text });
  /** A card the app posted, not a thread reply also sent to the channel. */
  const cardMessage = (text: string) =>
    page.locator('#messages .msg-channel:not(:has(.msg-broadcast-note))', { hasText: text });
  const ephemeral = (text: string) => page.locator('#messages .msg-ephemeral', { hasText: text });
  const modal = () => page.locator('#modal-root form.modal');

  async function send(text: string): Promise<void> {
    await page.getByLabel('Message').fill(text);
    await page.getByLabel('Message').press('Enter');
  }

  async function actAs(userId: string): Promise<void> {
    await page.getByLabel('Acting as').selectOption(userId);
    await page.locator(`body[data-ready="1"]`).waitFor({ state: 'attached' });
  }

  /** Scrolls the edit form to its audience summary, so a screenshot shows it (the form is long). */
  async function showAudienceSummary(): Promise<void> {
    // Runs in the page, where the test's types know no DOM: only the call it makes is typed.
    type Scrollable = { scrollIntoView(options: { block: string }): void };
    type Doc = { document: { querySelector(selector: string): Scrollable | null } };
    await page.evaluate(() =>
      (globalThis as unknown as Doc).document
        .querySelector('#modal-root [data-block-id="exp_xm_audience"]')
        ?.scrollIntoView({ block: 'center' }),
    );
  }

  const patches = (id: number) =>
    sandbox.state.requests.filter((r) => r.method === 'PATCH' && r.url.endsWith(`/experiments/v1/${id}`));

  function lifecycleRequests(path: string) {
    return sandbox.state.requests.filter((r) => r.method === 'POST' && r.url.endsWith(path));
  }

  it('starts an experiment: a working note only for the user, the result in the channel', async () => {
    await send('/exp start 4');
    const started = channelMessage('started experiment Onboarding tour (#4)');
    await started.waitFor();
    // The result is the experiment's card: who did it, the state, the button that makes sense now.
    expect(await text(started.locator('.bk-mention').first())).toBe('@Bob Member');
    expect(await started.locator('.bk-text').first().innerHTML()).toContain('<b>Onboarding tour</b> (#4)');
    await started.getByRole('button', { name: 'Stop…' }).waitFor();
    expect(await started.getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
    // The "Working on it…" note made way for the result.
    await waitForCount(ephemeral('Working on it'), 0);
    expect(sandbox.state.experiments.get(4)?.status).toBe('running');
    await screenshot(page, SHOTS, '01-started');
  });

  it('stops it through the modal: required reason, an inline app error, then the result', async () => {
    // A comment for Other is off by default (the interface makes it optional): this workspace asks for it.
    await createPolicyStore(app.store.keyv('policies')).update(
      'T0EMULATOR',
      (policy) => ({ ...policy, otherCommentRequired: true }),
      'U0ADMIN01',
    );
    await channelMessage('started experiment Onboarding tour (#4)')
      .getByRole('button', { name: 'Stop…' })
      .click();
    await modal().waitFor();
    expect(await text(modal().locator('h2'))).toBe('Stop experiment');
    const submit = modal().getByRole('button', { name: 'Stop', exact: true });

    await submit.click();
    const reasonError = modal().locator('[data-block-id="exp_stop_reason"] .bk-error');
    await reasonError.waitFor({ state: 'visible' });
    expect(await text(reasonError)).toBe('Please complete this required field.');

    await modal().getByLabel('Reason').selectOption('other');
    await submit.click();
    const commentError = modal().locator('[data-block-id="exp_stop_comment"] .bk-error');
    await commentError.waitFor({ state: 'visible' });
    expect(await text(commentError)).toBe('A comment is required when the reason is Other.');
    // The app refused the submission: the reason the user chose survived the re-render.
    expect(await modal().getByLabel('Reason').inputValue()).toBe('other');
    expect(lifecycleRequests('/experiments/v1/4/stop')).toHaveLength(0);
    await screenshot(page, SHOTS, '02-stop-modal-error');

    const comment = 'Revenue −12 % <img src=x onerror="window.pwned=1"> &lt;script&gt; <@U0ADMIN01>';
    await modal().getByLabel('Reason').selectOption('critical_metric_impact');
    await modal()
      .getByLabel(/Comment/)
      .fill(comment);
    await submit.click();
    await modal().waitFor({ state: 'detached' });
    const stopped = channelMessage('stopped experiment Onboarding tour (#4)');
    await stopped.waitFor();
    const shown = await text(stopped);
    expect(shown).toContain('Critical metric impact');
    expect(shown).toContain(comment);
    expect(await page.locator('#messages img, #messages script').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    expect(JSON.parse(lifecycleRequests('/experiments/v1/4/stop').at(-1)?.body ?? '{}')).toEqual({
      interruptReason: 'critical_metric_impact',
      interruptReasonComment: comment,
    });
    await screenshot(page, SHOTS, '03-stopped');
  });

  it('starting it again posts the status conflict in the channel, and the card still says what was done', async () => {
    await send('/exp start 4');
    // Typed at the bottom of the channel: the refusal goes into the card's thread and to the channel.
    const conflict = channelMessage('the platform refused');
    await conflict.waitFor();
    expect(await text(conflict)).toMatch(/current status is\s+Stopped/);
    expect(await conflict.getAttribute('data-ephemeral')).toBe('0');
    expect(await text(conflict.locator('.msg-broadcast-note'))).toContain('Replied to a thread');
    // Nothing changed: the card keeps headlining the stop, not the attempt.
    const card = cardMessage('Onboarding tour (#4)');
    expect(await text(card)).toContain('stopped experiment Onboarding tour (#4)');
    expect(await text(card)).not.toContain('tried to start');
  });

  it('asks for confirmation before an Archive button reaches the app, then updates the card in place', async () => {
    const before = lifecycleRequests('/experiments/v1/4/archive').length;
    // After the stop (and the refused start) the card offers Archive, never Start.
    const card = cardMessage('Onboarding tour (#4)');
    expect(await card.getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
    const archive = card.getByRole('button', { name: 'Archive', exact: true });
    const dialog = page.locator('#confirm-dialog');
    await archive.click();
    await dialog.waitFor({ state: 'visible' });
    expect(await text(dialog.locator('.cf-title'))).toBe('Archive experiment 4?');
    await screenshot(page, SHOTS, '04-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await archive.click();
    await dialog.getByRole('button', { name: 'Archive' }).click();
    const archived = channelMessage('archived experiment Onboarding tour (#4)');
    await archived.getByRole('button', { name: 'Unarchive', exact: true }).waitFor();
    // The cancelled click sent nothing: only the confirmed one reached the platform.
    expect(lifecycleRequests('/experiments/v1/4/archive').length).toBe(before + 1);
    // One card for the experiment in the channel, kept current; the events are in its thread.
    expect(await cardMessage('Onboarding tour (#4)').count()).toBe(1);
  });

  it('keeps the experiment’s events in one thread under its card', async () => {
    const card = cardMessage('Onboarding tour (#4)');
    await card.getByRole('button', { name: /^Open the thread: \d+ replies$/ }).click();
    const thread = page.locator('#thread-pane');
    await thread.waitFor({ state: 'visible' });
    // start opened the thread (the card); the stop, the refused start and the archive followed in it.
    // (The pane shows the card first, then the replies.)
    await thread.locator('.msg', { hasText: 'stopped experiment Onboarding tour (#4)' }).last().waitFor();
    await thread.locator('.msg', { hasText: 'the platform refused' }).last().waitFor();
    await thread.locator('.msg', { hasText: 'archived experiment Onboarding tour (#4)' }).last().waitFor();
    expect(await thread.locator('.msg').count()).toBeGreaterThanOrEqual(4);
    await screenshot(page, SHOTS, '20-experiment-thread');
    await thread.getByRole('button', { name: 'Close the thread' }).click();
    await thread.waitFor({ state: 'hidden' });
  });

  it('shows an experiment and lists the ones the workspace has seen', async () => {
    await send('/exp show 1');
    const shown = ephemeral('Search ranking v2 (#1)');
    await shown.waitFor();
    expect(await text(shown)).toContain('reported by the platform');
    await shown.getByRole('button', { name: 'Stop…' }).waitFor();
    await screenshot(page, SHOTS, '21-show');

    await send('/exp list');
    const list = ephemeral('Experiments seen in this workspace');
    await list.waitFor();
    expect(await text(list)).toContain('4');
    // Most recent first: the experiment just shown leads; its Show button brings its card again.
    await list.getByRole('button', { name: 'Show' }).first().click();
    await waitForCount(ephemeral('Search ranking v2 (#1)'), 2);
    await screenshot(page, SHOTS, '22-list');
  });

  it('shows ephemeral replies only to the user they were sent to, for any user one acts as', async () => {
    await ephemeral('Search ranking v2 (#1)').first().waitFor();
    await actAs('U0ADMIN01');
    await waitForCount(ephemeral('Search ranking v2 (#1)'), 0);
    expect(await cardMessage('Onboarding tour (#4)').count()).toBe(1);
    await send('/exp help');
    await ephemeral('Experiments from Slack').waitFor();

    await actAs('U0MEMBER1');
    await waitForCount(ephemeral('Experiments from Slack'), 0);
    expect(await ephemeral('Search ranking v2 (#1)').count()).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Carol Tester');
    await page.getByRole('button', { name: 'Add and switch' }).click();
    await waitForCount(ephemeral('Search ranking v2 (#1)'), 0);
    expect(await page.getByLabel('Acting as').inputValue()).toBe('U0PLAY001');
    await send('/exp help');
    await ephemeral('Experiments from Slack').waitFor();
    expect(emulator.users.get('U0PLAY001')?.real_name).toBe('Carol Tester');
    await screenshot(page, SHOTS, '05-new-user');
    await actAs('U0MEMBER1');
  });

  it('acts from a second workspace: commands and clicks carry its team id', async () => {
    await page.getByLabel('Workspace', { exact: true }).selectOption(SECOND_TEAM.id);
    await page.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
    const sent = appRequests.length;
    await send('/exp start 123');
    const started = channelMessage('started experiment Recommendations carousel (#123)');
    await started.waitFor();
    expect(appRequests.slice(sent).some((body) => body.includes(`team_id=${SECOND_TEAM.id}`))).toBe(true);

    const clicked = appRequests.length;
    await started.getByRole('button', { name: 'Stop…' }).click();
    await modal().waitFor();
    const payload = appRequests.slice(clicked).find((body) => body.includes('"type":"block_actions"'));
    expect(payload).toContain(`"team":{"id":"${SECOND_TEAM.id}"`);
    await modal().getByRole('button', { name: 'Cancel' }).click();
    await modal().waitFor({ state: 'detached' });
    expect(emulator.views.size).toBe(0);
    await page.getByLabel('Workspace', { exact: true }).selectOption(emulator.identity.teamId);
  });

  it('updates messages in place and opens a thread from its parent, live', async () => {
    const call = (method: string, args: Record<string, unknown>) => slackApi(emulator, method, args);
    const parent = await call('chat.postMessage', { channel: 'C0GENERAL', text: 'Deploy _window_ opens' });
    await call('chat.postMessage', { channel: 'C0GENERAL', text: 'first reply', thread_ts: parent.ts });
    const root = page.locator(`#messages > .msg[data-ts="${parent.ts}"]`);
    await root.locator('.thread-count', { hasText: '1 reply' }).waitFor();
    expect(await text(root.locator('.msg-body i').first())).toBe('window');
    expect(await page.locator('#messages .msg', { hasText: 'first reply' }).count()).toBe(0);
    await root.getByRole('button', { name: /Open the thread/ }).click();
    await page.locator('#thread-messages .msg', { hasText: 'first reply' }).waitFor();

    await call('chat.update', { channel: 'C0GENERAL', ts: parent.ts, text: 'Deploy window *closed*' });
    await root.locator('.msg-body', { hasText: 'Deploy window closed' }).first().waitFor();
    expect(await text(root.locator('.msg-edited').first())).toBe('(edited)');
    await page
      .locator('#thread-messages .thread-root .msg-body', { hasText: 'Deploy window closed' })
      .waitFor();
    await screenshot(page, SHOTS, '06-thread');
    await page.getByRole('button', { name: 'Close the thread' }).click();
    await page.locator('#thread-pane').waitFor({ state: 'hidden' });
  });

  it('looks up a dictionary and pages through it in place', async () => {
    await send('/exp dict teams');
    const teams = ephemeral('Dictionary: teams');
    await teams.waitFor();
    const shown = await text(teams);
    expect(shown).toContain('Only visible to you');
    expect(shown).toMatch(/Showing 1–16 of 16 \(page 1 of 1\)/);
    // The tree shows through em-space indents: a grandchild sits two levels in, under its parents.
    const indent = '\u2003';
    expect(shown).toContain('• Marketplace — 10');
    expect(shown).toContain(`${indent}• Payments — 21`);
    expect(shown).toContain(`${indent.repeat(2)}• Checkout — 211`);
    expect(shown.indexOf('Fintech')).toBeLessThan(shown.indexOf('Payments'));
    expect(shown.indexOf('Payments')).toBeLessThan(shown.indexOf('Checkout'));
    // A child whose parent is not the line above says where it belongs.
    expect(shown).toContain(`${indent}• Catalog — 12 · in Marketplace`);
    expect(await teams.getByRole('button', { name: 'Next ›' }).count()).toBe(0);

    // objective-meta lists its metrics and its slices: far more than one page.
    const meta = sandbox.state.dictionaries['objective-meta'];
    const total = (meta.metrics.length + meta.slices.length).toLocaleString('en-US');
    expect(meta.metrics.length).toBe(2500);
    await send('/exp dict metrics');
    const metrics = ephemeral('Dictionary: objective-meta');
    await metrics.waitFor();
    const ts = await metrics.getAttribute('data-ts');
    const first = await text(metrics.locator('[data-block-id="exp_dict_summary"]'));
    expect(first).toMatch(new RegExp(`^Showing 1–\\d+ of ${total} \\(page 1 of \\d+\\)\\.$`));
    expect(await metrics.getByRole('button', { name: '‹ Previous' }).count()).toBe(0);
    const firstEntries = await text(metrics.locator('.bk-section').nth(1));

    await metrics.getByRole('button', { name: 'Next ›' }).click();
    const page2 = page.locator(`#messages .msg-ephemeral[data-ts="${ts}"]`, { hasText: 'page 2 of' });
    await page2.waitFor();
    // Replaced in place: still one reply, same ts, now on page 2 with a way back.
    expect(await ephemeral('Dictionary: objective-meta').count()).toBe(1);
    const second = await text(page2.locator('[data-block-id="exp_dict_summary"]'));
    expect(second).toMatch(new RegExp(`^Showing \\d+–\\d+ of ${total} \\(page 2 of \\d+\\)\\.$`));
    expect(second).not.toBe(first);
    expect(await text(page2.locator('.bk-section').nth(1))).not.toBe(firstEntries);
    await page2.getByRole('button', { name: '‹ Previous' }).waitFor();
    await screenshot(page, SHOTS, '07-dict');
  });

  it('creates an experiment through the modal', async () => {
    await send('/exp create');
    // The app opens a loading view at once and replaces it when the dictionaries are read.
    await modal().locator('h2', { hasText: 'New experiment' }).waitFor();
    const field = (label: string) => modal().getByLabel(label, { exact: true });
    const strategy = modal().locator('div.bk[data-block-id="exp_xm_switchback_strategy"]');
    await field('Name').fill('Checkout copy <b>test</b>');

    // A dispatching select: the app rebuilds the modal with views.update, keeping the name typed.
    const viewId = await modal().getAttribute('data-view-id');
    await field('Experiment type').selectOption('switchback');
    await strategy.waitFor();
    expect(await modal().getAttribute('data-view-id')).toBe(viewId);
    expect(await field('Switchback strategy').inputValue()).toBe('DETERMINISTIC_RANDOM');
    expect(await field('Name').inputValue()).toBe('Checkout copy <b>test</b>');
    await field('Experiment type').selectOption('regular');
    await strategy.waitFor({ state: 'detached' });
    expect(await field('Experiment type').inputValue()).toBe('regular');

    // Domain, markup and exposure dispatch too: waiting for each update keeps a late re-render from
    // landing in the middle of the metric type-ahead below.
    const chooseAndWait = async (label: string, value: string) => {
      const hash = await modal().getAttribute('data-hash');
      await field(label).selectOption(value);
      await page.locator(`#modal-root form.modal:not([data-hash="${hash}"])`).waitFor();
    };
    await field('Team').selectOption('n:211');
    await chooseAndWait('Domain', 'n:2');
    await field('Layer').selectOption('n:201');
    await field('Participant type').selectOption('s:user');
    await chooseAndWait('Markup', 'incoming_traffic');
    await chooseAndWait('Exposure', 'all');
    await field('Statistical method').selectOption('bayesian');
    await field('Metrics').fill('checkout.conversion');
    const metric = modal().locator('[data-block-id="exp_xm_metrics"] .bk-ext-option', {
      hasText: 'Checkout: Conversion (d7)',
    });
    await metric.click();
    await modal()
      .locator('[data-block-id="exp_xm_metrics"] .bk-chip', { hasText: 'Conversion (d7)' })
      .waitFor();
    await screenshot(page, SHOTS, '08-create-modal');

    const existing = new Set(sandbox.state.experiments.keys());
    await modal().getByRole('button', { name: 'Create', exact: true }).click();
    await modal().waitFor({ state: 'detached' });
    const created = channelMessage('created experiment');
    await created.waitFor();
    const id = [...sandbox.state.experiments.keys()].at(-1) ?? 0;
    expect(existing.has(id)).toBe(false);
    // Named first, its id after.
    expect(await text(created.locator('.bk-text b').first())).toBe('Checkout copy <b>test</b>');
    expect(await text(created)).toContain(`Checkout copy <b>test</b> (#${id})`);
    await created.getByRole('button', { name: 'Start', exact: true }).waitFor();
    const experiment = sandbox.state.experiments.get(id);
    // The dictionary's numbers come back as numbers: 211, never '211'.
    expect(typeof experiment?.teamId).toBe('number');
    expect(experiment).toMatchObject({
      name: 'Checkout copy <b>test</b>',
      type: 'regular',
      teamId: 211,
      domainId: 2,
      layerId: 201,
      participantType: 'user',
      markupScopeType: 'incoming_traffic',
      exposure: 'all',
      statisticalMethod: 'bayesian',
      metrics: ['checkout.conversion.d7'],
    });
    await screenshot(page, SHOTS, '09-created');
  });

  it('edits an audience through the pushed view: removes one filter, confirms the diff, saves', async () => {
    // Issue #23. Its own experiment, so the seed (and every test reading it) stays as it is: five
    // filters, two on one parameter, one on an archived parameter, text, number and boolean values.
    const audience: Segment[] = [
      { paramId: 1, predicate: 'gt', values: ['5.0.0'] },
      { paramId: 2, predicate: 'in', values: ['Paris', 75001, true] },
      { paramId: 2, predicate: 'neq', values: ['Lyon'] },
      { paramId: 4, predicate: 'eq', values: ['gold'] },
      { paramId: 1, predicate: 'lt', values: [7] },
    ];
    const base = sandbox.state.experiments.get(123);
    if (!base) throw new Error('the sandbox has no experiment 123');
    sandbox.state.experiments.set(950, {
      ...structuredClone(base),
      id: 950,
      name: 'Audience edit',
      label: 'audience_edit_950',
      status: 'draft',
      segments: structuredClone(audience),
    });
    const form = page.locator('#modal-root form.modal[data-callback-id="exp_experiment_modal"]');
    const pushed = page.locator('#modal-root form.modal[data-callback-id="exp_audience_view"]');
    const confirmation = page.locator('#modal-root form.modal[data-callback-id="exp_edit_confirm"]');
    const summary = (count: string) => form.locator('[data-block-id="exp_xm_audience"]', { hasText: count });

    await send('/exp edit 950');
    await summary('5 filters').waitFor();
    expect(await text(form.locator('h2'))).toBe('Edit experiment 950');
    expect(await text(summary('5 filters'))).toContain('1 on archived parameters');
    await showAudienceSummary();
    await screenshot(page, SHOTS, '23-edit-form');

    // The button pushes a second view over the form (views.push): Slack shows it with Back and Done.
    await form.getByRole('button', { name: 'Edit audience' }).click();
    await pushed.waitFor();
    expect(await pushed.getAttribute('data-depth')).toBe('2');
    expect(await text(pushed.locator('h2'))).toBe('Audience');
    expect(await text(pushed.locator('.modal-cancel'))).toBe('Back');
    expect(await text(pushed.locator('.modal-submit'))).toBe('Done');
    expect(await text(pushed.locator('[data-block-id="exp_aud_intro"]'))).toContain('Filters 1–5 of 5');
    const FILTER = '.bk-section[data-block-id^="exp_aud_filter:"]';
    const filters = pushed.locator(FILTER);
    expect(await filters.count()).toBe(5);
    expect(await filters.getByRole('button', { name: 'Remove' }).count()).toBe(5);
    expect(await text(filters.nth(3))).toContain('archived parameter');
    await screenshot(page, SHOTS, '24-audience-view');

    const paris = pushed.locator(FILTER, { hasText: '"Paris"' });
    expect(await text(paris)).toBe('City is one of "Paris", 75001, trueRemove');
    await paris.getByRole('button', { name: 'Remove' }).click();
    await pushed.locator('[data-block-id="exp_aud_intro"]', { hasText: 'Filters 1–4 of 4' }).waitFor();
    expect(await filters.count()).toBe(4);
    expect(await pushed.locator(FILTER, { hasText: '"Paris"' }).count()).toBe(0);
    await screenshot(page, SHOTS, '25-audience-filter-removed');
    // Only the form changed: nothing reached the platform yet.
    expect(patches(950)).toHaveLength(0);

    await pushed.getByRole('button', { name: 'Done' }).click();
    await summary('4 filters').waitFor();
    expect(await pushed.count()).toBe(0);
    await showAudienceSummary();
    await screenshot(page, SHOTS, '26-edit-form-after-audience');

    // Submitting the form pushes the diff; Save sends it.
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await confirmation.waitFor();
    expect(await confirmation.getAttribute('data-depth')).toBe('2');
    expect(await text(confirmation.locator('h2'))).toBe('Save these changes?');
    const diff = await text(confirmation.locator('.modal-body'));
    expect(diff).toContain('removed: City is one of "Paris", 75001, true');
    expect(diff.match(/removed:/g)).toHaveLength(1);
    expect(diff).not.toMatch(/added:|changed:/);
    await screenshot(page, SHOTS, '27-edit-confirmation');
    expect(patches(950)).toHaveLength(0);

    await confirmation.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('#modal-root form.modal').waitFor({ state: 'detached' });
    const updated = channelMessage(/updated experiment .+ \(#950\)/);
    await updated.waitFor();
    expect(await text(updated)).toContain('removed: City is one of "Paris", 75001, true');
    await screenshot(page, SHOTS, '28-edit-saved');

    // Exactly that filter is gone; the other four went back byte for byte, and nothing else was sent.
    const kept = audience.filter((_, i) => i !== 1);
    expect(patches(950).map((r) => r.body)).toEqual([JSON.stringify({ segments: kept })]);
    expect(JSON.stringify(sandbox.state.experiments.get(950)?.segments)).toBe(JSON.stringify(kept));
  });

  it('subscribes the channel with a filter, lists it with a Remove button, and removes it', async () => {
    await send('/exp subscribe teem:search');
    const refused = ephemeral('is not a filter');
    await refused.waitFor();
    await send('/exp subscribe team:search events:stop,archive');
    const note = channelMessage('subscribed this channel to');
    await note.waitFor();
    expect(await text(note)).toContain('stop, archive alerts of team Search');
    await send('/exp subscriptions');
    const list = ephemeral('Experiment alerts in this workspace');
    await list.waitFor();
    expect(await text(list)).toContain('alerts of team Search (this channel)');
    await screenshot(page, SHOTS, '20-subscriptions-list');
    await list.getByRole('button', { name: 'Remove' }).first().click();
    await channelMessage("removed this channel's subscription").waitFor();
    await ephemeral('No channel gets experiment alerts yet').waitFor();
    await screenshot(page, SHOTS, '21-subscription-removed');
  });

  it('speaks Russian once the switch says so: its own texts, and the app’s replies to that person', async () => {
    await actAs('U0MEMBER1');
    const replies = page.locator('#messages .msg-ephemeral .msg-body');
    const before = await replies.count();
    await page.locator('#language-select').selectOption('ru');
    await ephemeral('по-русски').waitFor();
    // The page relabels itself and marks the app's private replies in Russian.
    await page.getByRole('button', { name: 'Отправить' }).waitFor();
    expect(await text(page.locator('[data-text="actingAs"]'))).toBe('Действую как');
    expect(await text(page.locator('#messages .msg-ephemeral-note').last())).toBe('Видно только вам');
    const input = page.getByLabel('Сообщение');
    for (const command of ['/exp strat 4', '/exp dict', '/exp show 2']) {
      await input.fill(command);
      await input.press('Enter');
    }
    await ephemeral('One-click checkout (#2)').waitFor();
    await ephemeral('Справочники').waitFor();
    await ephemeral('Неизвестная команда').waitFor();
    await input.fill('/exp stop 2');
    await input.press('Enter');
    await modal().waitFor();
    const form = await text(modal());
    expect(form).toContain('Причина');
    expect(englishSentences(form)).toEqual([]);
    await screenshot(page, SHOTS, '30-russian');
    await modal().getByRole('button', { name: 'Отмена' }).click();
    await waitForCount(modal(), 0);
    await screenshot(page, SHOTS, '31-russian-replies');
    const said = (await replies.allTextContents()).slice(before);
    expect(said.length).toBeGreaterThanOrEqual(4);
    // Slack words a date token for its reader: the card's "only just" too.
    expect(said.join('\n')).toContain('только что');
    for (const reply of said) {
      expect(englishSentences(reply), reply).toEqual([]);
      expect(reply).toMatch(/[а-яё]{3}/i);
    }
    // A reload (or coming back to this person) shows the choice on the switch and the page in it.
    await page.reload();
    await page.locator('body[data-ready="1"]').waitFor({ state: 'attached' });
    expect(await page.locator('#language-select').inputValue()).toBe('ru');
    await page.getByRole('button', { name: 'Отправить' }).waitFor();
    await page.locator('#language-select').selectOption('auto');
    await page.getByRole('button', { name: 'Send' }).waitFor();
    expect(await page.locator('#language-select').inputValue()).toBe('auto');
  });

  it('loaded nothing from anywhere but the playground and threw no script error', () => {
    expectNothingFromElsewhere(opened, playground.url);
  });
});

describe('Block Kit the app does not use yet, against a stand-in app', () => {
  let emulator: SlackEmulator;
  let kit: BlockKitApp;
  let playground: RunningPlayground;
  let opened: OpenedPage;
  let page: Page;
  const plain = (value: string) => ({ type: 'plain_text', text: value });
  const modal = () => page.locator('#modal-root form.modal');

  beforeAll(async () => {
    emulator = await startSlackEmulator();
    kit = await startBlockKitApp(emulator);
    playground = await startPlayground({
      emulator,
      appEventsUrl: kit.url,
      signingSecret: randomBytes(16).toString('hex'),
      logger: createMemoryLogger('debug'),
    });
    opened = await openPage(playground.url);
    page = opened.page;
  });

  afterAll(async () => {
    await playground?.close();
    await kit?.close();
    await emulator?.close();
  });

  it('updates the modal in place after a dispatch_action select, keeping what was typed', async () => {
    await slackApi(emulator, 'views.open', {
      trigger_id: emulator.mintTriggerId({ userId: 'U0MEMBER1' }),
      view: KIT_MODAL,
    });
    await modal().waitFor();
    await modal().getByLabel('Name').fill('Ada');
    await modal().getByLabel('Kind').selectOption('b');
    await modal().locator('[data-block-id="chosen"]', { hasText: 'Chosen: B' }).waitFor();
    expect(await modal().getByLabel('Name').inputValue()).toBe('Ada');
    expect(await modal().getByLabel('Kind').inputValue()).toBe('b');
    expect(kit.payloads.find((p) => p.type === 'block_actions')).toMatchObject({
      container: { type: 'view' },
      actions: [
        {
          type: 'static_select',
          block_id: 'kind',
          action_id: 'kind_select',
          selected_option: { value: 'b' },
        },
      ],
    });
  });

  it('offers external options as one types, checks fields like Slack, then submits Slack’s state', async () => {
    await modal().getByLabel('Team').fill('che');
    const options = modal().locator('[data-block-id="team"] .bk-ext-option');
    await waitForCount(options, 2);
    await modal().locator('.bk-ext-option', { hasText: 'Cheetah' }).click();
    await modal().locator('.bk-chip', { hasText: 'Cheetah' }).waitFor();
    expect(kit.payloads.find((p) => p.type === 'block_suggestion')).toMatchObject({
      action_id: 'team_select',
      block_id: 'team',
      value: 'che',
    });
    await modal().getByLabel('Tags').selectOption(['x', 'z']);
    await modal().getByLabel('Days').fill('two weeks');
    await modal().getByRole('button', { name: 'Save' }).click();
    const daysError = modal().locator('[data-block-id="days"] .bk-error');
    await daysError.waitFor({ state: 'visible' });
    expect(await text(daysError)).toBe('Please enter a whole number.');
    await screenshot(page, SHOTS, '10-kit-modal');
    expect(kit.payloads.some((p) => p.type === 'view_submission')).toBe(false);

    await modal().getByLabel('Days').fill('14');
    await modal().getByRole('button', { name: 'Save' }).click();
    await modal().waitFor({ state: 'detached' });
    const submission = kit.payloads.find((p) => p.type === 'view_submission') as
      | { view: { state: { values: unknown } } }
      | undefined;
    expect(submission?.view.state.values).toEqual({
      name: { name_input: { type: 'plain_text_input', value: 'Ada' } },
      kind: { kind_select: { type: 'static_select', selected_option: { text: plain('B'), value: 'b' } } },
      team: {
        team_select: {
          type: 'external_select',
          selected_option: { text: plain('Cheetah'), value: 'cheetah' },
        },
      },
      tags: {
        tags_select: {
          type: 'multi_static_select',
          selected_options: [
            { text: plain('x'), value: 'x' },
            { text: plain('z'), value: 'z' },
          ],
        },
      },
      days: { days_input: { type: 'number_input', value: '14' } },
    });
  });

  it('sends an overflow menu choice from a message', async () => {
    await slackApi(emulator, 'chat.postMessage', {
      channel: 'C0GENERAL',
      text: 'menu',
      blocks: KIT_MESSAGE_BLOCKS,
    });
    const message = page.locator('#messages .msg', { hasText: 'A message with a menu' });
    await message.waitFor();
    await message.getByRole('button', { name: 'More actions' }).click();
    await message.getByRole('button', { name: 'Delete' }).click();
    const payload = await eventually(() =>
      kit.payloads.find((p) => p.type === 'block_actions' && JSON.stringify(p.actions).includes('overflow')),
    );
    expect(payload).toMatchObject({
      container: { type: 'message', channel_id: 'C0GENERAL' },
      actions: [
        {
          type: 'overflow',
          block_id: 'menu_section',
          action_id: 'menu',
          selected_option: { value: 'delete' },
        },
      ],
    });
  });

  it('loaded nothing from anywhere but the playground and threw no script error', () => {
    expectNothingFromElsewhere(opened, playground.url);
  });
});
