import type { WorkspaceRef } from '../../core/workspace.js';
import { workspaceKey } from '../../core/workspace.js';
import { safe } from '../blocks/escape.js';
import type { SlackMessage } from '../blocks/message.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { auditMessage } from './audit-message.js';
import { AUDIT_PAGE_SIZE, type AuditPageValue } from './ids.js';
import { parseAuditArgs } from './parse-audit.js';

/** A page of the workspace's trail as a message (the command and the paging buttons share it). */
export async function auditReply(
  deps: Pick<SlackDeps, 'audit' | 'messages'>,
  workspace: WorkspaceRef,
  query: AuditPageValue,
): Promise<SlackMessage> {
  const page = await deps.audit.page(workspaceKey(workspace), {
    experimentId: query.experimentId,
    userId: query.userId,
    before: query.before,
    size: AUDIT_PAGE_SIZE,
  });
  return auditMessage({ page, query, retentionDays: deps.audit.retentionDays, messages: deps.messages });
}

/** `/exp audit [ID] [--user @someone]` (admins: the command chain checked). */
export async function showAudit(
  ctx: CommandContext<Pick<SlackDeps, 'audit' | 'messages'>>,
  args: readonly string[],
): Promise<void> {
  const { messages } = ctx.deps;
  const parsed = parseAuditArgs(args);
  if (!parsed.ok)
    return ctx.ack(
      textMessage(messages.audit.usage({ problem: messages.audit.badWord({ word: safe(parsed.word, 60) }) })),
    );
  await ctx.ack();
  await ctx.replier.ephemeral(await auditReply(ctx.deps, ctx.workspace, parsed.query));
}
