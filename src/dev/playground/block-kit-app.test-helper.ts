import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import type { SlackEmulator } from '../slack-emulator/types.js';

// A stand-in app for browser tests of what exp-chatops does not use yet: a modal with a
// dispatch_action select that the app answers with views.update, an external select, a multi
// select and a number input, plus an overflow menu in a message; a Review button it answers by
// updating the message in place (chat.update) with a new button; and link_shared events it answers
// with chat.unfurl. It records every payload and event.

const plain = (text: string) => ({ type: 'plain_text', text });
const option = (text: string, value: string) => ({ text: plain(text), value });

const TEAM_NAMES = ['Checkout', 'Cheetah', 'Search'];

export const KIT_MODAL = {
  type: 'modal',
  callback_id: 'kit',
  title: plain('Block Kit'),
  submit: plain('Save'),
  close: plain('Cancel'),
  blocks: [
    {
      type: 'input',
      block_id: 'name',
      label: plain('Name'),
      element: { type: 'plain_text_input', action_id: 'name_input' },
    },
    {
      type: 'input',
      block_id: 'kind',
      dispatch_action: true,
      label: plain('Kind'),
      element: {
        type: 'static_select',
        action_id: 'kind_select',
        options: [option('A', 'a'), option('B', 'b')],
      },
    },
    {
      type: 'input',
      block_id: 'team',
      label: plain('Team'),
      element: { type: 'external_select', action_id: 'team_select', min_query_length: 2 },
    },
    {
      type: 'input',
      block_id: 'tags',
      optional: true,
      label: plain('Tags'),
      element: {
        type: 'multi_static_select',
        action_id: 'tags_select',
        options: [option('x', 'x'), option('y', 'y'), option('z', 'z')],
      },
    },
    {
      type: 'input',
      block_id: 'days',
      label: plain('Days'),
      element: { type: 'number_input', action_id: 'days_input', is_decimal_allowed: false },
    },
  ],
};

export const KIT_MESSAGE_BLOCKS = [
  {
    type: 'section',
    block_id: 'menu_section',
    text: { type: 'mrkdwn', text: 'A message with a *menu*' },
    accessory: {
      type: 'overflow',
      action_id: 'menu',
      options: [option('Edit', 'edit'), option('Delete', 'delete')],
    },
  },
];

/** A message with a button the app answers by rewriting the message where it is. */
const reviewBlocks = (state: string, actionId: string, label: string) => [
  { type: 'section', block_id: 'review_state', text: { type: 'mrkdwn', text: `Review: *${state}*` } },
  {
    type: 'actions',
    block_id: 'review_actions',
    elements: [{ type: 'button', action_id: actionId, text: plain(label), value: state }],
  },
];

export const KIT_REVIEW_BLOCKS = reviewBlocks('pending', 'kit_approve', 'Approve');

/** The card the app unfurls a link into. */
const unfurlCard = (url: string) => ({
  blocks: [
    { type: 'section', text: { type: 'mrkdwn', text: `*Experiment card* for ${url}` } },
    { type: 'context', elements: [{ type: 'mrkdwn', text: 'Status: running' }] },
  ],
});

export interface BlockKitApp {
  url: string;
  payloads: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startBlockKitApp(emulator: SlackEmulator): Promise<BlockKitApp> {
  const payloads: Array<Record<string, unknown>> = [];
  const slack = async (method: string, args: Record<string, unknown>) => {
    const res = await request(`${emulator.apiUrl}${method}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.identity.botToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    await res.body.json();
  };
  const answer = async (payload: Record<string, unknown>): Promise<unknown> => {
    const view = payload.view as { id: string; hash: string } | undefined;
    if (payload.type === 'block_suggestion') {
      const query = String(payload.value).toLowerCase();
      const hits = TEAM_NAMES.filter((name) => name.toLowerCase().includes(query));
      return { options: hits.map((name) => option(name, name.toLowerCase())) };
    }
    const actions = payload.actions as
      | Array<{ action_id?: string; selected_option?: { text: { text: string } } }>
      | undefined;
    const container = payload.container as { channel_id?: string; message_ts?: string } | undefined;
    const user = (payload.user as { id?: string } | undefined)?.id ?? 'someone';
    const clicked = actions?.[0]?.action_id;
    if (payload.type === 'block_actions' && container?.message_ts && clicked === 'kit_approve') {
      await slack('chat.update', {
        channel: container.channel_id,
        ts: container.message_ts,
        text: 'approved',
        blocks: reviewBlocks(`approved by <@${user}>`, 'kit_reopen', 'Reopen'),
      });
    }
    const chosen = actions?.[0]?.selected_option?.text.text;
    if (payload.type === 'block_actions' && view && chosen !== undefined) {
      const note = { type: 'section', block_id: 'chosen', text: plain(`Chosen: ${chosen}`) };
      await slack('views.update', {
        view_id: view.id,
        hash: view.hash,
        view: { ...KIT_MODAL, blocks: [...KIT_MODAL.blocks, note] },
      });
    }
    return undefined;
  };
  // Events come as JSON: ack at once, then unfurl, as Slack wants within 3 s.
  const onEvent = (body: Record<string, unknown>) => {
    payloads.push(body);
    const event = body.event as {
      type?: string;
      unfurl_id?: string;
      source?: string;
      links?: Array<{ url: string }>;
    };
    if (event?.type !== 'link_shared') return;
    const unfurls = Object.fromEntries((event.links ?? []).map((link) => [link.url, unfurlCard(link.url)]));
    void slack('chat.unfurl', { unfurl_id: event.unfurl_id, source: event.source, unfurls });
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.headers['content-type'] === 'application/json') {
        res.writeHead(200).end();
        onEvent(JSON.parse(text) as Record<string, unknown>);
        return;
      }
      const raw = new URLSearchParams(text).get('payload');
      const payload = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      payloads.push(payload);
      answer(payload).then(
        (body) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(body === undefined ? '' : JSON.stringify(body));
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`,
    payloads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
