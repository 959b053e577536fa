import type { AllMiddlewareArgs, AnyMiddlewareArgs } from '@slack/bolt';
import type { Logger } from '../../observability/logger.js';
import { textMessage } from '../blocks/message.js';
import { ackWith } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { BLOCKS } from '../ids.js';
import type { Admission, SurfaceKind } from '../listener-registry.js';
import type { RequestOrigin, Served, ServedWorkspaces } from './served.js';

type Args = AnyMiddlewareArgs & AllMiddlewareArgs;
type Ack = (response?: Record<string, unknown>) => Promise<void>;
type RefusalDeps = Pick<SlackDeps, 'messages' | 'sandboxNotice'>;

/**
 * Bolt delivers these without authorizing (the token is already revoked): while auth.test cannot
 * say which workspace the token served, the clean-up they start is let through rather than lost.
 */
const TOKEN_GONE_EVENTS: ReadonlySet<string> = new Set(['app_uninstalled', 'tokens_revoked']);

/**
 * Single-workspace modes: Bolt authorizes every request with the one configured token and fills
 * the context's team from the request itself, so a request from another workspace (the same app
 * installed twice, a shared signing secret) would act there with this workspace's token and
 * platform connection. Every surface is refused before any listener runs: a command in words (the
 * person's language), a workflow step by failing it, anything else acked with nothing done.
 */
export function servedWorkspaceOnly(input: {
  served: ServedWorkspaces;
  /** The deps speaking the request's language (the registry's own), asked only for a refusal. */
  depsOf: (args: Args) => RefusalDeps | Promise<RefusalDeps>;
  logger: Logger;
}): Admission {
  return (kind, args) => {
    const origin: RequestOrigin = { teamId: args.context.teamId, enterpriseId: args.context.enterpriseId };
    const served = input.served.check(origin);
    if (served === 'served') return true;
    return Promise.resolve(served).then(async (verdict) => {
      if (verdict === 'served' || (verdict === 'unknown' && tokenGone(kind, args))) return true;
      input.logger.info('request from a workspace the app is not installed for; nothing done', {
        kind,
        verdict,
        ...origin,
      });
      await refuse(kind, args, verdict, input.depsOf);
      return false;
    });
  };
}

function tokenGone(kind: SurfaceKind, args: Args): boolean {
  return kind === 'event' && 'event' in args && TOKEN_GONE_EVENTS.has(args.event.type);
}

async function refuse(
  kind: SurfaceKind,
  args: Args,
  verdict: Exclude<Served, 'served'>,
  depsOf: (args: Args) => RefusalDeps | Promise<RefusalDeps>,
): Promise<void> {
  // Events other than workflow steps were acked by Bolt before any middleware ran.
  const ack = 'ack' in args ? (args.ack as Ack | undefined) : undefined;
  if (!ack) return;
  if (kind === 'command') {
    const deps = await depsOf(args);
    const texts = deps.messages.servedWorkspace;
    const text = verdict === 'other' ? texts.otherWorkspace : texts.unconfirmed;
    return ackWith(ack, deps)(textMessage(text, BLOCKS.errorText));
  }
  if (kind === 'options') return ack({ options: [] });
  await ack();
  if (kind === 'function' && 'fail' in args && args.fail) {
    // The workflow waits until its step is completed or failed: it is told why nothing ran.
    const texts = (await depsOf(args)).messages.workflowSteps;
    await args.fail({ error: verdict === 'other' ? texts.otherOrganisation : texts.workspaceUnknown });
  }
}
