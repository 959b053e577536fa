import type { ServerResponse } from 'node:http';
import type { CustomRoute } from '@slack/bolt';
import { acceptLifecycleEvent } from '../../core/hooks/accept-event.js';
import { describeBodyProblem, HOOK_BODY_MAX_BYTES, LifecycleEventBody } from '../../core/hooks/event.js';
import type { WorkspaceHook } from '../../core/hooks/hook-store.js';
import { checkTimestamp, signatureMatches } from '../../core/hooks/signature.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import type { Logger } from '../../observability/logger.js';
import type { SlackDeps } from '../deps.js';
import { alertOfEvent } from './event-alert.js';
import { BodyTooLargeError, readBoundedBody } from './read-body.js';

type Handler = CustomRoute['handler'];

export interface HookRouteOptions {
  /** Single-workspace modes: the configured workspace, whose hook is also `POST /hooks/lifecycle`. */
  configuredWorkspace: () => Promise<WorkspaceRef | undefined>;
}

function reply(res: ServerResponse, status: number, body: Record<string, unknown>): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

type AcceptAndQueueDeps = Pick<SlackDeps, 'hooks' | 'knowledge' | 'scopeOf' | 'subscriberAlerts'>;

/** Records the event and queues its alerts; when either write fails it throws, the event id free again. */
function acceptAndQueue(
  deps: AcceptAndQueueDeps,
  logger: Logger,
  workspace: WorkspaceRef,
  event: LifecycleEventBody,
) {
  const scope = workspaceKey(workspace);
  return acceptLifecycleEvent(
    {
      knowledge: deps.knowledge,
      claims: deps.hooks.events,
      alert: async (view) => {
        const alert = alertOfEvent(event);
        const eventKey = `hook:${scope}:${event.id}`;
        await deps.subscriberAlerts.queue(workspace, { channelId: undefined }, alert, view, eventKey);
      },
      onReleaseFailed: (error) =>
        logger.error('a failed lifecycle event could not be released: its retries count as duplicates', {
          experimentId: event.experimentId,
          error,
        }),
    },
    scope,
    event,
  );
}

type LifecycleHookRoutesDeps = Pick<
  SlackDeps,
  'subscriberAlerts' | 'hooks' | 'knowledge' | 'logger' | 'metrics' | 'now' | 'scopeOf'
>;

/**
 * `POST /hooks/lifecycle/{hookId}` (and `/hooks/lifecycle` in single-workspace mode): what the
 * platform, a CI job or a scheduler reports. Signed like Slack's requests, bounded, strict; an
 * accepted event updates the experiment's record and is alerted like the app's own actions. The
 * answer (202) leaves once the event is recorded and its alerts queued (they survive a restart from
 * there); a 503 means neither counts as done, and the sender's retry is processed.
 */
export function lifecycleHookRoutes(
  deps: LifecycleHookRoutesDeps,
  options: HookRouteOptions,
): Record<string, Handler> {
  const logger = deps.logger.child({ component: 'lifecycle-hook' });
  const handle = async (
    req: Parameters<Handler>[0],
    res: ServerResponse,
    find: () => Promise<WorkspaceHook | undefined>,
  ) => {
    let body: string;
    try {
      body = await readBoundedBody(req, HOOK_BODY_MAX_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return reply(res, 413, { error: `body larger than ${HOOK_BODY_MAX_BYTES} bytes` });
      throw error;
    }
    const hook = await find();
    // Unknown and unreadable hooks look the same from outside: nothing tells which ids exist.
    if (!hook) return reply(res, 404, { error: 'unknown hook' });
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const timestamp = header('x-exp-timestamp');
    const signature = header('x-exp-signature');
    const now = deps.now();
    if (
      timestamp === undefined ||
      signature === undefined ||
      !signatureMatches(deps.hooks.secretsOf(hook, now), timestamp, body, signature)
    ) {
      deps.metrics.inc('exp_hook_events_total', { outcome: 'bad_signature' });
      return reply(res, 401, { error: 'signature does not match (X-Exp-Signature, X-Exp-Timestamp)' });
    }
    const fresh = checkTimestamp(timestamp, now.getTime());
    if (!fresh.ok) {
      deps.metrics.inc('exp_hook_events_total', { outcome: 'bad_timestamp' });
      return reply(res, 400, {
        error: `X-Exp-Timestamp is ${fresh.problem === 'missing' ? 'not Unix seconds' : `more than 5 minutes in the ${fresh.problem === 'stale' ? 'past' : 'future'}`}`,
      });
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      deps.metrics.inc('exp_hook_events_total', { outcome: 'bad_body' });
      return reply(res, 400, { error: 'body is not JSON' });
    }
    const parsed = LifecycleEventBody.safeParse(json);
    if (!parsed.success) {
      deps.metrics.inc('exp_hook_events_total', { outcome: 'bad_body' });
      return reply(res, 400, { error: describeBodyProblem(parsed.error) });
    }
    const event = parsed.data;
    const accepted = await acceptAndQueue(deps, logger, hook.workspace, event);
    if (accepted.kind === 'duplicate') {
      deps.metrics.inc('exp_hook_events_total', { outcome: 'duplicate' });
      return reply(res, 202, { status: 'duplicate', id: event.id });
    }
    deps.metrics.inc('exp_hook_events_total', { outcome: 'accepted' });
    reply(res, 202, { status: 'accepted', id: event.id });
  };
  const guarded =
    (find: (req: Parameters<Handler>[0]) => Promise<WorkspaceHook | undefined>): Handler =>
    (req, res) => {
      handle(req, res, () => find(req)).catch((error: unknown) => {
        logger.error('lifecycle hook failed', { error });
        // The store failed before the event was recorded and its alerts queued: the sender should retry.
        reply(res, 503, { error: 'the app could not record the event; retry later' });
      });
    };
  return {
    '/hooks/lifecycle/:hookId': guarded(async (req) => deps.hooks.byId(String(req.params?.hookId ?? ''))),
    '/hooks/lifecycle': guarded(async () => {
      const workspace = await options.configuredWorkspace();
      return workspace ? deps.hooks.ensure(workspace) : undefined;
    }),
  };
}
