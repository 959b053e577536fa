import type { ConnectionDescription, ConnectionLookup } from '../../core/connections.js';
import type { PolicyAction } from '../../core/policy/policy.js';
import {
  channelMention,
  escapeMrkdwn,
  isSlackChannelId,
  joinSafe,
  md,
  type SafeText,
  safe,
  slackDate,
  userMention,
} from '../blocks/escape.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { slackAgo } from '../experiment/ago.js';
import type { Messages } from '../messages/index.js';
import { WHOAMI_BLOCKS } from './ids.js';

/** `/exp whoami`: whose token the person's actions use here, why, and the connections behind it. */
export function whoamiMessage(input: {
  channelId: string;
  /** What an action by this person from this channel would use (no policy requirement applied). */
  acting: ConnectionLookup;
  personal: ConnectionDescription | undefined;
  team: ConnectionDescription | undefined;
  /** Actions the policy wants the person's own token for. */
  personalActions: readonly PolicyAction[];
  /** The languages in force for the person (identity/language.ts `currentLanguage`). */
  language?: SafeText | undefined;
  messages: Messages;
}): SlackMessage {
  const i = input.messages.identity;
  const channel = isSlackChannelId(input.channelId) ? channelMention(input.channelId) : undefined;
  const where = i.whoamiWhere({ channel });
  const { acting } = input;
  const identity =
    acting.kind === 'connected' || acting.kind === 'invalid'
      ? acting.identity
      : input.personal
        ? 'personal'
        : undefined;
  const lines: SafeText[] =
    identity === undefined
      ? [i.whoamiNowhere({ where })]
      : [i.whoamiHead({ where, name: i.identityName({ identity, channel }) }), i.whoamiWhy({ identity })];
  if (input.language !== undefined) lines.push(input.language);
  if (input.personalActions.length > 0 && !input.personal) {
    lines.push(
      i.whoamiPersonalRequired({
        actions: joinSafe(
          input.personalActions.map((a) => md`*${escapeMrkdwn(a)}*`),
          md`, `,
        ),
      }),
    );
  }
  const facts = (d: ConnectionDescription, identityOf: ConnectionDescription['identity']) =>
    i.whoamiConnection({
      name: i.identityName({ identity: identityOf, channel }),
      baseUrl: safe(d.baseUrl, 300),
      by: d.connectedBy === undefined ? undefined : userMention(d.connectedBy),
      since: d.connectedAt === undefined ? undefined : slackAgo(d.connectedAt, input.messages),
      expires: d.expiresAt === undefined ? undefined : slackDate(d.expiresAt),
      invalid: d.state !== 'active',
    });
  const known = [
    input.personal ? facts(input.personal, 'personal') : undefined,
    input.team ? facts(input.team, input.team.identity) : undefined,
  ].filter((f): f is SafeText => f !== undefined);
  return message(fallbackText([lines[0] ?? md``]), [
    section(joinSafe(lines), WHOAMI_BLOCKS.head),
    known.length > 0 ? context(known, WHOAMI_BLOCKS.facts) : undefined,
  ]);
}
