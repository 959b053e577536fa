import type { App } from '@slack/bolt';
import {
  ConnectionError,
  ConsoleTimeoutError,
  InsufficientScopeError,
  InvalidTokenError,
  MissingAuthError,
} from '../../console/errors.js';
import { readJwtClaims } from '../../console/jwt-claims.js';
import type { SlackDeps } from '../deps.js';
import { decodeMetadata, SlackPayloadError } from '../payload.js';
import { webApiReplier } from '../replies.js';
import { inputValue, type ViewStateValues } from '../view-state.js';
import { workspaceFromBody } from '../workspace.js';
import { CONNECT_MODAL, ConnectModalMetadata } from './ids.js';
import { connectedMessage, tokenInfoMessage } from './replies.js';

/**
 * The token check must finish inside Slack's 3 s view_submission window so that a refusal can be
 * shown on the token input itself; 2 s leaves room for the store write and the ack.
 */
export const VERIFY_BUDGET_MS = 2_000;

export function registerConnectSubmission(app: App, deps: SlackDeps): void {
  app.view(CONNECT_MODAL.callbackId, async ({ ack, body, view, client }) => {
    deps.metrics.inc('exp_interactions_total', { kind: 'connect_submission' });
    const texts = deps.messages.modals.connect;
    const { blocks, actions } = CONNECT_MODAL;
    const fail = (block: string, text: string) =>
      ack({ response_action: 'errors', errors: { [block]: text } });
    let metadata: ConnectModalMetadata;
    try {
      metadata = decodeMetadata(ConnectModalMetadata, view.private_metadata);
    } catch (error) {
      if (!(error instanceof SlackPayloadError)) throw error;
      return fail(blocks.baseUrl, deps.messages.modals.expired);
    }
    const values = view.state.values as ViewStateValues;
    const baseUrl = normaliseBaseUrl(inputValue(values, blocks.baseUrl, actions.baseUrl) ?? '');
    const token = (inputValue(values, blocks.token, actions.token) ?? '').trim();
    if (!baseUrl) return fail(blocks.baseUrl, texts.baseUrlInvalid);
    if (!token) return fail(blocks.token, texts.tokenRequired);

    try {
      await deps.verifyConnection({ baseUrl, token }, VERIFY_BUDGET_MS);
    } catch (error) {
      deps.logger.info('connect: platform refused the candidate connection', {
        error: error instanceof Error ? error.name : 'unknown',
      });
      if (error instanceof InvalidTokenError || error instanceof MissingAuthError) {
        return fail(blocks.token, texts.tokenRejected);
      }
      if (error instanceof InsufficientScopeError) return fail(blocks.token, texts.tokenLacksScope);
      if (error instanceof ConnectionError || error instanceof ConsoleTimeoutError) {
        return fail(blocks.baseUrl, texts.unreachable);
      }
      return fail(blocks.baseUrl, texts.notAPlatform);
    }

    const workspace = workspaceFromBody(body);
    const claims = readJwtClaims(token);
    const now = deps.now();
    await deps.vault.put(workspace, {
      baseUrl,
      token,
      connectedBy: body.user.id,
      connectedAt: now.toISOString(),
      expiresAt: claims?.expiresAt?.toISOString(),
      scopes: claims?.scopes,
      tokenName: claims?.name,
      state: 'active',
    });
    await ack();
    // A new platform (or token) may see other dictionaries: start from a clean cache.
    await deps.dictionaries.drop(deps.scopeOf(workspace)).catch((error) => {
      deps.logger.warn('could not drop the dictionary cache after connect', { error });
    });
    const replier = webApiReplier({
      client,
      channelId: metadata.channelId,
      userId: body.user.id,
      logger: deps.logger,
    });
    const connected = connectedMessage({ userId: body.user.id, baseUrl, messages: deps.messages });
    const info = tokenInfoMessage({
      baseUrl,
      expiresAt: claims?.expiresAt,
      scopes: claims?.scopes,
      state: 'active',
      connectedBy: body.user.id,
      connectedAt: now,
      now,
      messages: deps.messages,
    });
    await replier.ephemeral({ text: connected.text, blocks: [...connected.blocks, ...info.blocks] });
  });
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
