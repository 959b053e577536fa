import type { App } from '@slack/bolt';
import { disconnect, openConnectModal, showToken } from '../connection/commands.js';
import type { SlackDeps } from '../deps.js';
import { runDictCommand } from '../dictionaries/command.js';
import { openExperimentModal } from '../experiment-form/open-modal.js';
import { runLifecycleCommand } from '../lifecycle/commands.js';
import { runExpose, runFeatures } from '../splitter/commands.js';
import { openStopModal } from '../stop/open-modal.js';
import { runSubscribe, runUnsubscribe, showSubscriptions } from '../subscriptions/commands.js';
import { workspaceFromCommand } from '../workspace.js';
import { ackWith, type CommandContext, commandReplier } from './command-context.js';
import { helpMessage, invalidCommandMessage, unknownCommandMessage } from './help-replies.js';
import { parseCommand } from './parse-command.js';

/** Registers `/exp` (and renamed installs such as `/exp-staging`): one parse, one handler per kind. */
export function registerExpCommand(app: App, deps: SlackDeps): void {
  app.command(/^\/exp(?:[-_][a-z0-9]+)?$/, async ({ command, ack, respond, client }) => {
    const parsed = parseCommand(command.text ?? '');
    deps.metrics.inc('exp_commands_total', { kind: parsed.kind });
    const ctx: CommandContext = {
      deps,
      command,
      workspace: workspaceFromCommand(command),
      client,
      respond,
      ack: ackWith(ack as (body?: Record<string, unknown>) => Promise<void>),
      replier: commandReplier(respond, deps),
    };
    const { messages } = deps;
    switch (parsed.kind) {
      case 'help':
        return ctx.ack(helpMessage({ messages }));
      case 'unknown': {
        // The closest command first, then the whole usage: the person learns without a second try.
        const unknown = unknownCommandMessage({ word: parsed.word, suggestion: parsed.suggestion, messages });
        const help = helpMessage({ messages });
        return ctx.ack({ text: unknown.text, blocks: [...unknown.blocks, ...help.blocks] });
      }
      case 'invalid':
        return ctx.ack(invalidCommandMessage({ parsed, messages }));
      case 'lifecycle':
        return runLifecycleCommand(ctx, parsed.action, parsed.experimentId);
      case 'stop':
        return runLifecycleCommand(ctx, 'stop', parsed.experimentId, {
          interruptReason: parsed.reason,
          interruptReasonComment: parsed.comment ?? null,
        });
      case 'stop-modal':
        return openStopModal(ctx, parsed.experimentId);
      case 'connect':
        return openConnectModal(ctx);
      case 'token':
        return showToken(ctx);
      case 'disconnect':
        return disconnect(ctx);
      case 'dict':
        return runDictCommand(ctx, parsed);
      case 'create':
        return openExperimentModal(ctx);
      case 'edit':
        return openExperimentModal(ctx, parsed.experimentId);
      case 'features':
        return runFeatures(ctx, parsed.args);
      case 'expose':
        return runExpose(ctx, parsed.args);
      case 'subscribe':
        return runSubscribe(ctx, parsed.args);
      case 'unsubscribe':
        return runUnsubscribe(ctx, parsed.args);
      case 'subscriptions':
        return showSubscriptions(ctx);
    }
  });
}
