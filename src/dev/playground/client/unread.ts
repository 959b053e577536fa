// Unread counts as Slack's sidebar shows them: messages that arrived in a channel since one last
// looked at it. What counts is what shows in the channel itself: not thread replies (unless also
// sent to the channel), not ephemeral notes, not one's own messages.
import type { MessageSummary, PageState } from './page-state.js';
import { session } from './session.js';

/** Whether ts `a` is later than ts `b`; as numbers they would lose the last digits. */
function tsAfter(a: string, b: string): boolean {
  const [aSec = '0', aFrac = ''] = a.split('.');
  const [bSec = '0', bFrac = ''] = b.split('.');
  if (aSec !== bSec) return Number(aSec) > Number(bSec);
  return aFrac.padEnd(6, '0') > bFrac.padEnd(6, '0');
}

function counts(message: MessageSummary, self: string): boolean {
  const inChannel =
    message.thread_ts === undefined ||
    message.thread_ts === message.ts ||
    message.subtype === 'thread_broadcast';
  return inChannel && !message.ephemeral && message.user !== self;
}

function newest(messages: readonly MessageSummary[]): string | undefined {
  let latest: string | undefined;
  for (const m of messages) if (latest === undefined || tsAfter(m.ts, latest)) latest = m.ts;
  return latest;
}

function marksFor(state: PageState): Map<string, string> {
  const key = `${state.self.teamId}/${state.self.userId}`;
  let marks = session.readMarks.get(key);
  if (!marks) {
    // The first state for this person: what was there before the page looked counts as read.
    marks = new Map();
    for (const [channelId, messages] of Object.entries(state.messages)) {
      const latest = newest(messages);
      if (latest !== undefined) marks.set(channelId, latest);
    }
    session.readMarks.set(key, marks);
  }
  return marks;
}

/** Marks the channel being viewed as read, then counts what is unread everywhere else. */
export function unreadCounts(state: PageState, viewing: string): Map<string, number> {
  const marks = marksFor(state);
  const latest = newest(state.messages[viewing] ?? []);
  if (latest !== undefined) marks.set(viewing, latest);
  const result = new Map<string, number>();
  for (const channel of state.channels) {
    const mark = marks.get(channel.id);
    const unread = (state.messages[channel.id] ?? []).filter(
      (m) => counts(m, state.self.userId) && (mark === undefined || tsAfter(m.ts, mark)),
    ).length;
    result.set(channel.id, unread);
  }
  return result;
}
