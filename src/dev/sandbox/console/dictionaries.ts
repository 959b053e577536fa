import { json, parseJson, type SandboxReply, text } from '../http-io.js';
import { experimentNotFound, validationBody } from '../model/error-bodies.js';
import {
  ConsoleExperimentContextPredicatesRequest,
  DICTIONARY_PATHS,
  type DictionaryPath as DictionaryName,
} from '../model/interface-values.js';
import type { SandboxState } from '../state.js';
import { zodFieldErrors } from './field-errors.js';

// GET /experiments/v1/dictionaries/{name}. Names match exactly (participantTypes is camelCase,
// the others kebab-case); anything else is a 404 from the router.

export function isDictionaryName(s: string): s is DictionaryName {
  return (DICTIONARY_PATHS as readonly string[]).includes(s);
}

export function getDictionary(state: SandboxState, name: DictionaryName, raw: string): SandboxReply {
  if (name === 'context-param-predicates') return contextParamPredicates(state, raw);
  // ASSUMPTION: the other ten take no body; one sent anyway is ignored, as a GET body usually is.
  return json(200, state.dictionaries[name]);
}

/**
 * The interface's one GET with a body (ConsoleExperimentContextPredicatesRequest). ASSUMPTIONS:
 * domainId filters params by domain; experimentId alone filters by that experiment's domain (an
 * unknown experimentId is a 404); with both, domainId wins; neither returns every param.
 * predicates and predicateApplicability are never filtered.
 */
function contextParamPredicates(state: SandboxState, raw: string): SandboxReply {
  const parsed = parseJson(raw);
  if (!parsed.ok) return json(400, validationBody([{ field: '(body)', message: parsed.message }]));
  const checked = ConsoleExperimentContextPredicatesRequest.safeParse(parsed.value ?? {});
  if (!checked.success) return json(400, validationBody(zodFieldErrors(checked.error)));
  const { experimentId, domainId } = checked.data;
  let domain: unknown = domainId ?? undefined;
  if (domain === undefined && experimentId !== undefined && experimentId !== null) {
    const exp = state.experiments.get(experimentId);
    if (!exp) return text(404, experimentNotFound(experimentId));
    domain = exp.domainId;
  }
  const all = state.dictionaries['context-param-predicates'];
  const params = domain === undefined ? all.params : all.params.filter((p) => p.domainId === domain);
  return json(200, { ...all, params });
}
