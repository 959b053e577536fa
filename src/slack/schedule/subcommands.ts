import { LIFECYCLE_ACTIONS, type LifecycleAction } from '../../core/lifecycle-action.js';
import { workspaceKey } from '../../core/workspace.js';
import { joinSafe } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import { invalid, type ParseInput, parseExperimentId, requireId, restAfter } from '../command/parse-args.js';
import { declareSubcommand } from '../command/subcommand.js';
import { experimentNames } from '../experiment/names.js';
import { cancelMatching } from './cancel.js';
import { matchesTarget, scheduleListMessage } from './list-message.js';

/** `schedule [ID]`: what is scheduled; `unschedule ID [action]` cancels. */
interface ListRequest {
  kind: 'schedule';
  experimentId?: number;
}
interface CancelRequest {
  kind: 'unschedule';
  experimentId: number;
  action?: LifecycleAction;
}

function parseList({ text, tokens }: ParseInput): ListRequest | ReturnType<typeof invalid> {
  const idToken = tokens[1];
  if (idToken === undefined) return { kind: 'schedule' };
  const id = parseExperimentId(idToken.text);
  if (id === undefined) return invalid('schedule', 'bad-id', idToken.text);
  if (tokens.length > 2) return invalid('schedule', 'unexpected-args', restAfter(text, idToken), id);
  return { kind: 'schedule', experimentId: id };
}

/** `/exp schedule [ID]`: what is scheduled in the workspace (or for one experiment), with Cancel. */
export const scheduleSubcommand = declareSubcommand({
  name: 'schedule',
  aliases: ['scheduled'],
  parse: parseList,
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['schedule'],
  examples: ['schedule', 'schedule 3'],
  handle: async (ctx, parsed) => {
    await ctx.ack();
    const scope = workspaceKey(ctx.workspace);
    const all = await ctx.deps.requests.waiting(scope);
    const entries = all.filter((e) => matchesTarget(e, parsed.experimentId));
    const names = await experimentNames(
      ctx.deps,
      scope,
      entries.map((e) => e.what.experimentId),
    );
    await ctx.replier.ephemeral(
      scheduleListMessage({ entries, experimentId: parsed.experimentId, messages: ctx.deps.messages, names }),
    );
  },
});

function parseCancel({ text, tokens }: ParseInput): CancelRequest | ReturnType<typeof invalid> {
  const id = requireId('unschedule', tokens[1]);
  if (!id.ok) return id.result;
  const actionToken = tokens[2];
  if (actionToken === undefined) return { kind: 'unschedule', experimentId: id.id };
  const action = LIFECYCLE_ACTIONS.find((a) => a === actionToken.text.toLowerCase());
  if (action === undefined || tokens.length > 3)
    return invalid('unschedule', 'unexpected-args', restAfter(text, tokens[1] ?? actionToken), id.id);
  return { kind: 'unschedule', experimentId: id.id, action: action satisfies LifecycleAction };
}

/**
 * `/exp unschedule ID [action]`: takes back waiting requests (scheduled, or waiting for approval).
 * Whoever asked may, as may an admin: checked per request (cancel.ts).
 */
export const unscheduleSubcommand = declareSubcommand({
  name: 'unschedule',
  parse: parseCancel,
  access: { kind: 'self' },
  opensModal: false,
  changesHome: false,
  help: ['schedule'],
  examples: ['unschedule 3', 'unschedule 3 stop'],
  handle: async (ctx, parsed) => {
    await ctx.ack();
    const lines = await cancelMatching(
      ctx.deps,
      { workspace: ctx.workspace, client: ctx.client, userId: ctx.command.user_id },
      { experimentId: parsed.experimentId, action: parsed.action },
    );
    await ctx.replier.ephemeral(textMessage(joinSafe(lines)));
  },
});
