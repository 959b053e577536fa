import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import { ContextParamStatus } from '../../console/schemas.js';
import type { DictionaryName } from '../../console/types.js';
import { code, joinSafe, md, type SafeText, safe } from '../blocks/escape.js';
import { labelText } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { type DictLayout, participantListSide } from './items.js';
import type { PackedEntry } from './paginate.js';

// Caps on each part of an entry: whatever the platform sends, one entry stays far below a
// section's 3000 characters, which is what lets the pager treat every item as placeable.
const LABEL_MAX = 200;
const VALUE_MAX = 200;
const STATUS_MAX = 40;
const DESCRIPTION_MAX = 150;
const GROUP_MAX = 150;
const MAX_INDENT = 8;
// Slack trims leading ASCII spaces of a line; em spaces survive, so they carry the tree depth.
const INDENT = '\u2003';
const GROUP_SEPARATOR = ' / ';

const PARAM_STATUSES: readonly string[] = ContextParamStatus.options;

export type EntryRenderer = (item: DictionaryItem, previous: DictionaryItem | undefined) => PackedEntry;

/** Label and value, or just the value when the platform gave no separate label. */
function mainText(item: DictionaryItem): SafeText {
  const value = String(item.value);
  return item.label === value
    ? code(value, VALUE_MAX)
    : md`${safe(item.label, LABEL_MAX)} — ${code(value, VALUE_MAX)}`;
}

/** "Active: available for filtering"; a status the interface does not name stays as sent, in code. */
function paramStatusText(status: string | undefined, messages: Messages): SafeText {
  if (status === undefined) return messages.dict.paramStatusUnknown;
  if (!PARAM_STATUSES.includes(status))
    return md`${code(status, STATUS_MAX)}: ${messages.dict.paramStatusUnknown}`;
  const known = status as ContextParamStatus;
  return md`${labelText(messages.labels.paramStatuses, known)}: ${messages.dict.paramStatus[known]}`;
}

function pathOf(item: DictionaryItem): string {
  return item.group === undefined ? item.label : `${item.group}${GROUP_SEPARATOR}${item.label}`;
}

function depthOf(item: DictionaryItem): number {
  return item.group === undefined ? 0 : item.group.split(GROUP_SEPARATOR).length;
}

/** A team's parent is visible when the line above is its sibling or its parent. */
function parentVisible(item: DictionaryItem, previous: DictionaryItem | undefined): boolean {
  if (item.group === undefined) return true;
  return previous !== undefined && (previous.group === item.group || pathOf(previous) === item.group);
}

function groupHeading(name: DictionaryName, group: string | undefined, messages: Messages): SafeText {
  const side = name === 'participant-lists' ? participantListSide(group) : undefined;
  if (side !== undefined) return messages.dict.participantListHeadings[side];
  if (group === undefined) return messages.dict.ungroupedHeading;
  return messages.dict.groupHeading({ group: safe(group, GROUP_MAX) });
}

/** Renders one item as its page line, given the item above it on the same page. */
export function entryRenderer(input: {
  name: DictionaryName;
  layout: DictLayout;
  messages: Messages;
}): EntryRenderer {
  const { name, layout, messages } = input;
  return (item, previous) => {
    const parts: SafeText[] = [mainText(item)];
    if (layout === 'params') parts.push(paramStatusText(item.status, messages));
    else if (item.status !== undefined) parts.push(code(item.status, STATUS_MAX));
    if (item.description !== undefined) parts.push(safe(item.description, DESCRIPTION_MAX));
    if (layout === 'tree' && !parentVisible(item, previous)) {
      parts.push(messages.dict.inGroup({ group: safe(item.group ?? '', GROUP_MAX) }));
    }
    const indent = layout === 'tree' ? INDENT.repeat(Math.min(depthOf(item), MAX_INDENT)) : '';
    const line = md`${indent as SafeText}• ${joinSafe(parts, md` · `)}`;
    if (layout !== 'grouped') return { text: line, opensSection: false };
    if (previous !== undefined && previous.group === item.group) return { text: line, opensSection: false };
    return { text: md`${groupHeading(name, item.group, messages)}\n${line}`, opensSection: true };
  };
}
