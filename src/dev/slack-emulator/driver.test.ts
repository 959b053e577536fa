import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSlackDriver, type SlackDriver, signSlackRequest } from './driver.js';
import { ActionNotFoundError, ViewBlockNotFoundError } from './errors.js';
import { EMULATOR_DEFAULTS, type SlackEmulator, startSlackEmulator } from './server.js';

const SECRET = 'driver-test-signing-secret';
const { channelId, userId } = EMULATOR_DEFAULTS;
const fixture = (name: string) =>
  readFileSync(new URL(`../../../test/fixtures/slack/${name}`, import.meta.url), 'utf8');
const plain = (text: string) => ({ type: 'plain_text' as const, text });

const editModal = (title = 'Edit experiment') => ({
  type: 'modal' as const,
  callback_id: 'edit',
  notify_on_close: true,
  private_metadata: '{"experimentId":1}',
  title: plain(title),
  submit: plain('Save'),
  close: plain('Cancel'),
  blocks: [
    {
      type: 'input',
      block_id: 'name',
      label: plain('Name'),
      element: { type: 'plain_text_input', action_id: 'value' },
    },
    {
      type: 'input',
      block_id: 'layer',
      optional: true,
      label: plain('Layer'),
      element: { type: 'external_select', action_id: 'layer', min_query_length: 0 },
    },
    {
      type: 'actions',
      block_id: 'tools',
      elements: [
        { type: 'static_select', action_id: 'mode', options: [{ text: plain('Advanced'), value: 'adv' }] },
      ],
    },
  ],
});

let emu: SlackEmulator;
let app: App;
let driver: SlackDriver;
const seen: { bodies: Record<string, unknown>[]; submitted: unknown[]; closed: string[] } = {
  bodies: [],
  submitted: [],
  closed: [],
};

beforeAll(async () => {
  emu = await startSlackEmulator();
  const receiver = new HTTPReceiver({
    signingSecret: SECRET,
    endpoints: '/slack/events',
    logLevel: LogLevel.ERROR,
  });
  app = new App({
    token: emu.identity.botToken,
    receiver,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: emu.apiUrl },
  });
  app.command('/exp', async ({ command, ack, client }) => {
    if (command.text === 'help') return void (await ack('Usage: /exp start 123'));
    if (command.text === 'announce')
      return void (await ack({ response_type: 'in_channel', text: 'Announced' }));
    await ack();
    await client.chat.postMessage({
      channel: command.channel_id,
      text: `Experiment ${command.text}`,
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: `*Experiment ${command.text}*` } },
        {
          type: 'actions',
          block_id: 'controls',
          elements: [
            { type: 'button', action_id: 'stop', text: plain('Stop'), value: command.text, style: 'danger' },
            { type: 'button', action_id: 'edit', text: plain('Edit'), value: command.text },
          ],
        },
      ],
    });
  });
  app.command('/weather', async ({ command, ack }) => {
    seen.bodies.push({ ...command });
    await ack('sunny');
  });
  app.action('stop', async ({ ack, body, respond }) => {
    seen.bodies.push(body as unknown as Record<string, unknown>);
    await ack();
    await respond({ replace_original: true, text: `Stopped by <@${body.user.id}>` });
  });
  app.action('edit', async ({ ack, body, client }) => {
    await ack();
    if (body.type === 'block_actions')
      await client.views.open({ trigger_id: body.trigger_id, view: editModal() });
  });
  app.action('WaXA', async ({ ack, body }) => {
    seen.bodies.push(body as unknown as Record<string, unknown>);
    await ack();
  });
  app.action('mode', async ({ ack, body, client }) => {
    await ack();
    if (body.type === 'block_actions' && body.view) {
      await client.views.update({
        view_id: body.view.id,
        hash: body.view.hash,
        view: editModal('Edit (advanced)'),
      });
    }
  });
  app.options('layer', async ({ ack, options }) => {
    await ack({ options: [{ text: plain(`Layer matching "${options.value}"`), value: 'layer-1' }] });
  });
  app.view('edit', async ({ ack, view }) => {
    const name = view.state.values.name?.value?.value;
    if (!name) return void (await ack({ response_action: 'errors', errors: { name: 'A name is required' } }));
    await ack();
    seen.submitted.push({ name, metadata: view.private_metadata, layer: view.state.values.layer?.layer });
  });
  app.view({ callback_id: 'edit', type: 'view_closed' }, async ({ ack, body }) => {
    await ack();
    seen.closed.push(body.view.id);
  });
  const server = (await app.start(0)) as { address(): AddressInfo | string | null };
  const { port } = server.address() as AddressInfo;
  driver = createSlackDriver({
    appUrl: `http://127.0.0.1:${port}/slack/events`,
    signingSecret: SECRET,
    emulator: emu,
  });
});
afterEach(() => {
  emu.reset();
  seen.bodies.length = 0;
  seen.submitted.length = 0;
  seen.closed.length = 0;
});
afterAll(async () => {
  await app.stop();
  await emu.close();
});

describe('signSlackRequest', () => {
  it('reproduces the documented signature vector', () => {
    const text = fixture('signature-vector.txt');
    const secret = /signing_secret\s*=\s*(\S+)/.exec(text)?.[1] ?? '';
    const timestamp = Number(/X-Slack-Request-Timestamp:\s*(\d+)/.exec(text)?.[1]);
    const body = text.split('raw body:\n')[1]?.trimEnd() ?? '';
    expect(signSlackRequest(secret, timestamp, body)).toBe(
      'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
    );
    expect(/X-Slack-Signature:\s*(\S+)/.exec(text)?.[1]).toBe(signSlackRequest(secret, timestamp, body));
  });
});

describe('driver against a Bolt app', () => {
  it('sends a signed slash command that Bolt authorizes through the emulator', async () => {
    const res = await driver.command({ text: '7' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(res.responseUrl).toMatch(`${emu.baseUrl}/response/`);
    const message = await emu.waitFor(() => emu.messages(channelId).find((m) => m.text === 'Experiment 7'));
    expect(message.blocks).toHaveLength(2);
    expect(emu.calls.some((c) => c.method === 'auth.test' && c.response.ok === true)).toBe(true);
  });

  it('shows a text ack ephemerally and an in_channel ack with the command', async () => {
    expect((await driver.command({ text: 'help' })).body).toBe('Usage: /exp start 123');
    expect(emu.messages(channelId)).toMatchObject([
      { text: 'Usage: /exp start 123', ephemeral: true, targetUserId: userId },
    ]);
    await driver.command({ text: 'announce', userId: EMULATOR_DEFAULTS.adminUserId });
    expect(emu.messages(channelId).slice(1)).toMatchObject([
      { text: '/exp announce', user: EMULATOR_DEFAULTS.adminUserId, ephemeral: false },
      { text: 'Announced', ephemeral: false },
    ]);
  });

  it('clicks a button with a real block_actions payload; respond() replaces the message', async () => {
    await driver.command({ text: '8' });
    const message = await emu.waitFor(() => emu.messages(channelId).find((m) => m.text === 'Experiment 8'));
    const res = await driver.clickButton(message, 'stop');
    expect(res.status).toBe(200);
    const updated = await emu.waitFor(() =>
      emu.messages(channelId).find((m) => m.ts === message.ts && m.edits > 0),
    );
    expect(updated.text).toBe(`Stopped by <@${userId}>`);
    expect(seen.bodies[0]).toMatchObject({
      type: 'block_actions',
      container: { type: 'message', message_ts: message.ts, channel_id: channelId, is_ephemeral: false },
      message: { ts: message.ts, blocks: message.blocks },
      actions: [{ action_id: 'stop', block_id: 'controls', value: '8', type: 'button', style: 'danger' }],
      response_url: res.responseUrl,
      trigger_id: res.triggerId,
    });
    await expect(driver.clickButton(message, 'missing')).rejects.toThrow(ActionNotFoundError);
  });

  it('accepts Slack’s documented block_actions fixture through interaction()', async () => {
    const res = await driver.interaction(JSON.parse(fixture('block-actions.json')));
    expect(res.status).toBe(200);
    expect(seen.bodies[0]).toMatchObject({ actions: [{ value: 'click_me_123' }] });
  });

  it('drives a modal: open, options, block action, errors, submit and close', async () => {
    await driver.command({ text: '9' });
    const message = await emu.waitFor(() => emu.messages(channelId).find((m) => m.text === 'Experiment 9'));
    await driver.clickButton(message, 'edit');
    const view = await emu.waitFor(() => [...emu.views.values()][0]);
    expect(view.userId).toBe(userId);

    const options = await driver.suggestOptions(view.id, 'layer', 'layer', 'abc');
    expect(options.json).toEqual({ options: [{ text: plain('Layer matching "abc"'), value: 'layer-1' }] });
    expect(options.breaches).toEqual([]);

    const firstHash = view.hash;
    const selected = { type: 'static_select', selected_option: { text: plain('Advanced'), value: 'adv' } };
    await driver.viewAction(view.id, 'tools', 'mode', selected);
    await emu.waitFor(() => emu.views.get(view.id)?.hash !== firstHash);
    expect(emu.views.get(view.id)?.view.title).toEqual(plain('Edit (advanced)'));

    const invalid = await driver.submitView(view.id, {
      name: { value: { type: 'plain_text_input', value: null } },
    });
    expect(invalid.outcome).toEqual({ kind: 'errors', errors: { name: 'A name is required' } });
    expect(emu.views.has(view.id)).toBe(true);
    await expect(driver.submitView(view.id, { nope: {} })).rejects.toThrow(ViewBlockNotFoundError);

    const layer = { type: 'external_select', selected_option: { text: plain('L1'), value: 'layer-1' } };
    const done = await driver.submitView(view.id, {
      name: { value: { type: 'plain_text_input', value: 'Checkout test' } },
      layer: { layer },
    });
    expect(done.outcome).toEqual({ kind: 'closed' });
    expect(done.body).toBe('');
    expect(emu.views.size).toBe(0);
    expect(seen.submitted).toEqual([{ name: 'Checkout test', metadata: '{"experimentId":1}', layer }]);
  });

  it('sends view_closed for views that ask for it and closes them', async () => {
    await driver.command({ text: '10' });
    const message = await emu.waitFor(() => emu.messages(channelId).find((m) => m.text === 'Experiment 10'));
    await driver.clickButton(message, 'edit');
    const view = await emu.waitFor(() => [...emu.views.values()][0]);
    const res = await driver.closeView(view.id);
    expect(res).toMatchObject({ sent: true, status: 200 });
    expect(seen.closed).toEqual([view.id]);
    expect(emu.views.size).toBe(0);
  });
});

describe('driver.raw and request signing', () => {
  it('passes Slack’s documented slash command body through Bolt’s verification', async () => {
    const body = fixture('slash-command.form.txt').trimEnd();
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(SECRET, timestamp, body),
    };
    expect(await driver.raw(body, headers)).toEqual({ status: 200, body: 'sunny' });
    expect(seen.bodies[0]).toMatchObject({ command: '/weather', text: '94070', enterprise_id: 'E0001' });
  });

  it('is refused with 401 when the signature or the timestamp is wrong', async () => {
    const body = 'command=%2Fexp&text=help';
    const now = Math.floor(Date.now() / 1000);
    const headers = (timestamp: number, signature: string) => ({
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signature,
    });
    expect((await driver.raw(body, headers(now, signSlackRequest('wrong', now, body)))).status).toBe(401);
    const old = now - 6 * 60;
    expect((await driver.raw(body, headers(old, signSlackRequest(SECRET, old, body)))).status).toBe(401);
    expect(seen.bodies).toEqual([]);
  });
});
