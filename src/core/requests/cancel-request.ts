import { parseWorkspaceKey } from '../workspace.js';
import type { ActionRequest } from './action-request.js';
import type { RequestPorts } from './ports.js';
import { auditStep } from './request-audit.js';
import { tellEnding } from './tell-ending.js';

export type CancelOutcome =
  | { kind: 'not-found' }
  /** Only its author or an admin may take a request back. */
  | { kind: 'not-allowed'; request: ActionRequest }
  /** It is running or ended already: nothing changed. */
  | { kind: 'too-late'; request: ActionRequest }
  | { kind: 'cancelled'; request: ActionRequest };

/**
 * Takes back a waiting request (scheduled, or waiting for approval; its approval ends with it). Its
 * author may, and so may an admin; the first of a cancel and a run wins across replicas.
 */
export async function cancelRequest(
  ports: RequestPorts,
  input: { scope: string; id: string; by: string },
): Promise<CancelOutcome> {
  const request = await ports.requests.get(input.scope, input.id);
  if (!request) return { kind: 'not-found' };
  if (request.requestedBy !== input.by && !(await isAdmin(ports, input.scope, input.by)))
    return { kind: 'not-allowed', request };
  const moved = await ports.requests.apply(input.scope, input.id, { kind: 'cancel', by: input.by });
  if (!moved) return { kind: 'not-found' };
  if (!moved.ok) return { kind: 'too-late', request: moved.request };
  await auditStep(ports.audit, moved.request, 'cancelled', input.by);
  await tellEnding(ports, moved.request, { kind: 'cancelled', by: input.by });
  return { kind: 'cancelled', request: moved.request };
}

async function isAdmin(ports: RequestPorts, scope: string, userId: string): Promise<boolean> {
  const workspace = parseWorkspaceKey(scope);
  if (!workspace) return false;
  const person = await ports.person(workspace, userId);
  return person?.isAdmin === true && !person.isGuest && !person.isExternal;
}
