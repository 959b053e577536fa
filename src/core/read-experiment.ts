import type { Logger } from '../observability/logger.js';
import type { ActingAs, ConnectionResolver } from './connections.js';
import type { FieldMapping } from './experiment-fields.js';
import { type ExperimentForm, formFromExperiment } from './experiment-form.js';
import { CreatableExperimentType } from './experiment-schemas.js';
import type { ExperimentKnowledge } from './experiments/knowledge.js';
import { connectionKey, readFromPlatform } from './experiments/read-route.js';
import type { ExperimentRecord } from './experiments/record.js';
import type { PlatformFailure } from './platform/failures.js';
import { type WorkspaceRef, workspaceKey } from './workspace.js';

export type ReadExperimentOutcome =
  | { kind: 'found'; form: Partial<ExperimentForm> }
  | { kind: 'not-found' }
  /**
   * The platform has no read route: the form starts from what the app recorded (name and type;
   * the record keeps labels, not the dictionary values the pickers need).
   */
  | { kind: 'from-record'; form: Partial<ExperimentForm> }
  /** Reading failed: the edit starts from an empty form and only filled fields are sent. */
  | { kind: 'unreadable'; error: PlatformFailure }
  | { kind: 'not-connected' }
  | { kind: 'connection-invalid' };

export interface ReadExperimentDeps {
  connections: ConnectionResolver;
  knowledge: ExperimentKnowledge;
  experimentFields: FieldMapping;
  logger: Logger;
}

/** The experiment's current values as form fields, to prefill `/exp edit`. */
export async function readExperimentForEdit(
  deps: ReadExperimentDeps,
  workspace: WorkspaceRef,
  experimentId: number,
  /** Who edits, from where: the read goes through the identity the edit will use. */
  via: ActingAs = {},
): Promise<ReadExperimentOutcome> {
  const k = deps.knowledge;
  const scope = workspaceKey(workspace);
  const lookup = await deps.connections.lookup(workspace, via);
  if (lookup.kind === 'not-connected' || lookup.kind === 'personal-required')
    return { kind: 'not-connected' };
  if (lookup.kind === 'invalid') return { kind: 'connection-invalid' };
  const memo = connectionKey(scope, lookup.baseUrl);
  const fromRecord = async (): Promise<ReadExperimentOutcome> => ({
    kind: 'from-record',
    form: formFromRecord(await k.records.get(scope, experimentId)),
  });
  if (await k.readRoute.isMissing(memo)) return fromRecord();
  const read = await readFromPlatform(lookup.api, experimentId, deps.experimentFields);
  switch (read.kind) {
    case 'found':
      await k.records.update(scope, experimentId, read.update, 'platform-read');
      return { kind: 'found', form: formFromExperiment(read.raw, deps.experimentFields) };
    case 'not-found':
      await k.records.update(scope, experimentId, { notFound: true }, 'platform-read');
      return { kind: 'not-found' };
    case 'route-missing':
      await k.readRoute.markMissing(memo);
      return fromRecord();
    case 'failed':
      deps.logger.info('experiment read failed; the edit form starts empty', {
        experimentId,
        error: read.error.kind,
      });
      return { kind: 'unreadable', error: read.error };
  }
}

function formFromRecord(record: ExperimentRecord | undefined): Partial<ExperimentForm> {
  const form: Partial<ExperimentForm> = {};
  if (record?.name) form.name = record.name.value;
  const type = CreatableExperimentType.safeParse(record?.type?.value);
  if (type.success) form.type = type.data;
  return form;
}
