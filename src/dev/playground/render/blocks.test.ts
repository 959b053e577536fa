import { describe, expect, it } from 'vitest';
import type { EmulatedChannel, EmulatedUser } from '../../slack-emulator/types.js';
import { renderBlocks } from './blocks.js';
import type { RenderContext } from './text.js';

const users: EmulatedUser[] = [
  {
    id: 'U0BOT0001',
    name: 'bot',
    real_name: 'bot',
    is_admin: false,
    is_owner: false,
    is_primary_owner: false,
    team_id: 'T1',
    is_bot: true,
  },
  {
    id: 'U0ADMIN01',
    name: 'alice',
    real_name: 'Alice Admin',
    is_admin: true,
    is_owner: false,
    is_primary_owner: false,
    team_id: 'T1',
  },
];
const channels: EmulatedChannel[] = [
  { id: 'C0GENERAL', name: 'general', is_private: false, botIsMember: true, members: [] },
  { id: 'G0PRIVATE', name: 'secret', is_private: true, botIsMember: false, members: [] },
];
const ctx: RenderContext = {
  names: { user: (id) => (id === 'U0ADMIN01' ? 'Alice Admin' : undefined), channel: () => undefined },
  users,
  channels,
};
const plain = (text: string) => ({ type: 'plain_text', text });
const option = (text: string, value: string) => ({ text: plain(text), value });

/** Reads an attribute back the way a browser would (entities decoded). */
function attribute(html: string, name: string): string | undefined {
  const raw = new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
  return raw
    ?.replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('renderBlocks: message blocks', () => {
  it('renders header, section text with fields, context, divider and image alt text', () => {
    const html = renderBlocks(
      [
        { type: 'header', text: plain('Experiments <b>') },
        {
          type: 'section',
          block_id: 's1',
          text: { type: 'mrkdwn', text: '*Hi* <@U0ADMIN01>' },
          fields: [{ type: 'mrkdwn', text: '_a_' }, plain('b')],
        },
        {
          type: 'context',
          elements: [
            { type: 'mrkdwn', text: '`x`' },
            { type: 'image', image_url: 'https://x/y.png', alt_text: 'logo' },
          ],
        },
        { type: 'divider' },
        { type: 'image', image_url: 'https://x/y.png', alt_text: 'chart' },
      ],
      ctx,
    );
    expect(html).toContain('<div class="bk-header-text">Experiments &lt;b&gt;</div>');
    expect(html).toContain('data-block-id="s1"');
    expect(html).toContain('<b>Hi</b> <span class="bk-mention bk-mention-user">@Alice Admin</span>');
    expect(html).toContain(
      '<div class="bk-section-field"><i>a</i></div><div class="bk-section-field">b</div>',
    );
    expect(html).toContain('<code>x</code>');
    expect(html).toContain('<hr class="bk-divider">');
    expect(html).toContain('[image: chart]');
    expect(html).not.toContain('https://x/y.png');
  });

  it('renders buttons with their style, value and a confirm dialog template', () => {
    const html = renderBlocks(
      [
        {
          type: 'actions',
          block_id: 'acts',
          elements: [
            {
              type: 'button',
              action_id: 'go',
              text: plain('Go'),
              style: 'primary',
              value: '{"a":"\\"><script>"}',
              confirm: {
                title: plain('Sure?'),
                text: { type: 'mrkdwn', text: '*Really*' },
                confirm: plain('Yes'),
                deny: plain('No'),
                style: 'danger',
              },
            },
            { type: 'button', action_id: 'plain', text: plain('Plain') },
          ],
        },
      ],
      ctx,
    );
    expect(html).toContain('class="bk-button bk-style-primary"');
    expect(html).toContain('class="bk-button bk-style-default"');
    expect(attribute(html, 'data-value')).toBe('{"a":"\\"><script>"}');
    expect(html).not.toContain('<script>');
    expect(html).toContain(
      '<template class="bk-confirm"><h3 class="cf-title">Sure?</h3><div class="cf-text"><b>Really</b></div>',
    );
    expect(html).toContain('class="bk-button cf-confirm bk-style-danger">Yes</button>');
    expect(html).toMatch(/data-block-id="acts" data-action-id="go" data-dispatch="1"/);
  });

  it('renders static, multi, user, channel and external selects and an overflow menu', () => {
    const html = renderBlocks(
      [
        {
          type: 'section',
          block_id: 'sec',
          text: plain('Pick'),
          accessory: {
            type: 'static_select',
            action_id: 'one',
            placeholder: plain('Choose'),
            options: [option('A', 'a'), option('B "quoted"', 'b')],
            initial_option: option('B "quoted"', 'b'),
          },
        },
        {
          type: 'actions',
          block_id: 'more',
          elements: [
            {
              type: 'multi_static_select',
              action_id: 'many',
              option_groups: [{ label: plain('G'), options: [option('C', 'c')] }],
            },
            { type: 'users_select', action_id: 'who', initial_user: 'U0ADMIN01' },
            { type: 'channels_select', action_id: 'where' },
            {
              type: 'external_select',
              action_id: 'ext',
              min_query_length: 1,
              initial_option: option('Team <x>', 't1'),
            },
            { type: 'overflow', action_id: 'menu', options: [option('Edit', 'edit')] },
          ],
        },
      ],
      ctx,
    );
    expect(html).toContain('<option value="">Choose</option>');
    expect(html).toMatch(/<option value="b" data-option="[^"]*" selected>B &quot;quoted&quot;<\/option>/);
    const optionAttr = attribute(/<option value="b"[^>]*>/.exec(html)?.[0] ?? '', 'data-option');
    expect(JSON.parse(optionAttr ?? 'null')).toEqual(option('B "quoted"', 'b'));
    expect(html).toContain('<optgroup label="G">');
    expect(html).toContain('multiple');
    expect(html).toMatch(/<option value="U0ADMIN01" [^>]*selected>Alice Admin<\/option>/);
    expect(html).not.toContain('U0BOT0001');
    expect(html).toContain('#general');
    expect(html).not.toContain('#secret');
    expect(html).toContain('data-min-query="1"');
    expect(html).toContain('<span class="bk-chip-text">Team &lt;x&gt;</span>');
    expect(html).toContain('class="bk-overflow-item"');
  });

  it('marks elements without a known type instead of dropping them silently', () => {
    const html = renderBlocks(
      [{ type: 'video' }, { type: 'actions', elements: [{ type: 'workflow_button' }] }],
      ctx,
    );
    expect(html).toContain('[block “video” is not rendered by the playground]');
    expect(html).toContain('[element “workflow_button” is not rendered by the playground]');
  });

  it('renders basic rich_text', () => {
    const html = renderBlocks(
      [
        {
          type: 'rich_text',
          elements: [
            {
              type: 'rich_text_section',
              elements: [
                { type: 'text', text: '<hi>', style: { bold: true } },
                { type: 'user', user_id: 'U0ADMIN01' },
                { type: 'link', url: 'javascript:alert(1)', text: 'x' },
              ],
            },
          ],
        },
      ],
      ctx,
    );
    expect(html).toContain('<b>&lt;hi&gt;</b>');
    expect(html).toContain('@Alice Admin');
    expect(html).not.toContain('href="javascript');
  });
});

describe('renderBlocks: input blocks', () => {
  it('labels the control, marks optional fields and shows hints and errors inline', () => {
    const html = renderBlocks(
      [
        {
          type: 'input',
          block_id: 'reason',
          label: plain('Reason'),
          element: { type: 'static_select', action_id: 'sel', options: [option('Bug', 'bug')] },
        },
        {
          type: 'input',
          block_id: 'comment',
          optional: true,
          label: plain('Comment'),
          hint: plain('Why?'),
          element: {
            type: 'plain_text_input',
            action_id: 'txt',
            multiline: true,
            initial_value: '</textarea><b>',
            max_length: 30,
          },
        },
        {
          type: 'input',
          block_id: 'days',
          dispatch_action: true,
          label: plain('Days'),
          element: {
            type: 'number_input',
            action_id: 'num',
            is_decimal_allowed: false,
            dispatch_action_config: { trigger_actions_on: ['on_character_entered'] },
          },
        },
      ],
      { ...ctx, errors: { comment: 'A comment is <required>' } },
    );
    expect(html).toContain('<label class="bk-label" for="bk-reason--sel">Reason</label>');
    expect(html).toContain('id="bk-reason--sel"');
    expect(html).toContain('Comment <span class="bk-optional">(optional)</span>');
    expect(html).toContain('<div class="bk-hint">Why?</div>');
    expect(html).toContain('<div class="bk-error" role="alert">A comment is &lt;required&gt;</div>');
    expect(html).toContain('<div class="bk-error" role="alert" hidden></div>');
    expect(html).toContain('&lt;/textarea&gt;&lt;b&gt;</textarea>');
    expect(html).toContain('maxlength="30"');
    expect(html).toMatch(/data-type="plain_text_input"[^>]*data-input="1" data-optional="1"/);
    expect(html).toMatch(
      /data-type="number_input"[^>]*data-dispatch="1"[^>]*data-trigger="character" data-decimal="false"/,
    );
    expect(html).toContain('inputmode="numeric"');
  });

  it('renders checkboxes, radio buttons and date and time pickers with their initial values', () => {
    const html = renderBlocks(
      [
        {
          type: 'input',
          block_id: 'c',
          label: plain('C'),
          element: {
            type: 'checkboxes',
            action_id: 'cb',
            options: [option('One', '1'), { text: { type: 'mrkdwn', text: '*Two*' }, value: '2' }],
            initial_options: [option('One', '1')],
          },
        },
        {
          type: 'input',
          block_id: 'r',
          label: plain('R'),
          element: { type: 'radio_buttons', action_id: 'rb', options: [option('Yes', 'y')] },
        },
        {
          type: 'input',
          block_id: 'd',
          label: plain('D'),
          element: { type: 'datepicker', action_id: 'dp', initial_date: '2025-01-31' },
        },
        {
          type: 'input',
          block_id: 't',
          label: plain('T'),
          element: { type: 'timepicker', action_id: 'tp', initial_time: '09:30' },
        },
      ],
      ctx,
    );
    expect(html).toMatch(/type="checkbox" name="c\/cb" value="1" data-option="[^"]*" checked/);
    expect(html).toContain('<b>Two</b>');
    expect(html).toMatch(/type="radio" name="r\/rb" value="y"/);
    expect(html).toContain('type="date" class="bk-control" id="bk-d--dp" value="2025-01-31"');
    expect(html).toContain('type="time" class="bk-control" id="bk-t--tp" value="09:30"');
  });
});
