import { describe, expect, it } from 'vitest';
import type { EmulatedMessage, EmulatedView } from '../../slack-emulator/types.js';
import { type ChannelRenderContext, renderChannelMessages, renderThreads } from './messages.js';
import { renderModal } from './modal.js';

const ctx: ChannelRenderContext = {
  names: {
    user: (id) => ({ U0BOT0001: 'exp-chatops', U0MEMBER1: 'Bob Member' })[id],
    channel: () => undefined,
  },
  users: [],
  channels: [],
  botUserId: 'U0BOT0001',
};

function message(ts: string, fields: Partial<EmulatedMessage> = {}): EmulatedMessage {
  return {
    ts,
    channel: 'C0GENERAL',
    user: 'U0BOT0001',
    bot_id: 'B1',
    ephemeral: false,
    source: 'chat.postMessage',
    edits: 0,
    ...fields,
  };
}

describe('renderChannelMessages', () => {
  it('sums a thread up under its parent and keeps orphans and broadcasts in the channel', () => {
    const list = [
      message('100.000001', { text: 'parent' }),
      message('100.000002', { text: 'reply one', thread_ts: '100.000001' }),
      message('100.000003', { text: 'orphan', thread_ts: '99.000001' }),
      message('100.000004', { text: 'reply two', thread_ts: '100.000001', subtype: 'thread_broadcast' }),
    ];
    const html = renderChannelMessages(list, ctx);
    const parent = html.indexOf('data-ts="100.000001"');
    const summary = html.indexOf(
      'aria-label="Open the thread: 2 replies"><span class="thread-count">2 replies</span>',
    );
    expect(parent).toBeGreaterThanOrEqual(0);
    expect(summary).toBeGreaterThan(parent);
    expect(html).not.toContain('reply one');
    // A reply whose parent is not there stays in the channel, in its place.
    expect(html.indexOf('orphan')).toBeGreaterThan(summary);
    // Sent to the channel too: shown there, after the orphan, with a way into its thread.
    expect(html.indexOf('Replied to a thread')).toBeGreaterThan(html.indexOf('orphan'));
    expect(html.indexOf('Replied to a thread')).toBeLessThan(html.indexOf('reply two'));

    const thread = renderThreads(list, ctx)['100.000001'] ?? '';
    expect(Object.keys(renderThreads(list, ctx))).toEqual(['100.000001']);
    expect(thread.indexOf('parent')).toBeLessThan(thread.indexOf('reply one'));
    expect(thread.indexOf('reply one')).toBeLessThan(thread.indexOf('Also sent to the channel'));
    expect(thread).not.toContain('orphan');
  });

  it('shows a join as Slack’s quiet line, and the app’s unfurls under the message that has the link', () => {
    const link = 'https://console.example.com/experiments/4';
    const html = renderChannelMessages(
      [
        message('3.000001', {
          text: '<@U0BOT0001> has joined the channel',
          subtype: 'channel_join',
          inviter: 'U0MEMBER1',
          bot_id: undefined,
        }),
        message('3.000002', {
          text: `see <${link}>`,
          user: 'U0MEMBER1',
          bot_id: undefined,
          source: 'user',
          unfurls: {
            [link]: {
              blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*Experiment 4* <!here>' } }],
            },
            'https://console.example.com/x': {
              title: '<script>',
              title_link: 'javascript:alert(1)',
              text: 'hi',
            },
          },
        }),
      ],
      { ...ctx, names: { ...ctx.names, channel: (id) => (id === 'C0GENERAL' ? 'general' : undefined) } },
    );
    expect(html).toContain('<div class="msg-system">was added to #general by Bob Member.</div>');
    expect(html).not.toContain('has joined the channel');
    const unfurl = html.indexOf(`<div class="msg-unfurl" data-url="${link}">`);
    expect(unfurl).toBeGreaterThan(html.indexOf('see <a class="bk-link"'));
    expect(html.slice(unfurl)).toContain('<b>Experiment 4</b>');
    expect(html).toContain('<div class="att-title">&lt;script&gt;</div>');
    expect(html).not.toContain('javascript:');
  });

  it('tells ephemeral from in-channel messages, marks edits and names the author', () => {
    const html = renderChannelMessages(
      [
        message('1.000001', { text: 'secret', ephemeral: true, targetUserId: 'U0MEMBER1', edits: 2 }),
        message('1.000002', {
          text: '/exp start 4',
          user: 'U0MEMBER1',
          bot_id: undefined,
          source: 'command',
        }),
      ],
      ctx,
    );
    expect(html).toContain(
      'class="msg msg-ephemeral msg-bot" data-ts="1.000001" data-channel="C0GENERAL" data-ephemeral="1"',
    );
    expect(html).toContain('<div class="msg-ephemeral-note">Only visible to you</div>');
    expect(html).toContain('<span class="msg-edited">(edited)</span>');
    expect(html).toContain('<span class="msg-author">exp-chatops</span><span class="msg-app">APP</span>');
    expect(html).toContain('class="msg msg-channel msg-user"');
    expect(html).toContain('<span class="msg-author">Bob Member</span><time');
  });

  it('shows what a person typed as typed, and the app’s text as mrkdwn', () => {
    const html = renderChannelMessages(
      [
        message('2.000001', {
          text: '/exp stop 3 bug <https://evil.example|click> *x*',
          user: 'U0MEMBER1',
          source: 'command',
        }),
        message('2.000002', { text: '*bold* <https://ok.example|docs>' }),
      ],
      ctx,
    );
    expect(html).toContain('/exp stop 3 bug &lt;https://evil.example|click&gt; *x*');
    expect(html).toContain('<b>bold</b> <a class="bk-link" href="https://ok.example"');
  });

  it('prefers blocks over the fallback text', () => {
    const html = renderChannelMessages(
      [
        message('3.000001', {
          text: 'fallback',
          blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'from blocks' } }],
        }),
      ],
      ctx,
    );
    expect(html).toContain('from blocks');
    expect(html).not.toContain('fallback');
  });
});

describe('renderModal', () => {
  const view: EmulatedView = {
    id: 'V1',
    hash: 'h1',
    userId: 'U0MEMBER1',
    rootViewId: 'V1',
    openedAt: 0,
    view: {
      type: 'modal',
      callback_id: 'cb',
      title: { type: 'plain_text', text: 'Stop <it>' },
      submit: { type: 'plain_text', text: 'Stop' },
      blocks: [
        {
          type: 'input',
          block_id: 'b',
          label: { type: 'plain_text', text: 'L' },
          element: { type: 'plain_text_input', action_id: 'a' },
        },
      ],
    },
  };

  it('renders title, blocks, close and submit buttons', () => {
    const modal = renderModal(view, ctx, 1);
    expect(modal.viewId).toBe('V1');
    expect(modal.html).toContain('data-view-id="V1" data-hash="h1" data-callback-id="cb"');
    expect(modal.html).toContain('<h2 id="modal-title">Stop &lt;it&gt;</h2>');
    expect(modal.html).toContain('class="bk-button modal-cancel">Cancel</button>');
    expect(modal.html).toContain(
      'type="submit" class="bk-button bk-style-primary modal-submit">Stop</button>',
    );
  });

  it('shows errors inline and changes its key when the view or its errors change', () => {
    const first = renderModal(view, ctx, 1);
    const withErrors = renderModal({ ...view, errors: { b: 'Too short' } }, ctx, 1);
    const updated = renderModal({ ...view, hash: 'h2' }, ctx, 1);
    expect(withErrors.html).toContain('<div class="bk-error" role="alert">Too short</div>');
    expect(new Set([first.key, withErrors.key, updated.key]).size).toBe(3);
    expect(renderModal(view, ctx, 1).key).toBe(first.key);
  });

  it('offers only Close when the view has no submit button', () => {
    const { html } = renderModal({ ...view, view: { ...view.view, submit: undefined } }, ctx, 1);
    expect(html).toContain('modal-cancel">Close</button>');
    expect(html).not.toContain('modal-submit');
  });
});
