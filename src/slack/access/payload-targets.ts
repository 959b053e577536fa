import type {
  SlackActionMiddlewareArgs,
  SlackOptionsMiddlewareArgs,
  SlackViewMiddlewareArgs,
} from '@slack/bolt';
import { decodeExperimentModalMetadata } from '../experiment-form/modal-metadata.js';
import { decodeButtonValue } from '../lifecycle/ids.js';
import { decodeMetadata } from '../payload.js';
import { StopModalMetadata } from '../stop/ids.js';
import { unverifiedJson } from '../view-seal/view-seal.js';
import type { AccessTarget } from './gate.js';

// What a button, a modal or an options request wants to do, read from the payload the same way its
// handler reads it. A payload that cannot be read is left to its handler, which refuses it. A view's
// metadata is read here without checking its seal: the decision is only a gate in front of the
// handler, which opens the seal (view-seal/) and refuses, before acting, a form the app did not open
// for this person. Both read the same string, so what was allowed is what is acted on.

const READ: AccessTarget = { kind: 'read' };

function channelOf(body: {
  channel?: { id?: string } | null;
  container?: { channel_id?: string };
}): string | undefined {
  return body.channel?.id ?? body.container?.channel_id;
}

/** A lifecycle button acts with the action its value names. */
export function lifecycleButtonTarget({ action, body }: SlackActionMiddlewareArgs): AccessTarget {
  try {
    const value = decodeButtonValue((action as { value?: string }).value ?? '');
    return {
      kind: 'policy',
      action: value.action,
      channelId: channelOf(body),
      experimentId: value.experimentId,
    };
  } catch {
    return READ;
  }
}

export function exposeButtonTarget({ body }: SlackActionMiddlewareArgs): AccessTarget {
  return { kind: 'policy', action: 'expose', channelId: channelOf(body) };
}

export function stopSubmissionTarget({ view }: SlackViewMiddlewareArgs): AccessTarget {
  try {
    return {
      kind: 'policy',
      action: 'stop',
      channelId: decodeMetadata(StopModalMetadata, unverifiedJson(view.private_metadata) ?? '').channelId,
    };
  } catch {
    return READ;
  }
}

/** The create/edit form: its submission, its live fields and its pickers, all for the mode it was opened in. */
function experimentFormTarget(view: { private_metadata?: string } | undefined): AccessTarget {
  try {
    const metadata = decodeExperimentModalMetadata(unverifiedJson(view?.private_metadata) ?? '');
    return {
      kind: 'policy',
      action: metadata.mode === 'edit' ? 'edit' : 'create',
      channelId: metadata.channelId,
    };
  } catch {
    return READ;
  }
}

export const experimentSubmissionTarget = ({ view }: SlackViewMiddlewareArgs) => experimentFormTarget(view);
export const experimentActionTarget = ({ body }: SlackActionMiddlewareArgs) =>
  experimentFormTarget((body as { view?: { private_metadata?: string } }).view);
export const experimentOptionsTarget = ({ body }: SlackOptionsMiddlewareArgs<'block_suggestion'>) =>
  experimentFormTarget((body as { view?: { private_metadata?: string } }).view);
