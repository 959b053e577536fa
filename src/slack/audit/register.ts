import type { BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { actionAccess } from '../access/middleware.js';
import { buttonValueOrTold } from '../button-value.js';
import type { SlackListeners } from '../listener-registry.js';
import { workspaceFromBody } from '../workspace.js';
import { auditReply } from './commands.js';
import type { AuditDeps } from './deps.js';
import { AUDIT_ACTIONS, decodeAuditPageValue } from './ids.js';

/** `/exp audit` and its paging buttons: admins only, each click checked again. */
export function registerAudit(listeners: SlackListeners) {
  const admins = (deps: AuditDeps) =>
    ({ kind: 'admin', refusal: deps.messages.audit.adminOnly, action: 'audit' }) as const;
  const page =
    (deps: AuditDeps) =>
    async ({ ack, body, action, respond }: SlackActionMiddlewareArgs<BlockButtonAction>) => {
      await ack();
      deps.metrics.inc('exp_interactions_total', { kind: 'audit_page' });
      const value = await buttonValueOrTold(deps.messages, respond, decodeAuditPageValue, action.value);
      if (value === undefined) return;
      const reply = await auditReply(deps, workspaceFromBody(body), value);
      await respond({ response_type: 'ephemeral', replace_original: true, ...reply });
    };
  for (const id of [AUDIT_ACTIONS.older, AUDIT_ACTIONS.newest])
    listeners.action<BlockButtonAction>(id, (deps: AuditDeps) => [
      actionAccess(deps, () => admins(deps)),
      page(deps),
    ]);
}
