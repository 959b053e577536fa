import type { Button, ConfirmationDialog } from '@slack/types';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import type { ConfirmTexts, Messages } from '../messages/index.js';
import { encodeButtonValue, LIFECYCLE_ACTION_IDS } from './ids.js';

function confirmDialog(
  texts: ConfirmTexts,
  experimentId: number,
  style: 'primary' | 'danger',
): ConfirmationDialog {
  return {
    title: plain(texts.title(experimentId), LIMITS.confirmTitle),
    text: plain(texts.text(experimentId), LIMITS.confirmText),
    confirm: plain(texts.confirm, LIMITS.confirmButton),
    deny: plain(texts.deny, LIMITS.confirmButton),
    style,
  };
}

/**
 * Archive is destructive and start changes live traffic: both ask first. Stop opens the stop
 * modal, which is its own confirmation; unarchive only restores.
 */
export function lifecycleButton(
  action: LifecycleAction,
  experimentId: number,
  messages: Messages,
  status: string | null,
): Button {
  const button: Button = {
    type: 'button',
    action_id: LIFECYCLE_ACTION_IDS[action],
    text: plain(messages.actions.button[action], LIMITS.buttonText),
    value: encodeButtonValue({ action, experimentId, status: status?.slice(0, 64) ?? null }),
  };
  switch (action) {
    case 'stop':
      return { ...button, style: 'danger' };
    case 'archive':
      return {
        ...button,
        style: 'danger',
        confirm: confirmDialog(messages.actions.archiveConfirm, experimentId, 'danger'),
      };
    case 'start':
      return {
        ...button,
        style: 'primary',
        confirm: confirmDialog(messages.actions.startConfirm, experimentId, 'primary'),
      };
    case 'unarchive':
      return button;
  }
}

/** The buttons for the actions offered from `status` (the status goes into each value). */
export function lifecycleButtons(
  actions: readonly LifecycleAction[],
  experimentId: number,
  messages: Messages,
  status: string | null,
): Button[] {
  return actions.map((action) => lifecycleButton(action, experimentId, messages, status));
}
