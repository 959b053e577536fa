import { resolveDictionaryName, suggestDictionaryName } from '../../console/dictionaries/names.js';
import type { ConsoleExperimentContextPredicatesRequest } from '../../console/schemas.js';
import { readDictionary } from '../../lifecycle/read-dictionary.js';
import type { CommandContext } from '../command/command-context.js';
import { dictionaryFailureMessage } from './failure-message.js';
import { dictListMessage, dictUnknownNameMessage } from './list.js';
import { dictPageMessage } from './page.js';

/** `/exp dict` and `/exp dict NAME [filter] [--refresh]`: answered to the asker only. */
export async function runDictCommand(
  ctx: CommandContext,
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
  const { body, filter, note } =
    name === 'context-param-predicates'
      ? predicateArguments(parsed.filter)
      : { body: undefined, filter: parsed.filter, note: undefined };
  const outcome = await readDictionary(deps, ctx.workspace, name, { refresh: parsed.refresh, body });
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
      scopeNote: note,
      messages: deps.messages,
    }),
  );
}

/**
 * context-param-predicates takes `experiment=ID` and `domain=ID` (the request's experimentId and
 * domainId); the remaining words filter the list like any other dictionary.
 */
export function predicateArguments(text: string | undefined): {
  body: ConsoleExperimentContextPredicatesRequest | undefined;
  filter: string | undefined;
  note: string | undefined;
} {
  const body: ConsoleExperimentContextPredicatesRequest = {};
  const rest: string[] = [];
  for (const word of (text ?? '').split(/\s+/).filter(Boolean)) {
    const match = /^(experiment|experimentid|domain|domainid)=([1-9]\d{0,15})$/i.exec(word);
    if (match?.[1] && match[2]) {
      const id = Number(match[2]);
      if (match[1].toLowerCase().startsWith('experiment')) body.experimentId = id;
      else body.domainId = id;
    } else rest.push(word);
  }
  const hasBody = body.experimentId !== undefined || body.domainId !== undefined;
  const notes = [
    body.experimentId === undefined ? undefined : `experiment ${body.experimentId}`,
    body.domainId === undefined ? undefined : `domain ${body.domainId}`,
  ].filter(Boolean);
  return {
    body: hasBody ? body : undefined,
    filter: rest.length > 0 ? rest.join(' ') : undefined,
    note: notes.length > 0 ? `for ${notes.join(', ')}` : undefined,
  };
}
