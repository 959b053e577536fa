import { EMULATOR_DEFAULTS } from '../../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage, SlackEmulator } from '../../src/dev/slack-emulator/types.js';
import { messageText } from './harness.js';
import { dmOf } from './requests.js';

// What a requester was told of one request in test/request-concurrency.test.ts, read from the
// emulator. Each request there acts on an experiment of its own, so every message naming
// `experiment *N*` (or `*Name* (#N)` once the app knows its name) is about that request alone; each
// message is counted once, whatever it repeats.

const CHANNEL = EMULATOR_DEFAULTS.channelId;

/** How a request ended, as its requester heard it. */
export type Told =
  /** The platform did it: the result line in the channel. */
  | 'done'
  /** Refused with nothing done: the store was away ("try again"), or too many actions at once. */
  | 'unavailable'
  | 'busy'
  /** Cut by a killed process after it was sent: whether it reached the platform is unknown. */
  | 'unknown'
  /** Cut by a killed process before anything was sent. */
  | 'not-sent'
  | 'rejected'
  /** Taken back by its requester (the answer to their `/exp unschedule`). */
  | 'cancelled'
  /** Decided again when it was to run, and refused: nothing was sent. */
  | 'not-run';

/** First lines that end a request, by what they tell, and where each is looked for. */
const ENDINGS: { told: Told; where: 'channel' | 'reply' | 'dm' | 'reply-or-dm'; pattern: RegExp }[] = [
  {
    told: 'done',
    where: 'channel',
    pattern: /^<@U0MEMBER1> (started|stopped|archived) experiment \*([^*]+\* \(#\d+\)|\d+\*)/,
  },
  // Killed while telling it: said again by the sweep, as possibly a repeat (counted once with the first).
  { told: 'done', where: 'channel', pattern: /^:information_source: .* was applied by the platform/ },
  { told: 'unknown', where: 'dm', pattern: /^The platform did not answer in time/ },
  { told: 'unavailable', where: 'reply', pattern: /cannot reach its own store/ },
  { told: 'unavailable', where: 'dm', pattern: /cannot reach its own store/ },
  { told: 'busy', where: 'reply', pattern: /^Too many actions are in progress/ },
  { told: 'unknown', where: 'channel', pattern: /^:warning: The app stopped while it was sending/ },
  { told: 'unknown', where: 'dm', pattern: /^:warning: The app stopped while it was running your request/ },
  { told: 'not-sent', where: 'channel', pattern: /^:warning: The app stopped after acknowledging/ },
  { told: 'rejected', where: 'dm', pattern: /rejected your request to/ },
  { told: 'cancelled', where: 'reply', pattern: /^:wastebasket: <@U0MEMBER1> cancelled \*/ },
  { told: 'not-run', where: 'dm', pattern: /did not run/ },
];

export interface Tells {
  /** Each kind of ending told, with how many messages told it. */
  endings: Map<Told, number>;
  /** The approver's "approved your request…; it ran" direct messages. */
  approvedRan: number;
  /** Every message naming the experiment, for a failure's report. */
  lines: string[];
}

/** A reply in a thread (its result is also said in the channel itself, where it is counted). */
const isReply = (m: EmulatedMessage) =>
  m.thread_ts !== undefined && m.thread_ts !== m.ts && m.subtype !== 'thread_broadcast';

/**
 * `acks`: what the person saw in the acks of their commands for this request (a refusal made before
 * the command was read, for a claim the store could not make, names no experiment).
 */
export function tellsOf(
  emulator: SlackEmulator,
  experimentId: number,
  requester: string,
  acks: readonly string[] = [],
): Tells {
  const names = (m: EmulatedMessage) =>
    messageText(m).includes(`experiment *${experimentId}*`) || messageText(m).includes(`(#${experimentId})`);
  const channel = emulator.messages(CHANNEL).filter(names);
  const dm = emulator.messages(dmOf(requester)).filter(names);
  const endings = new Map<Told, number>();
  // Said again by the due pass for a replica that died telling it, marked as a possible repeat:
  // the same telling as the first, when the first was said.
  const again = new Map<Told, number>();
  const retold = (m: EmulatedMessage) => /restarted while telling this/.test(messageText(m));
  const count = (told: Told, m?: EmulatedMessage) => {
    const into = m && retold(m) ? again : endings;
    into.set(told, (into.get(told) ?? 0) + 1);
  };
  for (const m of channel) {
    const first = (m.text ?? messageText(m)).trim();
    const ending = ENDINGS.find(
      (e) =>
        e.pattern.test(first) &&
        (e.where === 'channel' ? !m.ephemeral && !isReply(m) : m.ephemeral && m.targetUserId === requester) &&
        e.where !== 'dm',
    );
    if (ending) count(ending.told, m);
  }
  for (const m of dm) {
    const first = (m.text ?? messageText(m)).trim();
    const ending = ENDINGS.find((e) => e.where === 'dm' && e.pattern.test(first));
    if (ending) count(ending.told, m);
  }
  for (const text of acks) {
    const ending = ENDINGS.find((e) => e.where === 'reply' && e.pattern.test(text.trim()));
    if (ending && !text.includes(`experiment *${experimentId}*`)) count(ending.told);
  }
  for (const [told, times] of again) if (!endings.has(told)) endings.set(told, times);
  // Taken back by its requester, whose answer was lost with the replica that gave it: its message
  // says so (an approval's), or the channel's line that it was cancelled (a schedule's, told by
  // the due pass when the replica died before telling).
  if (
    endings.size === 0 &&
    channel.some(
      (m) =>
        !m.ephemeral &&
        /^:wastebasket: (Taken back by <@U0MEMBER1>|<@U0MEMBER1> cancelled \*)/.test(m.text ?? ''),
    )
  )
    count('cancelled');
  // The sweep's "this may repeat an earlier message" after the result line is the same telling.
  const repeats = channel.filter((m) =>
    /^:information_source: .* may repeat an earlier message/.test(m.text ?? ''),
  );
  const done = endings.get('done') ?? 0;
  if (repeats.length === 1 && done === 2) endings.set('done', 1);
  const approvedRan = dm.filter((m) =>
    /approved your request to .*; it ran as you asked/.test(m.text ?? ''),
  ).length;
  const line = (where: string) => (m: EmulatedMessage) =>
    `${where}${m.ephemeral ? ' (only them)' : ''}${m.thread_ts ? ' (thread)' : ''}: ${(m.text ?? messageText(m)).slice(0, 160).replace(/\n/g, ' | ')}`;
  return { endings, approvedRan, lines: [...channel.map(line('channel')), ...dm.map(line('dm'))] };
}
