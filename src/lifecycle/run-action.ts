import { ConsoleError, InvalidTokenError, StatusConflictError } from '../console/errors.js';
import type { ConsoleStopExperimentRequest } from '../console/schemas.js';
import type { Logger } from '../observability/logger.js';
import type { ConnectionResolver } from './connections.js';
import type { LifecycleAction } from './lifecycle-action.js';
import type { WorkspaceRef } from './workspace.js';

export interface LifecycleRequest {
  workspace: WorkspaceRef;
  action: LifecycleAction;
  experimentId: number;
  stop?: ConsoleStopExperimentRequest | undefined;
  actorId: string;
}

export type LifecycleOutcome =
  | { kind: 'done'; request: LifecycleRequest; tokenExpiresAt: Date | undefined; scope: string }
  | { kind: 'conflict'; request: LifecycleRequest; error: StatusConflictError }
  | { kind: 'not-connected'; request: LifecycleRequest }
  | { kind: 'connection-invalid'; request: LifecycleRequest; reason: string | undefined }
  | { kind: 'failed'; request: LifecycleRequest; error: ConsoleError };

export interface LifecycleDeps {
  connections: ConnectionResolver;
  logger: Logger;
}

/**
 * Runs one lifecycle action and classifies the result. Never throws for platform failures: the
 * caller renders each outcome; only programming errors propagate.
 */
export async function runLifecycleAction(
  deps: LifecycleDeps,
  request: LifecycleRequest,
): Promise<LifecycleOutcome> {
  const { connections, logger } = deps;
  const connection = await connections.lookup(request.workspace);
  if (connection.kind === 'not-connected') return { kind: 'not-connected', request };
  if (connection.kind === 'invalid')
    return { kind: 'connection-invalid', request, reason: connection.reason };

  const log = logger.child({
    action: request.action,
    experimentId: request.experimentId,
    workspace: connection.scope,
    actor: request.actorId,
  });
  try {
    await connection.api.runAction(request.action, request.experimentId, request.stop);
    log.info('lifecycle action done');
    return { kind: 'done', request, tokenExpiresAt: connection.expiresAt, scope: connection.scope };
  } catch (error) {
    if (error instanceof StatusConflictError) {
      log.info('lifecycle action refused by status', { currentStatus: error.currentStatus });
      return { kind: 'conflict', request, error };
    }
    if (error instanceof InvalidTokenError) {
      await connections.markInvalid(request.workspace, 'platform answered 403 Invalid api key provided');
    }
    if (error instanceof ConsoleError) {
      log.warn('lifecycle action failed', { error: error.kind, status: error.status });
      return { kind: 'failed', request, error };
    }
    throw error;
  }
}
