import { ConsoleError, ExperimentNotFoundError } from '../console/errors.js';
import type { Logger } from '../observability/logger.js';
import type { ConnectionResolver } from './connections.js';
import type { FieldMapping } from './experiment-fields.js';
import { type ExperimentForm, formFromExperiment } from './experiment-form.js';
import type { WorkspaceRef } from './workspace.js';

export type ReadExperimentOutcome =
  | { kind: 'found'; form: Partial<ExperimentForm> }
  | { kind: 'not-found' }
  /** Reading is not part of the interface: without the record an edit starts from an empty form. */
  | { kind: 'unreadable'; error: ConsoleError }
  | { kind: 'not-connected' }
  | { kind: 'connection-invalid' };

export interface ReadExperimentDeps {
  connections: ConnectionResolver;
  experimentFields: FieldMapping;
  logger: Logger;
}

/** The experiment's current values as form fields, to prefill `/exp edit`. */
export async function readExperimentForEdit(
  deps: ReadExperimentDeps,
  workspace: WorkspaceRef,
  experimentId: number,
): Promise<ReadExperimentOutcome> {
  const lookup = await deps.connections.lookup(workspace);
  if (lookup.kind === 'not-connected') return { kind: 'not-connected' };
  if (lookup.kind === 'invalid') return { kind: 'connection-invalid' };
  try {
    return {
      kind: 'found',
      form: formFromExperiment(await lookup.api.getExperiment(experimentId), deps.experimentFields),
    };
  } catch (error) {
    if (error instanceof ExperimentNotFoundError) return { kind: 'not-found' };
    if (!(error instanceof ConsoleError)) throw error;
    deps.logger.info('experiment read failed; the edit form starts empty', {
      experimentId,
      error: error.kind,
    });
    return { kind: 'unreadable', error };
  }
}
