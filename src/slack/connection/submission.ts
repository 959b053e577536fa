import type { ConnectOutcome } from '../../core/connect-workspace.js';
import { isTeamChannel } from '../../core/connections.js';
import { workspaceKey, workspaceOnly } from '../../core/workspace.js';
import { viewAccess } from '../access/middleware.js';
import { channelMention } from '../blocks/escape.js';
import type { SlackDeps } from '../deps.js';
import type { SlackListeners } from '../listener-registry.js';
import { webApiReplier } from '../replies.js';
import { openViewMetadata } from '../view-seal/open-metadata.js';
import { inputValue, selectedValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import type { ConnectionDeps } from './deps.js';
import { CONNECT_MODAL, ConnectModalMetadata } from './ids.js';
import { connectedMessage, scopesNote, tokenInfoMessage, withNote } from './replies.js';

/**
 * The token check must finish inside Slack's 3 s view_submission window so that a refusal can be
 * shown on the token input itself; 2 s leaves room for the store write and the ack.
 */
export const VERIFY_BUDGET_MS = 2_000;

export function registerConnectSubmission(listeners: SlackListeners): void {
  listeners.view(CONNECT_MODAL.callbackId, (deps: ConnectionDeps) => [
    viewAccess(
      deps,
      () => ({ kind: 'admin', refusal: deps.messages.connection.adminOnly, action: 'connect' }),
      () => CONNECT_MODAL.blocks.baseUrl,
    ),
    async ({ ack, body, view, client }) => {
      deps.metrics.inc('exp_interactions_total', { kind: 'connect_submission' });
      const texts = deps.messages.modals.connect;
      const { blocks, actions } = CONNECT_MODAL;
      const fail = (block: string, text: string) =>
        ack({ response_action: 'errors', errors: { [block]: text } });
      const opened = await openViewMetadata(deps, {
        purpose: 'connect',
        body,
        text: view.private_metadata,
        schema: ConnectModalMetadata,
      });
      if (!opened.ok) return fail(blocks.baseUrl, opened.text);
      const metadata = opened.value;
      const values = view.state.values as ViewStateValues;
      const baseUrl = normaliseBaseUrl(inputValue(values, blocks.baseUrl, actions.baseUrl) ?? '');
      const token = (inputValue(values, blocks.token, actions.token) ?? '').trim();
      if (!baseUrl) return fail(blocks.baseUrl, texts.baseUrlInvalid);
      if (!token) return fail(blocks.token, texts.tokenRequired);

      const team = workspaceFromBody(body);
      // "This channel only": a team's own connection, stored under the channel it was made from.
      const forChannel =
        selectedValue(values, blocks.scope, actions.scope) === CONNECT_MODAL.scopes.channel &&
        isTeamChannel(metadata.channelId);
      const workspace = forChannel ? { ...workspaceOnly(team), channelId: metadata.channelId } : team;
      const outcome = await deps.connecting.connect({
        workspace,
        baseUrl,
        token,
        actorId: body.user.id,
        budgetMs: VERIFY_BUDGET_MS,
      });
      await deps.audit.record(workspaceKey(workspaceOnly(team)), {
        userId: body.user.id,
        action: 'connect',
        channelId: metadata.channelId,
        decision: 'allowed',
        outcome: outcome.kind,
        detail: `${forChannel ? 'this channel only, ' : ''}base URL ${baseUrl}`.slice(0, 300),
      });
      switch (outcome.kind) {
        case 'token-rejected':
          return fail(blocks.token, texts.tokenRejected);
        case 'token-lacks-scope':
          return fail(blocks.token, texts.tokenLacksScope);
        case 'unreachable':
          return fail(blocks.baseUrl, texts.unreachable);
        case 'not-a-platform':
          return fail(blocks.baseUrl, texts.notAPlatform);
        case 'connected':
          break;
      }
      await ack();
      const replier = webApiReplier({
        client,
        channelId: metadata.channelId,
        userId: body.user.id,
        logger: deps.logger,
      });
      await replier.ephemeral(
        connectedReply(deps.messages, {
          userId: body.user.id,
          baseUrl,
          outcome,
          forChannel,
          channelId: metadata.channelId,
        }),
      );
      await deps.homeTab.publish(deps, client, workspaceOnly(team), body.user.id);
    },
  ]);
}

/** Connected, what the token allows and how long, which connection it is, and any scope it lacks. */
function connectedReply(
  messages: SlackDeps['messages'],
  input: {
    userId: string;
    baseUrl: string;
    outcome: Extract<ConnectOutcome, { kind: 'connected' }>;
    forChannel: boolean;
    channelId: string;
  },
) {
  const { userId, baseUrl, outcome } = input;
  const { claims, connectedAt: now } = outcome;
  const connected = connectedMessage({ userId, baseUrl, messages });
  const info = tokenInfoMessage({
    baseUrl,
    expiresAt: claims?.expiresAt,
    scopes: claims?.scopes,
    state: 'active',
    connectedBy: userId,
    connectedAt: now,
    now,
    messages,
  });
  const which = messages.identity.whichConnection({
    name: messages.identity.identityName({
      identity: input.forChannel ? 'channel' : 'workspace',
      channel: channelMention(input.channelId),
    }),
  });
  const scopes = scopesNote(outcome.lackingScopes, messages);
  const reply = { text: connected.text, blocks: [...connected.blocks, ...info.blocks] };
  return withNote(scopes ? withNote(reply, scopes) : reply, which);
}

/**
 * Accepts what admins paste: surrounding spaces, a trailing slash, or the console prefix itself
 * (`…/api/console`), and returns the `{base_url}` the client expects; undefined if not http(s).
 */
export function normaliseBaseUrl(input: string): string | undefined {
  const text = input.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/console$/, '');
  return `${url.origin}${path}`;
}
