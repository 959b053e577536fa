import type { WorkspaceHook } from '../../core/hooks/hook-store.js';
import { code, plain, type SafeText, slackDate } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import type { Messages } from '../messages/index.js';

const HOOK_BLOCKS = {
  header: 'exp_hooks_header',
  url: 'exp_hooks_url',
  secret: 'exp_hooks_secret',
} as const;

/** The hook's address, secret and how to sign: for the admin alone (ephemeral). */
export function hooksMessage(input: {
  hook: WorkspaceHook;
  publicUrl: string | undefined;
  now: Date;
  rotated: boolean;
  messages: Messages;
}): SlackMessage {
  const h = input.messages.hooks;
  const path = `/hooks/lifecycle/${input.hook.hookId}`;
  const url = h.url({
    url: code(input.publicUrl === undefined ? path : `${input.publicUrl}${path}`, 2500),
    complete: input.publicUrl !== undefined,
  });
  const previous =
    input.hook.previous && new Date(input.hook.previous.until).getTime() > input.now.getTime()
      ? new Date(input.hook.previous.until)
      : undefined;
  const lines: SafeText[] = [];
  if (input.rotated && previous) lines.push(h.rotated({ until: slackDate(previous) }));
  return message(fallbackText([url]), [
    { type: 'header', block_id: HOOK_BLOCKS.header, text: plain(h.header, LIMITS.headerText) },
    ...lines.map((line) => section(line)),
    section(url, HOOK_BLOCKS.url),
    section(h.secret({ secret: code(input.hook.secret, 200) }), HOOK_BLOCKS.secret),
    context([
      h.howToSign,
      ...(previous && !input.rotated ? [h.previous({ until: slackDate(previous) })] : []),
    ]),
  ]);
}
