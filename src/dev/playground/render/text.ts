import type { EmulatedChannel, EmulatedUser } from '../../slack-emulator/types.js';
import { type PlaygroundTexts, playgroundTexts } from '../client/texts.js';
import { escapeHtml, isObject, stringOf } from './html.js';
import { type MentionNames, renderMrkdwn, renderPlainText } from './mrkdwn.js';

/** What rendering needs besides the blocks: names for mentions and the lists user/channel selects offer. */
export interface RenderContext {
  names: MentionNames;
  users: readonly EmulatedUser[];
  channels: readonly EmulatedChannel[];
  /** Submission errors by input block_id (a modal after response_action errors). */
  errors?: Readonly<Record<string, string>>;
  /** The page's own texts in the viewer's language (English when absent). */
  texts?: PlaygroundTexts;
}

export const textsOf = (ctx: RenderContext): PlaygroundTexts => ctx.texts ?? playgroundTexts(undefined);

export function mentionNames(
  users: ReadonlyMap<string, EmulatedUser>,
  channels: ReadonlyMap<string, EmulatedChannel>,
): MentionNames {
  return {
    user: (id) => {
      const user = users.get(id);
      return user ? user.real_name || user.name : undefined;
    },
    channel: (id) => channels.get(id)?.name,
  };
}

/** A text object (plain_text or mrkdwn) as HTML; anything that is not one renders as nothing. */
export function renderTextObject(value: unknown, ctx: RenderContext): string {
  if (!isObject(value)) return '';
  const text = stringOf(value.text) ?? '';
  return value.type === 'mrkdwn'
    ? renderMrkdwn(text, ctx.names)
    : renderPlainText(text, value.emoji !== false);
}

/** The raw string of a text object, for labels the client reads back (never inserted as HTML). */
export function textOf(value: unknown): string {
  return isObject(value) ? (stringOf(value.text) ?? '') : '';
}

export function unsupported(kind: string, type: string): string {
  return `<span class="bk-unsupported">${escapeHtml(`[${kind} “${type}” is not rendered by the playground]`)}</span>`;
}
