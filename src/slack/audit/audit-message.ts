import type { Button, SectionBlock } from '@slack/types';
import type { AuditPage, AuditRecord } from '../../core/audit/audit-log.js';
import { SLOT_REFUSAL_RULE } from '../../core/audit/busy-tally.js';
import {
  channelMention,
  escapeMrkdwn,
  isSlackChannelId,
  joinSafe,
  md,
  mrkdwn,
  plain,
  type SafeText,
  safe,
  slackDate,
  truncateSafe,
  userMention,
} from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { labelOf, labelText } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { VIEW_FORGED_RULE } from '../view-seal/open-metadata.js';
import type { ViewForgedReason } from '../view-seal/view-seal.js';
import { AUDIT_ACTIONS, AUDIT_BLOCKS, type AuditPageValue, encodeAuditPageValue } from './ids.js';

const DETAIL_MAX = 200;

/** One attempt in words; everything stored is escaped (the trail holds text people typed). */
export function auditRow(record: AuditRecord, messages: Messages): SafeText {
  const a = messages.audit;
  const forged = record.decision === 'refused' && record.rule === VIEW_FORGED_RULE;
  const result = forged
    ? a.viewForged({ reason: forgedReason(record.detail) })
    : record.decision === 'refused'
      ? a.refused({ rule: record.rule === undefined ? undefined : safe(record.rule, 40) })
      : a.allowed({
          outcome:
            record.outcome === undefined ? undefined : labelText(messages.labels.outcomes, record.outcome),
        });
  return a.row({
    when: slackDate(new Date(record.at)),
    user: userMention(record.userId),
    // An action the catalogue names reads in the reader's language; the app's own commands
    // (`policy`, `audit`…) as recorded.
    action: safe(labelOf(messages.labels.actionNouns, record.action) ?? record.action, 40),
    experimentId: record.experimentId,
    channel:
      record.channelId !== undefined && isSlackChannelId(record.channelId)
        ? channelMention(record.channelId)
        : undefined,
    result,
    approval:
      record.approval === undefined
        ? undefined
        : a.approval({
            state: record.approval.state,
            requestedBy:
              record.approval.requestedBy === undefined
                ? undefined
                : userMention(record.approval.requestedBy),
          }),
    identity: record.identity === undefined ? undefined : a.identity({ identity: record.identity }),
    detail: record.detail === undefined || forged ? undefined : detailOf(record.rule, record.detail),
  });
}

/** A total of refusals counted while the trail was behind (busy-tally.ts) is longer, mentions included. */
const TOTAL_DETAIL_MAX = 360;
/** How a total names people: by their Slack user ids (long enough that `UTC` is not one). */
const NAMED_USER = /\b([UW][A-Z0-9]{8,})\b/;

/**
 * What the trail stored beside the outcome, escaped. A total of refusals for want of a slot names
 * the people refused by id: they are shown as mentions, as the row's own actor is.
 */
function detailOf(rule: string | undefined, detail: string): SafeText {
  if (rule !== SLOT_REFUSAL_RULE) return safe(detail, DETAIL_MAX);
  // split() with a capturing group puts each id at an odd index.
  const pieces = detail
    .split(NAMED_USER)
    .map((piece, i) => (i % 2 ? userMention(piece) : escapeMrkdwn(piece)));
  return truncateSafe(joinSafe(pieces, md``), TOTAL_DETAIL_MAX);
}

const FORGED_REASONS: readonly ViewForgedReason[] = ['unsigned', 'mismatch', 'expired', 'response-url'];

/** A view-forged entry keeps its reason in detail; anything else there is not shown as one. */
function forgedReason(detail: string | undefined): ViewForgedReason | undefined {
  return FORGED_REASONS.find((reason) => reason === detail);
}

/** `/exp audit`: a page of attempts, newest first, with Older (and Newest once paged). */
export function auditMessage(input: {
  page: AuditPage;
  query: AuditPageValue;
  retentionDays: number;
  messages: Messages;
}): SlackMessage {
  const { page, query, messages } = input;
  const a = messages.audit;
  const user = query.userId === undefined ? undefined : userMention(query.userId);
  const paged = query.before !== undefined;
  const filter = {
    ...(query.experimentId === undefined ? {} : { experimentId: query.experimentId }),
    ...(query.userId === undefined ? {} : { userId: query.userId }),
  };
  const nav: Button[] = [];
  if (paged)
    nav.push({
      type: 'button',
      action_id: AUDIT_ACTIONS.newest,
      text: plain(a.newestButton, LIMITS.buttonText),
      value: encodeAuditPageValue(filter),
    });
  if (page.next !== undefined)
    nav.push({
      type: 'button',
      action_id: AUDIT_ACTIONS.older,
      text: plain(a.olderButton, LIMITS.buttonText),
      value: encodeAuditPageValue({ ...filter, before: page.next }),
    });
  const navBlock = nav.length > 0 ? actions(nav, AUDIT_BLOCKS.nav) : undefined;
  if (page.records.length === 0) {
    const empty = a.empty({ experimentId: query.experimentId, user, older: paged });
    return message(fallbackText([empty]), [section(empty, AUDIT_BLOCKS.summary), navBlock]);
  }
  const summary = a.summary({ shown: page.records.length, experimentId: query.experimentId, user });
  const rows: SectionBlock[] = page.records.map((record, i) => ({
    type: 'section',
    block_id: `${AUDIT_BLOCKS.rowPrefix}${i}`,
    text: mrkdwn(auditRow(record, messages)),
  }));
  return message(fallbackText([summary]), [
    { type: 'header', block_id: AUDIT_BLOCKS.header, text: plain(a.header, LIMITS.headerText) },
    section(summary, AUDIT_BLOCKS.summary),
    ...rows,
    context([a.retention({ days: input.retentionDays })], AUDIT_BLOCKS.footer),
    navBlock,
  ]);
}
