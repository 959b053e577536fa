import { ConsoleError, InvalidTokenError, ValidationError } from '../console/errors.js';
import type { Logger } from '../observability/logger.js';
import type { ConnectionResolver } from './connections.js';
import type { LogicalField } from './experiment-fields.js';
import { buildExperimentPayload, diffExperimentPayload, type FieldMapping } from './experiment-fields.js';
import type { ExperimentForm } from './experiment-form.js';
import {
  extractExperimentId,
  logicalFieldFor,
  type PlatformFieldError,
  platformFieldErrors,
} from './experiment-results.js';
import type { WorkspaceRef } from './workspace.js';

export type SaveExperimentRequest =
  | { mode: 'create'; workspace: WorkspaceRef; form: ExperimentForm; actorId: string }
  | {
      mode: 'edit';
      workspace: WorkspaceRef;
      experimentId: number;
      /** The values the form opened with: only fields that differ from them are sent. */
      original: Partial<ExperimentForm>;
      form: ExperimentForm;
      actorId: string;
    };

/** A platform validation 400 entry, with the form field it names when the mapping knows it. */
export interface RejectedField extends PlatformFieldError {
  logical: LogicalField | undefined;
}

export type SaveExperimentOutcome =
  | { kind: 'created'; experimentId: number | undefined; name: string }
  | { kind: 'updated'; experimentId: number; fields: string[] }
  | { kind: 'unchanged'; experimentId: number }
  | { kind: 'not-connected' }
  | { kind: 'connection-invalid' }
  | { kind: 'rejected'; error: ValidationError; fields: RejectedField[] }
  | { kind: 'failed'; error: ConsoleError };

export interface SaveExperimentDeps {
  connections: ConnectionResolver;
  experimentFields: FieldMapping;
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
  const lookup = await deps.connections.lookup(request.workspace);
  if (lookup.kind === 'not-connected') return { kind: 'not-connected' };
  if (lookup.kind === 'invalid') return { kind: 'connection-invalid' };
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
      return { kind: 'updated', experimentId: request.experimentId, fields: Object.keys(payload) };
    }
    const created = await lookup.api.createExperiment(payload);
    const experimentId = extractExperimentId(created);
    log.info('experiment created', { experimentId });
    return { kind: 'created', experimentId, name: request.form.name ?? '' };
  } catch (error) {
    if (error instanceof ValidationError) {
      const fields = platformFieldErrors(error.body).map((entry) => ({
        ...entry,
        logical: logicalFieldFor(entry.field, deps.experimentFields),
      }));
      return { kind: 'rejected', error, fields };
    }
    if (error instanceof InvalidTokenError) {
      await deps.connections.markInvalid(request.workspace, 'platform answered 403 Invalid api key provided');
    }
    if (error instanceof ConsoleError) {
      log.warn('experiment save failed', { error: error.kind, status: error.status });
      return { kind: 'failed', error };
    }
    throw error;
  }
}
