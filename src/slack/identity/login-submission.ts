import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { slackDate } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import { VERIFY_BUDGET_MS } from '../connection/submission.js';
import type { SlackListeners } from '../listener-registry.js';
import { webApiReplier } from '../replies.js';
import { openViewMetadata } from '../view-seal/open-metadata.js';
import { inputValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import type { IdentityDeps } from './deps.js';
import { LOGIN_MODAL, LoginModalMetadata } from './ids.js';

/**
 * The login form: the token is checked against the platform as `/exp connect` checks a workspace
 * token (inside Slack's 3 s, so a refusal shows on the field), then stored encrypted under the person.
 */
export function registerLoginSubmission(listeners: SlackListeners): void {
  listeners.view(LOGIN_MODAL.callbackId, (deps: IdentityDeps) => [
    async ({ ack, body, view, client }) => {
      deps.metrics.inc('exp_interactions_total', { kind: 'login_submission' });
      const texts = deps.messages.identity.login;
      const fail = (text: string) =>
        ack({ response_action: 'errors', errors: { [LOGIN_MODAL.blocks.token]: text } });
      const opened = await openViewMetadata(deps, {
        purpose: 'login',
        body,
        text: view.private_metadata,
        schema: LoginModalMetadata,
      });
      if (!opened.ok) return fail(opened.text);
      const metadata = opened.value;
      const token = (
        inputValue(
          view.state.values as ViewStateValues,
          LOGIN_MODAL.blocks.token,
          LOGIN_MODAL.actions.token,
        ) ?? ''
      ).trim();
      if (!token) return fail(texts.tokenRequired);
      const team = workspaceOnly(workspaceFromBody(body));
      const outcome = await deps.connecting.connect({
        workspace: { ...team, userId: body.user.id },
        baseUrl: metadata.baseUrl,
        token,
        actorId: body.user.id,
        budgetMs: VERIFY_BUDGET_MS,
      });
      await deps.audit.record(workspaceKey(team), {
        userId: body.user.id,
        action: 'login',
        channelId: metadata.channelId,
        decision: 'allowed',
        outcome: outcome.kind,
      });
      switch (outcome.kind) {
        case 'token-rejected':
          return fail(texts.tokenRejected);
        case 'token-lacks-scope':
          return fail(texts.tokenLacksScope);
        case 'unreachable':
          return fail(texts.unreachable);
        case 'not-a-platform':
          return fail(texts.notAPlatform);
        case 'connected':
          break;
      }
      await ack();
      const expiresAt = outcome.claims?.expiresAt;
      await webApiReplier({
        client,
        channelId: metadata.channelId,
        userId: body.user.id,
        logger: deps.logger,
      }).ephemeral(
        textMessage(
          deps.messages.identity.loggedIn({
            expires: expiresAt === undefined ? undefined : slackDate(expiresAt),
          }),
        ),
      );
    },
  ]);
}
