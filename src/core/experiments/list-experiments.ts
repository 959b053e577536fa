import type { ConnectionResolver } from '../connections.js';
import { type WorkspaceRef, workspaceKey } from '../workspace.js';
import { type ExperimentKnowledge, type ExperimentView, offeredFrom } from './knowledge.js';
import { connectionKey, readFromPlatform } from './read-route.js';
import type { ExperimentRecord } from './record.js';

const LIST_PAGE_SIZE = 10;
/** Reads of one page run a few at a time, all within one budget: a slow platform cannot hold the reply. */
const REFRESH_CONCURRENCY = 3;

export interface ListRequest {
  workspace: WorkspaceRef;
  /** Matched, case-insensitively, on the id, name, team and status (already bounded by the caller). */
  filter: string | undefined;
  /** What the reader calls each status (their list shows it so): the filter matches these words too. */
  statusNames?: Readonly<Record<string, string>> | undefined;
  page: number;
  /** Refresh the page's statuses from the platform's read route (when it has one). */
  refresh: boolean;
  budgetMs: number;
  /** Where it is asked; a channel with its own (team's) connection reads through it. */
  channelId?: string | undefined;
}

export interface ListResult {
  views: ExperimentView[];
  /** How many records match the filter. */
  total: number;
  page: number;
  pages: number;
  /** Statuses read from the platform for this page; missing: the platform has no read route. */
  refreshed: { count: number; routeMissing: boolean };
}

/** The experiments a workspace has seen, most recently touched first, one page at a time. */
export async function listExperiments(
  k: ExperimentKnowledge,
  connections: ConnectionResolver,
  request: ListRequest,
): Promise<ListResult> {
  const scope = workspaceKey(request.workspace);
  const matching = (await k.records.all(scope)).filter((r) =>
    matches(r, request.filter, request.statusNames ?? {}),
  );
  const pages = Math.max(1, Math.ceil(matching.length / LIST_PAGE_SIZE));
  const page = Math.min(Math.max(1, request.page), pages);
  let shown = matching.slice((page - 1) * LIST_PAGE_SIZE, page * LIST_PAGE_SIZE);
  const refreshed = { count: 0, routeMissing: false };
  if (request.refresh && shown.length > 0) {
    const connection = await connections.lookup(request.workspace, { channelId: request.channelId });
    if (connection.kind === 'connected') {
      const memo = connectionKey(scope, connection.baseUrl);
      if (await k.readRoute.isMissing(memo)) refreshed.routeMissing = true;
      else {
        const deadline = Date.now() + request.budgetMs;
        const fresh = new Map<number, ExperimentRecord>();
        const queue = [...shown];
        const worker = async () => {
          for (
            let next = queue.shift();
            next && Date.now() < deadline && !refreshed.routeMissing;
            next = queue.shift()
          ) {
            const read = await readFromPlatform(connection.api, next.experimentId, k.experimentFields);
            if (read.kind === 'route-missing') {
              refreshed.routeMissing = true;
              await k.readRoute.markMissing(memo);
            } else if (read.kind === 'found') {
              fresh.set(
                next.experimentId,
                await k.records.update(scope, next.experimentId, read.update, 'platform-read'),
              );
              refreshed.count += 1;
            } else if (read.kind === 'not-found') {
              fresh.set(
                next.experimentId,
                await k.records.update(scope, next.experimentId, { notFound: true }, 'platform-read'),
              );
            }
          }
        };
        const work = Promise.all(Array.from({ length: REFRESH_CONCURRENCY }, worker));
        await Promise.race([work, new Promise((resolve) => setTimeout(resolve, request.budgetMs).unref())]);
        shown = shown.map((r) => fresh.get(r.experimentId) ?? r);
      }
    }
  }
  const learnt = await k.records.learnt(scope);
  return {
    views: shown.map((record) => ({ record, offered: offeredFrom(k, learnt, record) })),
    total: matching.length,
    page,
    pages,
    refreshed,
  };
}

function matches(
  record: ExperimentRecord,
  filter: string | undefined,
  statusNames: Readonly<Record<string, string>>,
): boolean {
  if (filter === undefined) return true;
  const needle = filter.toLowerCase();
  const status = record.status?.value;
  const haystack = [
    String(record.experimentId),
    record.name?.value,
    record.team?.value,
    status,
    status !== undefined && Object.hasOwn(statusNames, status) ? statusNames[status] : undefined,
    record.type?.value,
  ];
  return haystack.some((value) => value?.toLowerCase().includes(needle) === true);
}
