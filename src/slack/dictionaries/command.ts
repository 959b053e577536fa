import { resolveDictionaryName, suggestDictionaryName } from '../../console/dictionaries/names.js';
import { readDictionary } from '../../core/read-dictionary.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { dictionaryFailureMessage } from './failure-message.js';
import { dictListMessage, dictUnknownNameMessage } from './list.js';
import { dictPageMessage } from './page.js';
import { predicateArguments } from './predicate-arguments.js';

/**
 * One deadline for the whole read, retries included: the person hears within 10 s of asking,
 * whatever the platform does (each try's own timeout alone would add up past it).
 */
export const COMMAND_READ_BUDGET_MS = 8_000;

type RunDictCommandDeps = Pick<SlackDeps, 'connections' | 'dictionaries' | 'logger' | 'messages'>;

/** `/exp dict` and `/exp dict NAME [filter] [--refresh]`: answered to the asker only. */
export async function runDictCommand(
  ctx: CommandContext<RunDictCommandDeps>,
  parsed: { name?: string | undefined; filter?: string | undefined; refresh: boolean },
): Promise<void> {
  const { deps } = ctx;
  if (parsed.name === undefined) return ctx.ack(dictListMessage({ messages: deps.messages }));
  const name = resolveDictionaryName(parsed.name);
  if (!name) {
    return ctx.ack(
      dictUnknownNameMessage({
        input: parsed.name,
        suggestion: suggestDictionaryName(parsed.name),
        messages: deps.messages,
      }),
    );
  }
  await ctx.ack();
  const { body, filter } =
    name === 'context-param-predicates'
      ? predicateArguments(parsed.filter)
      : { body: undefined, filter: parsed.filter };
  const outcome = await readDictionary(deps, ctx.workspace, name, {
    refresh: parsed.refresh,
    body,
    channelId: ctx.command.channel_id,
    budgetMs: COMMAND_READ_BUDGET_MS,
  });
  if (outcome.kind !== 'ok') {
    const failure = dictionaryFailureMessage(outcome, deps.messages);
    if (failure) await ctx.replier.ephemeral(failure);
    return;
  }
  await ctx.replier.ephemeral(
    dictPageMessage({
      dictionary: outcome.dictionary,
      filter,
      page: 1,
      body,
      messages: deps.messages,
    }),
  );
}
