import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BlockKitLimitsError, checkBlockKitLimits, expectWithinBlockKitLimits } from './check-limits.js';
import { DOCUMENTED_LIMITS as LIMITS } from './documented-limits.js';

const plain = (text: string) => ({ type: 'plain_text', text });
const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const x = (n: number) => 'x'.repeat(n);
const button = (actionId: string, extra: Record<string, unknown> = {}) => ({
  type: 'button',
  action_id: actionId,
  text: plain('Go'),
  value: 'v',
  ...extra,
});
const option = (value: string, text = 'Option') => ({ text: plain(text), value });

const goodMessage = [
  { type: 'header', block_id: 'h', text: plain('Experiment 123') },
  { type: 'section', block_id: 's', text: mrkdwn('*Running*'), fields: [mrkdwn('a'), mrkdwn('b')] },
  { type: 'context', elements: [mrkdwn('by <@U1>')] },
  {
    type: 'actions',
    block_id: 'a',
    elements: [
      button('stop', {
        style: 'danger',
        confirm: {
          title: plain('Sure?'),
          text: mrkdwn('Stops it'),
          confirm: plain('Stop'),
          deny: plain('Back'),
        },
      }),
      {
        type: 'static_select',
        action_id: 'pick',
        placeholder: plain('Pick'),
        options: [option('1'), option('2')],
      },
    ],
  },
];

const goodView = {
  type: 'modal',
  callback_id: 'create',
  private_metadata: '{"id":1}',
  title: plain('Create experiment'),
  submit: plain('Create'),
  close: plain('Cancel'),
  blocks: [
    {
      type: 'input',
      block_id: 'name',
      label: plain('Name'),
      element: { type: 'plain_text_input', action_id: 'v' },
    },
    {
      type: 'input',
      block_id: 'layer',
      label: plain('Layer'),
      hint: plain('Where it runs'),
      element: { type: 'external_select', action_id: 'v', min_query_length: 0 },
    },
  ],
};

describe('checkBlockKitLimits', () => {
  it('accepts surfaces within every limit', () => {
    expect(checkBlockKitLimits({ kind: 'message', text: 'fallback', blocks: goodMessage })).toEqual([]);
    expect(checkBlockKitLimits({ kind: 'view', view: goodView })).toEqual([]);
    const fixture = JSON.parse(
      readFileSync(new URL('../../../../test/fixtures/slack/options-response.json', import.meta.url), 'utf8'),
    );
    expect(checkBlockKitLimits({ kind: 'options', options: fixture.options })).toEqual([]);
  });

  it('counts blocks: 50 per message, 100 per view', () => {
    const divider = { type: 'divider' };
    expect(checkBlockKitLimits({ kind: 'message', blocks: Array(50).fill(divider) })).toEqual([]);
    expect(checkBlockKitLimits({ kind: 'message', blocks: Array(51).fill(divider) })).toEqual([
      'blocks: 51 blocks exceeds 50',
    ]);
    const view = { type: 'modal', title: plain('T'), blocks: Array(101).fill(divider) };
    expect(checkBlockKitLimits({ kind: 'view', view })).toEqual(['view.blocks: 101 blocks exceeds 100']);
  });

  it('limits message text to 4000 and text objects to 1..3000', () => {
    const breaches = checkBlockKitLimits({
      kind: 'message',
      text: x(LIMITS.messageText + 1),
      blocks: [
        { type: 'section', text: mrkdwn(x(3001)) },
        { type: 'section', text: mrkdwn('') },
      ],
    });
    expect(breaches).toEqual([
      'text: 4001 chars exceeds 4000',
      'blocks[0].text.text: 3001 chars exceeds 3000',
      'blocks[1].text.text: empty text is not allowed',
    ]);
  });

  it('checks section fields, header, context and actions counts', () => {
    const breaches = checkBlockKitLimits({
      kind: 'message',
      blocks: [
        { type: 'section', fields: [...Array(10).fill(mrkdwn('f')), mrkdwn(x(2001))] },
        { type: 'header', text: mrkdwn(x(151)) },
        { type: 'context', elements: Array(11).fill(mrkdwn('c')) },
        { type: 'actions', elements: Array.from({ length: 26 }, (_, i) => button(`b${i}`)) },
        { type: 'section' },
      ],
    });
    expect(breaches).toEqual([
      'blocks[0].fields: 11 fields exceeds 10',
      'blocks[0].fields[10].text: 2001 chars exceeds 2000',
      'blocks[1].text.type: must be plain_text',
      'blocks[1].text.text: 151 chars exceeds 150',
      'blocks[2].elements: 11 elements exceeds 10',
      'blocks[3].elements: 26 elements exceeds 25',
      'blocks[4]: section needs text or fields',
    ]);
  });

  it('checks buttons, ids and their uniqueness, recursing into elements', () => {
    const breaches = checkBlockKitLimits({
      kind: 'message',
      blocks: [
        {
          type: 'actions',
          block_id: 'dup',
          elements: [
            button('same', { text: plain(x(76)), value: x(2001), style: 'loud' }),
            button('same'),
            button(x(256)),
          ],
        },
        { type: 'section', block_id: 'dup', text: mrkdwn('t'), accessory: button('ok', { text: plain('') }) },
        { type: 'divider', block_id: x(256) },
      ],
    });
    expect(breaches).toEqual([
      'blocks[0].elements[0].text.text: 76 chars exceeds 75',
      'blocks[0].elements[0].value: 2001 chars exceeds 2000',
      'blocks[0].elements[0].style: "loud" is neither primary nor danger',
      'blocks[0].elements[1].action_id: "same" is not unique within its block',
      'blocks[0].elements[2].action_id: 256 chars exceeds 255',
      'blocks[1].block_id: "dup" is used by more than one block',
      'blocks[1].accessory.text.text: empty text is not allowed',
      'blocks[2].block_id: 256 chars exceeds 255',
    ]);
  });

  it('checks confirm dialogs and select options', () => {
    const select = {
      type: 'static_select',
      action_id: 's',
      placeholder: plain(x(151)),
      options: [option(x(151), x(76)), { text: mrkdwn('m'), value: 'v', description: plain(x(76)) }],
      confirm: { title: plain(x(101)), text: plain(x(301)), confirm: plain(x(31)), deny: plain('No') },
    };
    const breaches = checkBlockKitLimits({
      kind: 'message',
      blocks: [{ type: 'actions', elements: [select] }],
    });
    expect(breaches).toEqual([
      'blocks[0].elements[0].placeholder.text: 151 chars exceeds 150',
      'blocks[0].elements[0].confirm.title.text: 101 chars exceeds 100',
      'blocks[0].elements[0].confirm.text.text: 301 chars exceeds 300',
      'blocks[0].elements[0].confirm.confirm.text: 31 chars exceeds 30',
      'blocks[0].elements[0].options[0].text.text: 76 chars exceeds 75',
      'blocks[0].elements[0].options[0].value: 151 chars exceeds 150',
      'blocks[0].elements[0].options[1].text.type: must be plain_text',
      'blocks[0].elements[0].options[1].description.text: 76 chars exceeds 75',
    ]);
  });

  it('checks options responses and option groups', () => {
    const many = Array.from({ length: 101 }, (_, i) => option(String(i)));
    expect(checkBlockKitLimits({ kind: 'options', options: many })).toEqual([
      'options: 101 options exceeds 100',
    ]);
    const groups = [{ label: plain(x(76)), options: many }, { label: plain('ok') }];
    expect(checkBlockKitLimits({ kind: 'options', option_groups: groups })).toEqual([
      'option_groups[0].label.text: 76 chars exceeds 75',
      'option_groups[0].options: 101 options exceeds 100',
      'option_groups[1].options: required',
    ]);
    expect(checkBlockKitLimits({ kind: 'options', options: [], option_groups: [] })).toEqual([
      'options: send either options or option_groups, not both',
    ]);
  });

  it('checks view title, buttons, metadata, callback id, input label and hint', () => {
    const view = {
      ...goodView,
      title: plain(x(25)),
      submit: plain(x(25)),
      close: mrkdwn('Cancel'),
      private_metadata: x(3001),
      callback_id: x(256),
      blocks: [
        {
          type: 'input',
          block_id: 'in',
          label: plain(x(2001)),
          hint: plain(x(2001)),
          element: { type: 'plain_text_input', action_id: 'v', max_length: 3001 },
        },
      ],
    };
    expect(checkBlockKitLimits({ kind: 'view', view })).toEqual([
      'view.title.text: 25 chars exceeds 24',
      'view.submit.text: 25 chars exceeds 24',
      'view.close.type: must be plain_text',
      'view.private_metadata: 3001 chars exceeds 3000',
      'view.callback_id: 256 chars exceeds 255',
      'view.blocks[0].label.text: 2001 chars exceeds 2000',
      'view.blocks[0].hint.text: 2001 chars exceeds 2000',
      'view.blocks[0].element.max_length: 3001 exceeds 3000',
    ]);
  });

  it('requires a modal title, and submit when the modal has inputs', () => {
    const { title: _title, submit: _submit, ...rest } = goodView;
    expect(checkBlockKitLimits({ kind: 'view', view: rest })).toEqual([
      'view.title: required text object is missing',
      'view.submit: required when the view has input blocks',
    ]);
  });
});

describe('expectWithinBlockKitLimits', () => {
  it('passes quietly for a good surface and throws the breach list otherwise', () => {
    expect(() => expectWithinBlockKitLimits({ kind: 'view', view: goodView })).not.toThrow();
    let caught: unknown;
    try {
      expectWithinBlockKitLimits({ kind: 'message', blocks: [{ type: 'header', text: plain('') }] });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BlockKitLimitsError);
    expect((caught as BlockKitLimitsError).breaches).toEqual([
      'blocks[0].text.text: empty text is not allowed',
    ]);
    expect((caught as Error).message).toContain('- blocks[0].text.text: empty text is not allowed');
  });
});
