import type { Logger } from '../observability/logger.js';
import type { ConnectionResolver, Identity } from './connections.js';
import type { FieldMapping, LogicalField } from './experiment-fields.js';
import type { ExperimentForm } from './experiment-form.js';
import { buildExperimentPayload, diffExperimentPayload } from './experiment-payload.js';
import {
  extractExperimentId,
  logicalFieldFor,
  type PlatformFieldError,
  platformFieldErrors,
} from './experiment-results.js';
import { type ExperimentKnowledge, type ExperimentView, viewOf } from './experiments/knowledge.js';
import { createdStatus } from './experiments/transitions.js';
import { type FailureOf, type PlatformFailure, platformFailure } from './platform/failures.js';
import { type Grant, requireGrant } from './policy/grant.js';
import { type WorkspaceRef, workspaceKey } from './workspace.js';

interface SaveCommon {
  workspace: WorkspaceRef;
  form: ExperimentForm;
  actorId: string;
  channelId?: string | undefined;
  /** What the access decision allowed (whose token acts, whether only their own may). */
  grant: Grant;
}

export type SaveExperimentRequest =
  | (SaveCommon & { mode: 'create' })
  | (SaveCommon & {
      mode: 'edit';
      experimentId: number;
      /** The values the form opened with: only fields that differ from them are sent. */
      original: Partial<ExperimentForm>;
    });

/** A platform validation 400 entry, with the form field it names when the mapping knows it. */
export interface RejectedField extends PlatformFieldError {
  logical: LogicalField | undefined;
}

export type SaveExperimentOutcome =
  /** view: what the app now knows (absent when the platform's answer carried no id). */
  | {
      kind: 'created';
      experimentId: number | undefined;
      name: string;
      view: ExperimentView | undefined;
      identity: Identity;
    }
  | { kind: 'updated'; experimentId: number; fields: string[]; view: ExperimentView; identity: Identity }
  | { kind: 'unchanged'; experimentId: number }
  | { kind: 'not-connected' }
  /** The policy asks for the person's own token (`/exp login`) and they have none; nothing was sent. */
  | { kind: 'personal-required' }
  | { kind: 'connection-invalid'; identity: Identity }
  | { kind: 'rejected'; error: FailureOf<'validation'>; fields: RejectedField[] }
  | { kind: 'failed'; error: PlatformFailure; identity: Identity };

export interface SaveExperimentDeps {
  connections: ConnectionResolver;
  experimentFields: FieldMapping;
  knowledge: ExperimentKnowledge;
  logger: Logger;
}

/**
 * Create (POST) or edit (PATCH with the changed fields only). Never retried: create has no
 * idempotency key, so a timeout is an unknown outcome, not a reason to send again. Platform failures
 * come back as outcomes; only programming errors throw.
 */
export async function saveExperiment(
  deps: SaveExperimentDeps,
  request: SaveExperimentRequest,
): Promise<SaveExperimentOutcome> {
  requireGrant(request.grant, workspaceKey(request.workspace), request.mode);
  const lookup = await deps.connections.lookup(request.workspace, {
    userId: request.grant.actingAs.userId,
    channelId: request.channelId,
    personalRequired: request.grant.actingAs.personalRequired,
  });
  if (lookup.kind === 'not-connected') return { kind: 'not-connected' };
  if (lookup.kind === 'personal-required') return { kind: 'personal-required' };
  if (lookup.kind === 'invalid') return { kind: 'connection-invalid', identity: lookup.identity };
  const payload =
    request.mode === 'edit'
      ? diffExperimentPayload(request.original, request.form, deps.experimentFields)
      : buildExperimentPayload(request.form, deps.experimentFields);
  if (request.mode === 'edit' && Object.keys(payload).length === 0) {
    return { kind: 'unchanged', experimentId: request.experimentId };
  }
  const log = deps.logger.child({ mode: request.mode, workspace: lookup.scope, actor: request.actorId });
  try {
    if (request.mode === 'edit') {
      await lookup.api.updateExperiment(request.experimentId, payload);
      log.info('experiment updated', { experimentId: request.experimentId });
      const fields = Object.keys(payload);
      const view = await remember(deps, request, request.experimentId, { action: 'edit', fields });
      return { kind: 'updated', experimentId: request.experimentId, fields, view, identity: lookup.identity };
    }
    const created = await lookup.api.createExperiment(payload);
    const experimentId = extractExperimentId(created);
    log.info('experiment created', { experimentId });
    const view =
      experimentId === undefined
        ? undefined
        : await remember(deps, request, experimentId, { action: 'create' });
    return { kind: 'created', experimentId, name: request.form.name ?? '', view, identity: lookup.identity };
  } catch (error) {
    const failure = platformFailure(error);
    if (failure === undefined) throw error;
    if (failure.kind === 'validation') {
      const fields = platformFieldErrors(failure.body).map((entry) => ({
        ...entry,
        logical: logicalFieldFor(entry.field, deps.experimentFields),
      }));
      return { kind: 'rejected', error: failure, fields };
    }
    if (failure.kind === 'invalid_token') {
      await deps.connections.markInvalid(lookup.owner, 'platform answered 403 Invalid api key provided');
    }
    log.warn('experiment save failed', { error: failure.kind, status: failure.status });
    return { kind: 'failed', error: failure, identity: lookup.identity };
  }
}

/** What the platform accepted becomes part of the record: name, type, team, layer, the action. */
async function remember(
  deps: SaveExperimentDeps,
  request: SaveExperimentRequest,
  experimentId: number,
  action: { action: 'create' | 'edit'; fields?: string[] },
): Promise<ExperimentView> {
  const k = deps.knowledge;
  const scope = workspaceKey(request.workspace);
  const { form } = request;
  const record = await k.records.update(
    scope,
    experimentId,
    {
      name: form.name,
      type: form.type,
      // The dictionary values, as the platform holds them: cards name them from the dictionaries
      // ("Checkout (211)"). A field an edit kept without reading it is never recorded as "undefined".
      team: form.team === undefined ? undefined : String(form.team),
      layer: form.layer === undefined ? undefined : String(form.layer),
      status: action.action === 'create' ? createdStatus(k.transitions) : undefined,
      action: {
        action: action.action,
        actorId: request.actorId,
        at: k.now().toISOString(),
        source: 'slack',
        channelId: request.channelId,
        fields: action.fields,
      },
    },
    'app-form',
  );
  return viewOf(k, scope, record);
}
