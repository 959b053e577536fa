import type { ActingAs } from './connections.js';
import { describeChanges, type ExperimentChanges, hasChanges } from './experiment-changes.js';
import type { ExperimentForm } from './experiment-form.js';
import type { RecordedAction } from './experiments/record.js';
import { type ReadExperimentDeps, readExperimentForEdit } from './read-experiment.js';
import { type WorkspaceRef, workspaceKey } from './workspace.js';

// Before an edit is saved: did the experiment change since the form opened? Read from the platform
// where it can be read (GET /experiments/v1/{id}, the app's assumed read route), otherwise from what
// the app knows (its record: name, type and the actions taken through it). A change means the save
// would overwrite something the person never saw, so it is shown instead of sent.

/** Where the check looked: the platform itself, or only the app's record (no read route). */
type ConflictBasis = 'platform' | 'record';

export type EditConflict =
  | { kind: 'none'; basis: ConflictBasis | 'unchecked' }
  | {
      kind: 'changed';
      basis: ConflictBasis;
      /** The experiment now, as far as the basis shows it. */
      now: Partial<ExperimentForm>;
      /** From the form as it opened to the experiment now. */
      changes: ExperimentChanges;
      /** Actions taken through the app by someone else since the form opened, newest first. */
      actions: RecordedAction[];
    };

export interface EditBaseline {
  experimentId: number;
  original: Partial<ExperimentForm>;
  /** ISO time the form opened. */
  openedAt: string;
  actorId: string;
  via: ActingAs;
}

export async function checkEditConflict(
  deps: ReadExperimentDeps,
  workspace: WorkspaceRef,
  baseline: EditBaseline,
): Promise<EditConflict> {
  const read = await readExperimentForEdit(deps, workspace, baseline.experimentId, baseline.via);
  // Unreadable now: the save itself will meet the platform's own answer.
  if (read.kind !== 'found' && read.kind !== 'from-record') return { kind: 'none', basis: 'unchecked' };
  const basis: ConflictBasis = read.kind === 'found' ? 'platform' : 'record';
  const record = await deps.knowledge.records.get(workspaceKey(workspace), baseline.experimentId);
  const opened = Date.parse(baseline.openedAt);
  const actions = (record?.actions ?? []).filter(
    (a) => Date.parse(a.at) > opened && (a.source === 'event' || a.actorId !== baseline.actorId),
  );
  const changes = describeChanges(
    comparable(baseline.original, read.form, basis),
    read.form,
    deps.experimentFields,
  );
  if (!hasChanges(changes) && actions.length === 0) return { kind: 'none', basis };
  return { kind: 'changed', basis, now: read.form, changes, actions };
}

/** The record holds name and type only: compare those, not fields it never knew. */
function comparable(
  original: Partial<ExperimentForm>,
  now: Partial<ExperimentForm>,
  basis: ConflictBasis,
): Partial<ExperimentForm> {
  if (basis === 'platform') return original;
  return { ...now, name: original.name, type: original.type } as Partial<ExperimentForm>;
}
