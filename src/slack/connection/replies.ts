import type { HeaderBlock, SectionBlock } from '@slack/types';
import { expiryOf } from '../../core/lifecycle/expiry-reminder.js';
import {
  code,
  escapeMrkdwn,
  joinSafe,
  md,
  mrkdwn,
  plain,
  type SafeText,
  safe,
  slackDate,
  userMention,
} from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import {
  context,
  fallbackText,
  message,
  type SlackMessage,
  section,
  textMessage,
} from '../blocks/message.js';
import { BLOCKS } from '../ids.js';
import type { Messages, TokenState } from '../messages/index.js';
import { CONNECTION_BLOCKS } from './ids.js';

const SCOPES_SHOWN = 20;

export interface TokenInfoInput {
  baseUrl: string;
  /** From the token's own claims when it states one; the platform makes expiry mandatory. */
  expiresAt?: Date | undefined;
  scopes?: readonly string[] | undefined;
  state: TokenState;
  /** Absent for the connection set by the server's configuration rather than by an admin. */
  connectedBy?: string | undefined;
  connectedAt?: Date | undefined;
  now: Date;
  messages: Messages;
}

function validDate(date: Date | undefined): Date | undefined {
  return date !== undefined && Number.isFinite(date.getTime()) ? date : undefined;
}

export { expiryOf };

/** Who the connection is, where, until when, with which scopes. Never the token itself. */
export function tokenInfoMessage(input: TokenInfoInput): SlackMessage {
  const { messages, now } = input;
  const t = messages.connection;
  const at = validDate(input.expiresAt);
  const expiry = expiryOf(at, now);
  const date = at === undefined ? undefined : slackDate(at);
  const expires =
    expiry.kind === 'unknown' || date === undefined
      ? t.expiryUnknown
      : expiry.kind === 'expired'
        ? t.expired({ date })
        : t.expiresIn({ days: expiry.days, date });
  const scopes =
    input.scopes === undefined || input.scopes.length === 0
      ? t.scopesUnknown
      : joinSafe(
          input.scopes.slice(0, SCOPES_SHOWN).map((s) => code(s, 100)),
          md`, `,
        );
  const connectedAt = validDate(input.connectedAt);
  const connectedBy = t.connectedBy({
    user: input.connectedBy === undefined ? undefined : userMention(input.connectedBy),
    date: connectedAt === undefined ? undefined : slackDate(connectedAt),
  });
  const field = (label: SafeText, value: SafeText) =>
    mrkdwn(joinSafe([label, value]), { max: LIMITS.sectionFieldText });
  const fields: SectionBlock = {
    type: 'section',
    block_id: CONNECTION_BLOCKS.tokenInfo,
    fields: [
      field(t.labels.baseUrl, code(input.baseUrl, 500)),
      field(t.labels.expires, expires),
      field(t.labels.state, escapeMrkdwn(t.states[input.state])),
      field(t.labels.connectedBy, connectedBy),
      field(t.labels.scopes, scopes),
    ],
  };
  const warning =
    input.state === 'unreadable'
      ? t.unreadableWarning
      : input.state === 'invalid'
        ? t.invalidWarning
        : expiry.kind === 'expired'
          ? t.expiredWarning
          : expiry.kind === 'valid' && expiry.soon
            ? t.expiringSoon({ days: expiry.days })
            : undefined;
  const header: HeaderBlock = { type: 'header', text: plain(t.tokenHeader, LIMITS.headerText) };
  const summary = md`${escapeMrkdwn(t.tokenHeader)}: ${code(input.baseUrl, 500)}. ${expires}`;
  return message(fallbackText(warning === undefined ? [summary] : [warning, summary]), [
    header,
    warning === undefined ? undefined : section(warning, CONNECTION_BLOCKS.tokenWarning),
    fields,
    context([t.tokenNeverShown]),
  ]);
}

export function connectedMessage(input: {
  userId: string;
  baseUrl: string;
  messages: Messages;
}): SlackMessage {
  const baseUrl = safe(input.baseUrl, 500);
  return textMessage(input.messages.connection.connected({ user: userMention(input.userId), baseUrl }));
}

export function disconnectedMessage(input: { userId: string; messages: Messages }): SlackMessage {
  return textMessage(input.messages.connection.disconnected({ user: userMention(input.userId) }));
}

export function adminOnlyMessage(input: { messages: Messages }): SlackMessage {
  return textMessage(input.messages.connection.adminOnly, BLOCKS.errorText);
}

export function notConnectedMessage(input: { messages: Messages }): SlackMessage {
  return textMessage(input.messages.connection.notConnected, BLOCKS.errorText);
}

/** A message with one more context line under it (which connection a reply is about). */
export function withNote(message: SlackMessage, note: SafeText): SlackMessage {
  return { text: message.text, blocks: [...message.blocks, context([note])] };
}

/**
 * What the connect check found of the scopes the interface shows: the ones the token's claims do
 * not list, or, when it lists none, what each kind of request needs. undefined: it has them all.
 */
export function scopesNote(lacking: readonly string[] | undefined, messages: Messages): SafeText | undefined {
  if (lacking === undefined) return messages.connection.scopesNotStated;
  if (lacking.length === 0) return undefined;
  return messages.connection.scopesLacking({
    scopes: joinSafe(
      lacking.map((s) => code(s, 100)),
      md`, `,
    ),
  });
}
