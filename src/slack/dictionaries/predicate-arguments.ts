import type { ConsoleExperimentContextPredicatesRequest } from '../../console/schemas.js';

// context-param-predicates takes `experiment=ID` and `domain=ID` (the request's experimentId and
// domainId) among the words of `/exp dict`; the remaining words filter the list like any other
// dictionary. Read here, and written back here for the refresh hint.

const ARGUMENT = /^(experiment|experimentid|domain|domainid)=([1-9]\d{0,15})$/i;

export function predicateArguments(text: string | undefined): {
  body: ConsoleExperimentContextPredicatesRequest | undefined;
  filter: string | undefined;
} {
  const body: ConsoleExperimentContextPredicatesRequest = {};
  const rest: string[] = [];
  for (const word of (text ?? '').split(/\s+/).filter(Boolean)) {
    const match = ARGUMENT.exec(word);
    if (match?.[1] && match[2]) {
      const id = Number(match[2]);
      if (match[1].toLowerCase().startsWith('experiment')) body.experimentId = id;
      else body.domainId = id;
    } else rest.push(word);
  }
  const hasBody = body.experimentId !== undefined || body.domainId !== undefined;
  return { body: hasBody ? body : undefined, filter: rest.length > 0 ? rest.join(' ') : undefined };
}

/** The words that give the same request body again (`experiment=5 domain=1`); none without one. */
export function predicateArgumentWords(
  body: ConsoleExperimentContextPredicatesRequest | undefined,
): string[] {
  return [
    body?.experimentId == null ? undefined : `experiment=${body.experimentId}`,
    body?.domainId == null ? undefined : `domain=${body.domainId}`,
  ].filter((word) => word !== undefined);
}
