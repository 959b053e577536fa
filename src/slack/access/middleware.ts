import type {
  Context,
  Middleware,
  SlackActionMiddlewareArgs,
  SlackOptionsMiddlewareArgs,
  SlackViewMiddlewareArgs,
} from '@slack/bolt';
import type { Grant } from '../../core/policy/grant.js';
import type { WorkspaceRef } from '../../core/workspace.js';
import { plain } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { noticeModal } from '../blocks/notice-modal.js';
import { scopeOf } from '../request-scope.js';
import { workspaceFromBody } from '../workspace.js';
import {
  type AccessTarget,
  type CheckAccessDeps,
  checkAccess,
  type GateResult,
  type Permit,
} from './gate.js';

/** A listener that acts on a policy action ran without the access middleware before it. */
class MissingDecisionError extends Error {
  constructor() {
    super('a listener acted on a policy action without an access decision');
    this.name = 'MissingDecisionError';
  }
}

/**
 * What the access decision let this request do: run now (its grant) or ask for approval (its
 * ticket). Throws when no decision was made: a handler that acts cannot be reached without one.
 */
export function permitOf(context: Context): Permit {
  const permit = scopeOf(context).permit;
  if (!permit) throw new MissingDecisionError();
  return permit;
}

/** For actions that cannot wait for approval (create, edit): the decision's grant, or a programming error. */
export function grantOf(context: Context): Grant {
  const permit = permitOf(context);
  if (permit.kind !== 'allowed') throw new MissingDecisionError();
  return permit.grant;
}

export function rememberPermit(context: Context, gate: GateResult): void {
  if (gate.allowed && gate.permit) scopeOf(context).permit = gate.permit;
}

// Access is checked as listener middleware on every path that acts: slash commands, buttons, modal
// submissions (again on arrival, not only when the modal opened) and options requests of forms the
// person may not submit. The handler behind a refusal never runs; the refusal is the answer.

/** A button or select in a message: refused with an ephemeral reply; the message stays as it is. */
export function actionAccess(
  deps: CheckAccessDeps,
  target: (args: SlackActionMiddlewareArgs) => AccessTarget | Promise<AccessTarget>,
): Middleware<SlackActionMiddlewareArgs> {
  return async (args) => {
    const { body, ack, respond, client, next } = args;
    const gate = await checkAccess(deps, {
      client,
      workspace: workspaceFromBody(body),
      userId: body.user.id,
      channelId: (body as { channel?: { id?: string } }).channel?.id,
      target: await target(args),
    });
    if (!gate.allowed) {
      await ack();
      // A button in a view (the Home tab) has no response_url, hence no respond: a DM instead.
      const reply =
        typeof respond === 'function' && (body as { response_url?: unknown }).response_url !== undefined
          ? respond({ response_type: 'ephemeral', replace_original: false, ...gate.message })
          : client.chat.postMessage({ channel: body.user.id, ...gate.message });
      await reply.catch(() => undefined);
      return;
    }
    rememberPermit(args.context, gate);
    await next();
  };
}

/**
 * A modal submission: refused inside the modal, on the block the caller names; a view without an
 * input to carry the error (errorBlock gives undefined) is replaced by a notice saying why.
 */
export function viewAccess(
  deps: CheckAccessDeps,
  target: (args: SlackViewMiddlewareArgs) => AccessTarget,
  errorBlock: (args: SlackViewMiddlewareArgs) => string | undefined,
): Middleware<SlackViewMiddlewareArgs> {
  return async (args) => {
    const { body, ack, client, next } = args;
    const workspace: WorkspaceRef = workspaceFromBody(body);
    const gate = await checkAccess(deps, { client, workspace, userId: body.user.id, target: target(args) });
    if (!gate.allowed) {
      const block = errorBlock(args);
      await (block === undefined
        ? ack({
            response_action: 'update',
            view: noticeModal({
              title: deps.messages.experimentEdit.saveFailedTitle,
              message: gate.message,
              messages: deps.messages,
            }),
          })
        : ack({ response_action: 'errors', errors: { [block]: plainText(gate.message.text) } }));
      return;
    }
    rememberPermit(args.context, gate);
    await next();
  };
}

/** Options of a form the person may not submit: none offered. */
export function optionsAccess(
  deps: CheckAccessDeps,
  target: (args: SlackOptionsMiddlewareArgs<'block_suggestion'>) => AccessTarget,
): Middleware<SlackOptionsMiddlewareArgs<'block_suggestion'>> {
  return async (args) => {
    const { body, ack, next } = args;
    const gate = await checkAccess(deps, {
      client: args.client,
      workspace: workspaceFromBody(body),
      userId: (body as { user: { id: string } }).user.id,
      target: target(args),
      audit: false,
    });
    if (!gate.allowed) {
      // Not allowed: nothing to pick. The store down: one option that says why (an empty list
      // would read as "no such value").
      const options =
        gate.refusal === 'unavailable'
          ? [
              {
                text: plain(deps.messages.experiments.unavailableOption, LIMITS.optionText),
                value: '__unavailable__',
              },
            ]
          : [];
      await (ack as (body: { options: unknown[] }) => Promise<void>)({ options });
      return;
    }
    await next();
  };
}

/** Modal errors are plain strings (≤ 2000): mrkdwn markers are dropped, not shown. */
function plainText(text: string): string {
  return text
    .replace(/[*_`]/g, '')
    .replace(/<@([A-Z0-9]+)>/g, '@$1')
    .slice(0, 2000);
}
