import { lookUpExperiment } from '../../core/experiments/knowledge.js';
import type { ExperimentRecord } from '../../core/experiments/record.js';
import type { SlackDeps } from '../deps.js';
import { SHOW_READ_BUDGET_MS } from '../experiment/show.js';
import { OUTPUT } from './ids.js';
import { parseCommonInputs } from './inputs.js';
import { failed, type StepResult, type StepRun } from './step-run.js';

type RunGetStepDeps = Pick<SlackDeps, 'actors' | 'connections' | 'consoleLinks' | 'knowledge' | 'messages'>;

/**
 * Get experiment: what the app knows of one experiment (refreshed from the platform when it can
 * read), as typed outputs a later step can use. A read, open to every member like `/exp show`;
 * guests and people of another organisation are still refused, as for every step.
 */
export async function runGetStep(deps: RunGetStepDeps, step: StepRun): Promise<StepResult> {
  const m = deps.messages.workflowSteps;
  const parsed = parseCommonInputs(step.inputs, m, false);
  if (!parsed.ok) return failed(parsed.error);
  const { experimentId, channelId, personId } = parsed.value;
  if (personId === undefined) return failed(m.noPerson);
  const actor = await deps.actors.actor(step.client, step.workspace, personId, []);
  if (!actor) return failed(m.unknownPerson);
  if (actor.isExternal) return failed(m.external);
  if (actor.isGuest) return failed(m.guest);
  const found = await lookUpExperiment(deps.knowledge, deps.connections, step.workspace, experimentId, {
    refresh: true,
    budgetMs: SHOW_READ_BUDGET_MS,
    channelId,
  });
  switch (found.kind) {
    case 'not-connected':
      return failed(m.notConnected);
    case 'connection-invalid':
      return failed(m.connectionInvalid);
    case 'not-found':
      return failed(m.notFound({ experimentId }));
    case 'unknown':
      return failed(
        found.refreshed === 'failed' ? m.readFailed({ experimentId }) : m.neverSeen({ experimentId }),
      );
    case 'known':
      return { ok: true, outputs: outputsOf(found.view.record, deps.consoleLinks?.urlOf(experimentId)) };
  }
}

/** Only what is known: an output left out is empty in the workflow, never a made-up value. */
function outputsOf(record: ExperimentRecord, link: string | undefined): Record<string, unknown> {
  const known: Array<[string, string | undefined]> = [
    [OUTPUT.name, record.name?.value],
    [OUTPUT.status, record.status?.value],
    [OUTPUT.team, record.team?.value],
    [OUTPUT.type, record.type?.value],
    [OUTPUT.link, link],
  ];
  return {
    [OUTPUT.experimentId]: record.experimentId,
    ...Object.fromEntries(known.filter((entry): entry is [string, string] => entry[1] !== undefined)),
  };
}
