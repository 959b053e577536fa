import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import { actionAccess } from '../access/middleware.js';
import { lifecycleButtonTarget } from '../access/payload-targets.js';
import { textMessage } from '../blocks/message.js';
import type { SlackListeners } from '../listener-registry.js';
import { SlackPayloadError } from '../payload.js';
import { type Replier, responseUrlReplier } from '../replies.js';
import { slackDraft } from '../requests/draft.js';
import { lifecycleRunner } from '../requests/runners.js';
import { openStopModalFor } from '../stop/open-modal.js';
import { workspaceFromBody } from '../workspace.js';
import type { LifecycleDeps } from './deps.js';
import { decodeButtonValue, LIFECYCLE_ACTION_ID_PATTERN, type LifecycleButtonValue } from './ids.js';
import { duplicateClickMessage } from './result-messages.js';
import { buttonSurface } from './surface.js';

/** How long a click on one button of one message blocks an identical click (double clicks, retries). */
const CLICK_GUARD_MS = 10_000;

type ButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

/** Where the clicked button was. */
interface Click {
  workspace: WorkspaceRef;
  channelId: string | undefined;
  messageTs: string | undefined;
}

/**
 * Next-step buttons run exactly the command path. The button value is trusted only after zod
 * decoding; a forged or stale value gets an ephemeral answer and no platform call.
 */
export function registerLifecycleButtons(listeners: SlackListeners): void {
  listeners.action<BlockButtonAction>(LIFECYCLE_ACTION_ID_PATTERN, (deps: LifecycleDeps) => [
    actionAccess(deps, lifecycleButtonTarget),
    async (args) => {
      await args.ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'lifecycle_button' });
      const replier = responseUrlReplier((m) => args.respond(m), deps.logger);
      const value = await readValue(deps, args.action.value, replier);
      if (!value) return;
      const { body } = args;
      const click: Click = {
        workspace: workspaceFromBody(body),
        channelId: body.channel?.id ?? body.container?.channel_id,
        messageTs: body.message?.ts ?? body.container?.message_ts,
      };
      if (value.action === 'stop') return openStopModalFromButton(deps, args, { click, value, replier });
      if (!(await firstClick(deps, { click, value, replier }))) return;
      await askFromButton(deps, args, { click, value, replier });
    },
  ]);
}

/** The button's value once decoded; undefined when forged or stale, the person then told. */
async function readValue(
  deps: LifecycleDeps,
  text: string | undefined,
  replier: Replier,
): Promise<LifecycleButtonValue | undefined> {
  try {
    return decodeButtonValue(text ?? '');
  } catch (error) {
    if (!(error instanceof SlackPayloadError)) throw error;
    deps.logger.warn('refused a lifecycle button value', { reason: error.reason });
    await replier.ephemeral(textMessage(deps.messages.input.unreadableButton));
    return undefined;
  }
}

interface ClickedValue {
  click: Click;
  value: LifecycleButtonValue;
  replier: Replier;
}

/** Stop asks for its reason first: the form opens, refreshing the card when the status moved on. */
async function openStopModalFromButton(
  deps: LifecycleDeps,
  { body, client, respond }: ButtonArgs,
  { click, value, replier }: ClickedValue,
): Promise<void> {
  await openStopModalFor(deps, {
    workspace: click.workspace,
    userId: body.user.id,
    experimentId: value.experimentId,
    client,
    triggerId: body.trigger_id,
    channelId: click.channelId ?? body.user.id,
    responseUrl: body.response_url,
    fromMessage: {
      ts: click.messageTs,
      expectedStatus: value.status,
      refresh: async (m) => {
        await respond({ replace_original: true, ...m });
      },
    },
    tell: (m) => replier.ephemeral(m),
  });
}

/**
 * Whether this is the first such click on this message within the guard's time; a repeat, or a
 * guard the store cannot give, is answered to the person and acts on nothing.
 */
async function firstClick(deps: LifecycleDeps, { click, value, replier }: ClickedValue): Promise<boolean> {
  const claimKey = `click:${workspaceKey(click.workspace)}:${click.channelId}:${click.messageTs ?? 'none'}:${value.action}:${value.experimentId}`;
  let first: boolean;
  try {
    first = await deps.locks.claim(claimKey, CLICK_GUARD_MS);
  } catch (error) {
    // Without the guard a double click could act twice: nothing is sent, and the person hears why.
    deps.logger.error('click guard unavailable; not acting', { error });
    await replier.ephemeral(
      textMessage(
        deps.messages.errors.storeUnavailable({
          action: value.action,
          experimentId: value.experimentId,
        }),
      ),
    );
    return false;
  }
  if (!first) await replier.ephemeral(duplicateClickMessage({ messages: deps.messages }));
  return first;
}

/** The action asked as the command asks it, its result refreshing the card the button is on. */
async function askFromButton(
  deps: LifecycleDeps,
  { body, client, respond }: ButtonArgs,
  { click, value, replier }: ClickedValue,
): Promise<void> {
  const where = click.channelId ?? body.user.id;
  const { messageTs } = click;
  const surface = buttonSurface({ client, channelId: where, respond, messageTs, logger: deps.logger });
  await deps.asking.ask(deps, {
    draft: slackDraft({
      workspace: click.workspace,
      userId: body.user.id,
      channelId: where,
      surface: 'card',
      what: { action: value.action, experimentId: value.experimentId },
    }),
    client,
    attestedInChannel: true,
    tell: (m) => replier.ephemeral(m),
    inChannelFallback: (m) => replier.inChannel(m),
    run: lifecycleRunner(deps, surface, { expectedStatus: value.status }),
  });
}
