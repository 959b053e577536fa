import { empty, headerValue, json, parseJson, type SandboxReply, type SandboxRequest } from '../http-io.js';
import { splitterErrorBody } from '../model/error-bodies.js';
import { SPLITTER_PREFIX } from '../model/http-rules.js';
import { assignGroup, SPLITTER_METHODS, type SplitterMethodName } from '../model/splitter-rules.js';
import type { SandboxState } from '../state.js';
import { describeIssues, ExposeManyV2Body, GetFeaturesByTagBody } from './request-schemas.js';

// Splitter API: POST {splitterUrl}/<method> or /<method>/ with a JSON body; `{ result }` on
// success, `{ error: { kind, message } }` otherwise. Auth, leniencies and the statuses the interface
// does not state (401, 404, 405, 413): model/splitter-rules.ts.

export interface SplitterDeps {
  state: SandboxState;
  /** When set, `Authorization: Bearer <splitterToken>` is required. */
  splitterToken: string | undefined;
}

const badRequest = (message: string) => json(400, splitterErrorBody(400, message));

function methodOf(path: string): SplitterMethodName | undefined {
  const name = path.slice(SPLITTER_PREFIX.length + 1).replace(/\/$/, '');
  return (SPLITTER_METHODS as readonly string[]).includes(name) ? (name as SplitterMethodName) : undefined;
}

export function handleSplitter(req: SandboxRequest, deps: SplitterDeps): SandboxReply {
  if (deps.splitterToken !== undefined) {
    const header = headerValue(req.headers, 'authorization') ?? '';
    if (header !== `Bearer ${deps.splitterToken}`) {
      return json(401, splitterErrorBody(401, 'a valid bearer token is required'), {
        'www-authenticate': 'Bearer',
      });
    }
  }
  const method = methodOf(req.path);
  if (method === undefined) return json(404, splitterErrorBody(404, `unknown method ${req.path}`));
  if (req.method !== 'POST') {
    return json(405, splitterErrorBody(405, `${method} accepts POST only`), { allow: 'POST' });
  }
  const parsed = parseJson(req.rawBody);
  if (!parsed.ok) return badRequest(parsed.message);
  if (parsed.value === undefined) return badRequest('a JSON body is required');
  const source = headerValue(req.headers, 'x-source');
  return method === 'getFeaturesByTag'
    ? getFeaturesByTag(deps.state, parsed.value)
    : exposeManyV2(deps.state, parsed.value, source);
}

function getFeaturesByTag(state: SandboxState, body: unknown): SandboxReply {
  const checked = GetFeaturesByTagBody.safeParse(body);
  if (!checked.success) return badRequest(describeIssues(checked.error));
  const { tag, participant } = checked.data;
  const features = [...state.experiments.values()]
    .filter((e) => e.status === 'running' && (e.tags ?? []).includes(tag))
    .sort((x, y) => x.id - y.id)
    .flatMap((e) => {
      const label = assignGroup(e.label, participant, e.groups);
      return label === undefined ? [] : [{ experimentLabel: e.label, label }];
    });
  return json(200, { result: { features } });
}

function exposeManyV2(state: SandboxState, body: unknown, source: string | undefined): SandboxReply {
  const checked = ExposeManyV2Body.safeParse(body);
  if (!checked.success) return badRequest(describeIssues(checked.error));
  const running = new Set(
    [...state.experiments.values()].filter((e) => e.status === 'running').map((e) => e.label),
  );
  const receivedAt = new Date().toISOString();
  for (const x of checked.data.exposures) {
    state.exposures.push({
      experimentLabel: x.experimentLabel,
      platform: { id: x.platform.id, version: x.platform.version },
      participant: { userId: x.participant.userId, visitorId: x.participant.visitorId },
      source,
      known: running.has(x.experimentLabel),
      receivedAt,
    });
  }
  return empty(200);
}
