import type { Context, Middleware, SlackCommandMiddlewareArgs } from '@slack/bolt';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { type CheckAccessDeps, checkAccess } from '../access/gate.js';
import { permitOf, rememberPermit } from '../access/middleware.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import { BUSY_AUDIT, refuseBusy } from '../lifecycle/busy-reply.js';
import type { SlackListeners } from '../listener-registry.js';
import { scopeOf } from '../request-scope.js';
import { withNoticeBlock } from '../sandbox-notice.js';
import { workspaceFromCommand } from '../workspace.js';
import { claimCommandSlot, releaseCommandSlot, takeCommandSlot } from './action-slot.js';
import { ackWith, type CommandContext, commandReplier } from './command-context.js';
import type { ParsedRequest } from './parse-command.js';
import { rememberCommand, requestOf } from './parsed-context.js';

/** `/exp` and renamed installs such as `/exp-staging`. */
const EXP_COMMAND_PATTERN = /^\/exp(?:[-_][a-z0-9]+)?$/;
/** Longest `/exp` text read (Slack's own message limit); a stop comment is the longest real input. */
const COMMAND_TEXT_MAX = 4_000;

/** The receipt an acting command writes before its ack; undefined for any other request. */
function actingOf(request: ParsedRequest): { action: LifecycleAction; experimentId: number } | undefined {
  const { parsed } = request;
  if (parsed.kind === 'lifecycle') return { action: parsed.action, experimentId: parsed.experimentId };
  if (parsed.kind === 'stop') return { action: 'stop', experimentId: parsed.experimentId };
  return undefined;
}

/** A check that runs after the ack has no 3 s pressure: Slack gets a generous bound. */
const AFTER_ACK_CHECK_MS = 5_000;

/** How long the ack may wait for the receipt to be written before going without one. */
const RECEIPT_BUDGET_MS = 300;

async function receive(
  deps: Pick<SlackDeps, 'intents'>,
  input: Parameters<SlackDeps['intents']['receive']>[0],
): Promise<string | undefined> {
  const receipt = deps.intents.receive(input);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), RECEIPT_BUDGET_MS);
  });
  const written = receipt.written.then(
    () => 'written' as const,
    () => 'failed' as const,
  );
  try {
    // A store that fails costs the receipt, never the ack; the handler says what it can. One that is
    // slow costs only the wait: the request keeps a receipt still being written and ends it like any
    // other (once written), so a process that dies before sending leaves a trace once it lands.
    if ((await Promise.race([written, late])) === 'failed') return undefined;
    return receipt.id;
  } finally {
    clearTimeout(timer);
  }
}

async function endReceipt(deps: Pick<SlackDeps, 'intents'>, context: Context): Promise<void> {
  const scope = scopeOf(context);
  const { receipt } = scope;
  if (receipt === undefined) return;
  scope.receipt = undefined;
  await deps.intents.endReceipt(receipt);
}

/**
 * Registers `/exp` as one chain: parse once, check access, then run the request with the handler
 * its subcommand declares (command/subcommands.ts).
 */
export function registerExpCommand(listeners: SlackListeners): void {
  listeners.command(EXP_COMMAND_PATTERN, (deps: SlackDeps) => [
    boundedText(deps),
    commandAccess(deps),
    runCommand(deps),
  ]);
}

type CommandStep = Middleware<SlackCommandMiddlewareArgs>;
type AckBody = (body?: Record<string, unknown>) => Promise<void>;

/** Bounded before any work: no subcommand needs more, and parsing and suggestions cost per char. */
function boundedText(deps: Pick<SlackDeps, 'messages' | 'metrics' | 'sandboxNotice'>): CommandStep {
  return async ({ command, body, context, next, ack }) => {
    const text = command.text ?? '';
    if (text.length > COMMAND_TEXT_MAX) {
      deps.metrics.inc('exp_commands_total', { kind: 'too_long' });
      return ackWith(
        ack as AckBody,
        deps,
      )(textMessage(deps.messages.input.tooLong({ length: text.length, max: COMMAND_TEXT_MAX })));
    }
    const parsed = rememberCommand(context, text, body);
    deps.metrics.inc('exp_commands_total', { kind: parsed.kind });
    await next();
  };
}

type CommandAccessDeps = CheckAccessDeps &
  Pick<SlackDeps, 'actionSlots' | 'intents' | 'metrics' | 'sandboxNotice'>;

function commandAccess(deps: CommandAccessDeps): CommandStep {
  return async ({ command, ack, respond, client, context, next }) => {
    const request = requestOf(context);
    const target = request.access({ channelId: command.channel_id, messages: deps.messages });
    if (target.kind === 'read' || target.kind === 'self') return next();
    const asked = {
      client,
      workspace: workspaceFromCommand(command),
      userId: command.user_id,
      channelId: command.channel_id,
      target,
    };
    if (request.opensModal) {
      // The trigger_id must still be alive for the modal: checked first, bounded, refused in the ack.
      const gate = await checkAccess(deps, asked);
      if (!gate.allowed) return ackWith(ack as AckBody, deps)(gate.message);
      rememberPermit(context, gate);
      return next();
    }
    const acting = actingOf(request);
    const scope = workspaceKey(asked.workspace);
    // Past the bound on actions in flight the ack itself refuses: no check, no Slack call, no receipt.
    if (acting && !takeCommandSlot(deps, context, scope)) {
      await ackWith(ack as AckBody, deps)(refuseBusy(deps, acting.action, acting.experimentId));
      await deps.audit.record(scope, {
        userId: command.user_id,
        action: acting.action,
        experimentId: acting.experimentId,
        channelId: command.channel_id,
        ...BUSY_AUDIT,
      });
      return;
    }
    try {
      // Before the ack, so a process that dies between the ack and the platform call leaves a trace
      // the sweep reports ("nothing was sent") instead of silence. Bounded: the ack comes first.
      if (acting) {
        scopeOf(context).receipt = await receive(deps, {
          workspace: asked.workspace,
          ...acting,
          actorId: command.user_id,
          channelId: command.channel_id,
        });
      }
      await ackThenCheck(deps, { ack, respond, context, next, asked });
    } finally {
      releaseCommandSlot(deps, context);
    }
  };
}

type AckThenCheckDeps = CheckAccessDeps & Pick<SlackDeps, 'intents'>;

/** Acked at once, checked after: a slow Slack never costs the person their ack. */
async function ackThenCheck(
  deps: AckThenCheckDeps,
  step: Pick<Parameters<CommandStep>[0], 'ack' | 'respond' | 'context' | 'next'> & {
    asked: Parameters<typeof checkAccess>[1];
  },
): Promise<void> {
  const { ack, respond, context, next, asked } = step;
  await ack();
  scopeOf(context).ackedEarly = true;
  const gate = await checkAccess(deps, { ...asked, budgetMs: AFTER_ACK_CHECK_MS });
  if (!gate.allowed) {
    await endReceipt(deps, context);
    await respond({ response_type: 'ephemeral', ...gate.message }).catch((error: unknown) => {
      deps.logger.warn('could not deliver an access refusal', { error });
    });
    return;
  }
  rememberPermit(context, gate);
  await next();
}

function runCommand(deps: SlackDeps): CommandStep {
  return async ({ command, ack, respond, client, context }) => {
    const scope = scopeOf(context);
    const acked = scope.ackedEarly;
    const ctx: CommandContext<SlackDeps> = {
      deps,
      command,
      workspace: workspaceFromCommand(command),
      client,
      respond,
      // After an early ack, what a handler would have acked with is shown through the response_url.
      ack: acked
        ? async (reply) => {
            if (reply) {
              const shown = deps.sandboxNotice ? withNoticeBlock(reply, deps.messages.sandboxNotice) : reply;
              await respond({ response_type: 'ephemeral', ...shown });
            }
          }
        : ackWith(ack as AckBody, deps),
      replier: commandReplier(respond, deps),
      permit: () => permitOf(context),
      receipt: scope.receipt,
      claimActionSlot: () => claimCommandSlot(context),
    };
    const request = requestOf(context);
    try {
      await request.run(ctx);
    } finally {
      await endReceipt(deps, context);
    }
    // The person's Home tab shows what these change: kept current without waiting for a reopen.
    if (request.changesHome) {
      await deps.homeTab.publish(deps, client, workspaceOnly(ctx.workspace), command.user_id);
    }
  };
}
