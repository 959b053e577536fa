import { json, type SandboxReply, type SandboxRequest } from '../http-io.js';
import { consoleMessageBody, validationBody } from '../model/error-bodies.js';
import { CONSOLE_PREFIX } from '../model/http-rules.js';
import { SCOPES } from '../model/scopes.js';
import type { SandboxState } from '../state.js';
import type { TokenAuthority } from '../tokens.js';
import { authenticate, requireScope } from './auth.js';
import { getDictionary, isDictionaryName } from './dictionaries.js';
import { createExperiment, getExperiment, updateExperiment } from './experiments.js';
import { isLifecycleAction, runLifecycleAction } from './lifecycle.js';

// Console API under /api/console. Order of checks (model/http-rules.ts): auth → route → scope →
// id → body → existence → status.

export interface ConsoleDeps {
  state: SandboxState;
  tokens: TokenAuthority;
}

type Route = { scope: string; run: (req: SandboxRequest) => SandboxReply } | { reply: SandboxReply };

const notFound = (req: SandboxRequest): Route => ({
  reply: json(404, consoleMessageBody(`No route for ${req.method} ${req.path}`)),
});
const notAllowed = (allow: string): Route => ({
  reply: json(405, consoleMessageBody(`Method not allowed; use ${allow}`), { allow }),
});

/** Digits only, within the safe integer range; anything else is refused as a validation error. */
function withId(segment: string, run: (id: number) => SandboxReply): (req: SandboxRequest) => SandboxReply {
  return () => {
    const id = /^\d{1,16}$/.test(segment) ? Number(segment) : Number.NaN;
    if (!Number.isSafeInteger(id)) {
      return json(400, validationBody([{ field: 'id', message: 'must be a positive integer' }]));
    }
    return run(id);
  };
}

function resolve(req: SandboxRequest, state: SandboxState): Route {
  const rest = req.path.slice(CONSOLE_PREFIX.length);
  const parts = rest.split('/').slice(1);
  if (parts[0] !== 'experiments' || parts[1] !== 'v1') return notFound(req);
  const [, , a, b, c, ...extra] = parts;
  if (extra.length > 0) return notFound(req);
  if (a === undefined) {
    if (req.method !== 'POST') return notAllowed('POST');
    return { scope: SCOPES.create, run: (r) => createExperiment(state, r.rawBody) };
  }
  if (a === 'dictionaries') {
    if (b === undefined || c !== undefined || !isDictionaryName(b)) return notFound(req);
    if (req.method !== 'GET') return notAllowed('GET');
    return { scope: SCOPES.read, run: (r) => getDictionary(state, b, r.rawBody) };
  }
  if (a === '') return notFound(req);
  if (b === undefined) {
    if (req.method === 'GET' && state.readRoute) {
      return { scope: SCOPES.read, run: withId(a, (id) => getExperiment(state, id)) };
    }
    if (req.method === 'PATCH') {
      return {
        scope: SCOPES.update,
        run: (r) => withId(a, (id) => updateExperiment(state, id, r.rawBody))(r),
      };
    }
    return notAllowed(state.readRoute ? 'GET, PATCH' : 'PATCH');
  }
  if (c !== undefined || !isLifecycleAction(b)) return notFound(req);
  if (req.method !== 'POST') return notAllowed('POST');
  return {
    scope: SCOPES.manage,
    run: (r) => withId(a, (id) => runLifecycleAction(state, id, b, r.rawBody))(r),
  };
}

export async function handleConsole(req: SandboxRequest, deps: ConsoleDeps): Promise<SandboxReply> {
  const auth = await authenticate(req.headers, deps.tokens);
  if (!auth.ok) return auth.reply;
  const route = resolve(req, deps.state);
  if ('reply' in route) return route.reply;
  return requireScope(auth.scopes, route.scope) ?? route.run(req);
}
