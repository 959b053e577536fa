import type { KnownBlock } from '@slack/types';
import type { FetchLike } from '../observability/slack-api-calls.js';
import type { SafeText } from './blocks/escape.js';
import { LIMITS } from './blocks/limits.js';
import { context } from './blocks/message.js';

// ALLOW_SANDBOX connects real Slack to the embedded simulator for demos. Nobody may mistake it for
// their platform, so every message the app posts carries a context line saying so. Messages leave
// the app three ways: ack bodies (decorated by the command ack), Web API calls and response_url
// posts. The last two both go through the fetch Bolt is given, so one fetch decorator covers every
// listener, including ones written later, instead of each reply site remembering to add the line.

const SANDBOX_NOTICE_BLOCK_ID = 'exp_sandbox_notice';

/** Web API methods whose arguments are a message (text + blocks). */
const MESSAGE_METHODS = new Set([
  'chat.postMessage',
  'chat.postEphemeral',
  'chat.update',
  'chat.scheduleMessage',
]);

interface MessageLike {
  text?: unknown;
  blocks?: unknown;
}

/** The message with the notice as its last block (keeping Slack's 50-block cap); pure. */
export function withNoticeBlock<T extends MessageLike>(message: T, notice: SafeText): T {
  const blocks = Array.isArray(message.blocks) ? (message.blocks as KnownBlock[]) : undefined;
  if (blocks?.some((b) => b.block_id === SANDBOX_NOTICE_BLOCK_ID)) return message;
  const base: KnownBlock[] =
    blocks ??
    (typeof message.text === 'string' && message.text !== ''
      ? [{ type: 'section', text: { type: 'mrkdwn', text: message.text.slice(0, LIMITS.sectionText) } }]
      : []);
  return {
    ...message,
    blocks: [...base.slice(0, LIMITS.messageBlocks - 1), context([notice], SANDBOX_NOTICE_BLOCK_ID)],
  };
}

/**
 * Wraps the fetch Bolt uses for the Web API and response_url: message-carrying requests get the
 * notice block. apiUrl is the Web API base (calls under it are methods; anything else is a
 * response_url, whose body is JSON).
 */
export function fetchWithSandboxNotice(fetchFn: FetchLike, apiUrl: string, notice: SafeText): FetchLike {
  const base = apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`;
  return (input, init) => {
    const url = String(input);
    if (!init || typeof init.body !== 'string') return fetchFn(input, init);
    if (url.startsWith(base)) {
      const method = url.slice(base.length).split('?')[0] ?? '';
      if (!MESSAGE_METHODS.has(method)) return fetchFn(input, init);
      return fetchFn(input, { ...init, body: decorateForm(init.body, notice) });
    }
    return fetchFn(input, { ...init, body: decorateJson(init.body, notice) });
  };
}

function decorateForm(body: string, notice: SafeText): string {
  const params = new URLSearchParams(body);
  let blocks: unknown;
  try {
    blocks = params.has('blocks') ? JSON.parse(params.get('blocks') ?? '[]') : undefined;
  } catch {
    return body;
  }
  const decorated = withNoticeBlock({ text: params.get('text') ?? undefined, blocks }, notice);
  params.set('blocks', JSON.stringify(decorated.blocks));
  return params.toString();
}

function decorateJson(body: string, notice: SafeText): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return body;
  }
  if (!parsed || typeof parsed !== 'object') return body;
  const message = parsed as MessageLike & { delete_original?: unknown };
  // Deleting a message posts nothing; everything else sent to a response_url is a message.
  if (message.delete_original === true) return body;
  return JSON.stringify(withNoticeBlock(message, notice));
}
