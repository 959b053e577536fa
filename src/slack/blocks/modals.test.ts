import type { InputBlock, ModalView, PlainTextInput, SectionBlock, StaticSelect } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { checkBlockKitLimits } from '../../dev/slack-emulator/block-kit/check-limits.js';
import { connectModal } from '../connection/connect-modal.js';
import { CONNECT_MODAL, ConnectModalMetadata } from '../connection/ids.js';
import { en } from '../messages/index.js';
import { decodeMetadata } from '../payload.js';
import { STOP_MODAL, StopModalMetadata } from '../stop/ids.js';
import { stopModal } from '../stop/stop-modal.js';
import { loadingModal } from './loading-modal.js';

const messages = en;

function input(view: ModalView, blockId: string): InputBlock {
  const block = view.blocks.find((b) => b.block_id === blockId);
  if (block?.type !== 'input') throw new Error(`no input block ${blockId}`);
  return block as InputBlock;
}

describe('stopModal', () => {
  it('asks for one of the four reasons and an optional comment, within limits', () => {
    const view = stopModal({ experimentId: 123, channelId: 'C1', reasonRequired: true, messages });
    expect(checkBlockKitLimits({ kind: 'view', view: view })).toEqual([]);
    expect(view.callback_id).toBe(STOP_MODAL.callbackId);
    expect(view.title.text).toBe('Stop experiment');
    expect(view.submit?.text).toBe('Stop');
    expect(view.close?.text).toBe('Cancel');
    expect((view.blocks[0] as SectionBlock).text?.text).toContain('*123*');

    const reason = input(view, STOP_MODAL.blocks.reason);
    expect(reason.optional).toBeUndefined();
    const select = reason.element as StaticSelect;
    expect(select.type).toBe('static_select');
    expect(select.action_id).toBe(STOP_MODAL.actions.reason);
    expect(select.options?.map((o) => [o.value, o.text.text])).toEqual([
      ['sequential_testing_significant_change', 'Significant change (sequential testing)'],
      ['critical_metric_impact', 'Critical metric impact'],
      ['bug', 'Bug'],
      ['other', 'Other'],
    ]);
    expect(select.initial_option).toBeUndefined();

    const comment = input(view, STOP_MODAL.blocks.comment);
    expect(comment.optional).toBe(true);
    const text = comment.element as PlainTextInput;
    expect(text).toMatchObject({
      type: 'plain_text_input',
      multiline: true,
      action_id: STOP_MODAL.actions.comment,
    });
    expect(text.initial_value).toBeUndefined();
  });

  it('carries the experiment and channel in private_metadata', () => {
    const view = stopModal({
      reasonRequired: true,
      experimentId: 9,
      channelId: 'C9',
      responseUrl: 'https://hooks.slack.com/commands/1/2/3',
      messages,
    });
    expect(decodeMetadata(StopModalMetadata, view.private_metadata ?? '')).toEqual({
      experimentId: 9,
      channelId: 'C9',
      responseUrl: 'https://hooks.slack.com/commands/1/2/3',
    });
  });

  it('pre-selects a reason with an option identical to the listed one, and pre-fills the comment', () => {
    const view = stopModal({
      reasonRequired: true,
      experimentId: 1,
      channelId: 'C1',
      initialReason: 'bug',
      initialComment: '  <!here> broken  ',
      messages,
    });
    const select = input(view, STOP_MODAL.blocks.reason).element as StaticSelect;
    expect(select.initial_option).toEqual(select.options?.find((o) => o.value === 'bug'));
    expect((input(view, STOP_MODAL.blocks.comment).element as PlainTextInput).initial_value).toBe(
      '<!here> broken',
    );
    expect(checkBlockKitLimits({ kind: 'view', view: view })).toEqual([]);
  });
});

describe('connectModal', () => {
  it('asks for the base URL (pre-filled) and the token, never pre-filling the token', () => {
    const view = connectModal({ channelId: 'C1', baseUrl: 'https://exp.example.com', messages });
    expect(checkBlockKitLimits({ kind: 'view', view: view })).toEqual([]);
    expect(view.callback_id).toBe(CONNECT_MODAL.callbackId);
    const baseUrl = input(view, CONNECT_MODAL.blocks.baseUrl).element as PlainTextInput;
    expect(baseUrl.initial_value).toBe('https://exp.example.com');
    expect(baseUrl.action_id).toBe(CONNECT_MODAL.actions.baseUrl);
    const token = input(view, CONNECT_MODAL.blocks.token).element as PlainTextInput;
    expect(token.initial_value).toBeUndefined();
    expect(token.action_id).toBe(CONNECT_MODAL.actions.token);
    expect(decodeMetadata(ConnectModalMetadata, view.private_metadata ?? '')).toEqual({ channelId: 'C1' });
  });

  it('leaves the base URL empty without a default', () => {
    const view = connectModal({ channelId: 'C1', messages });
    expect(
      (input(view, CONNECT_MODAL.blocks.baseUrl).element as PlainTextInput).initial_value,
    ).toBeUndefined();
  });
});

describe('loadingModal', () => {
  it('has a title within 24 characters and no submit', () => {
    const view = loadingModal({ title: 'Create an experiment with a long title', messages });
    expect(checkBlockKitLimits({ kind: 'view', view: view })).toEqual([]);
    expect(view.title.text.length).toBeLessThanOrEqual(24);
    expect(view.submit).toBeUndefined();
    expect(loadingModal({ messages }).title.text).toBe('Loading…');
  });
});
