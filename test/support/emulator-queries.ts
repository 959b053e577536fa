import type { EmulatedMessage, SlackEmulator } from '../../src/dev/slack-emulator/types.js';
import { messageText } from './harness.js';

// The questions tests ask the Slack emulator ("did this person get a reply saying …?"), asked one
// way everywhere. Each waits for the answer on the emulator's own change events, so a test never
// sleeps to see a message; checks that something did NOT happen wait for the app to be idle instead.

/** A regular expression, or text the message must contain. */
export type TextPattern = RegExp | string;

const DEFAULT_TIMEOUT_MS = 8000;

const matches = (message: { text?: string; blocks?: unknown[] }, pattern: TextPattern): boolean =>
  typeof pattern === 'string' ? messageText(message).includes(pattern) : pattern.test(messageText(message));

/**
 * An experiment card's title in English: its name first and its id after once the app knows the
 * name ("*Onboarding tour* (#4)", the name perhaps a console link), "*Experiment 4*" before.
 */
export function cardTitle(experimentId: number): RegExp {
  return new RegExp(`\\* \\(#${experimentId}\\)|\\*(<[^|>]*\\|)?Experiment ${experimentId}>?\\*`);
}

export interface EmulatorQueryOptions {
  /** Where replies are looked for unless a query names another channel. */
  channel: string;
  timeoutMs?: number;
}

export interface EmulatorQueries {
  /** Waits for `pick` to return something, failing with `what` after the timeout. */
  until<T>(pick: () => T | undefined | false, what: string): Promise<T>;
  /** The first message only `user` sees that matches (the same one each time it is asked). */
  ephemeralTo(user: string, pattern: TextPattern, channel?: string): Promise<EmulatedMessage>;
  /** The next reply only `user` sees that matches: each reply is taken once, so asking again waits for a new one. */
  replyTo(user: string, pattern: TextPattern, channel?: string): Promise<EmulatedMessage>;
  /** The first message everyone in the channel sees that matches. */
  channelMessage(pattern: TextPattern, channel?: string): Promise<EmulatedMessage>;
  /** The next message, visible to all (or ephemeral), not taken yet: each is taken once. */
  nextIn(channel: string, pattern: TextPattern, opts?: { ephemeral?: boolean }): Promise<EmulatedMessage>;
  /**
   * The reply only `user` sees to what `send` does (a slash command): in its ack, or posted after it.
   * Messages already in the channel before `send` do not count.
   */
  replyToCommand(user: string, pattern: TextPattern, send: () => Promise<unknown>): Promise<EmulatedMessage>;
}

/**
 * Queries over the emulator a getter returns: tests start their harness in beforeAll, after the
 * queries are made at module level.
 */
export function emulatorQueries(
  emulator: () => SlackEmulator,
  options: EmulatorQueryOptions,
): EmulatorQueries {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const taken = new Set<string>();
  const until = <T>(pick: () => T | undefined | false, what: string) =>
    emulator().waitFor(pick, { timeoutMs, message: what });
  const messages = (channel: string) => emulator().messages(channel);
  const take = (channel: string, found: EmulatedMessage | undefined) => {
    if (found) taken.add(`${channel}:${found.ts}`);
    return found;
  };
  const isTaken = (channel: string, m: EmulatedMessage) => taken.has(`${channel}:${m.ts}`);
  const privateTo = (m: EmulatedMessage, user: string) => m.ephemeral === true && m.targetUserId === user;

  return {
    until,
    ephemeralTo: (user, pattern, channel = options.channel) =>
      until(
        () => messages(channel).find((m) => privateTo(m, user) && matches(m, pattern)),
        `no reply to ${user} in ${channel} matching ${pattern}`,
      ),
    replyTo: (user, pattern, channel = options.channel) =>
      until(
        () =>
          take(
            channel,
            messages(channel).find((m) => privateTo(m, user) && !isTaken(channel, m) && matches(m, pattern)),
          ),
        `no new reply to ${user} in ${channel} matching ${pattern}`,
      ),
    channelMessage: (pattern, channel = options.channel) =>
      until(
        () => messages(channel).find((m) => !m.ephemeral && matches(m, pattern)),
        `no channel message in ${channel} matching ${pattern}`,
      ),
    nextIn: (channel, pattern, opts = {}) =>
      until(
        () =>
          take(
            channel,
            messages(channel).find(
              (m) => !isTaken(channel, m) && m.ephemeral === (opts.ephemeral ?? false) && matches(m, pattern),
            ),
          ),
        `no new message in ${channel} matching ${pattern}`,
      ),
    async replyToCommand(user, pattern, send) {
      const channel = options.channel;
      const before = new Set(messages(channel).map((m) => m.ts));
      const res = (await send()) as { json?: unknown };
      const inAck = res.json as { text?: string; blocks?: unknown[] } | undefined;
      if (inAck && matches(inAck, pattern)) return { ...(inAck as object), ts: 'ack' } as EmulatedMessage;
      return until(
        () => messages(channel).find((m) => !before.has(m.ts) && privateTo(m, user) && matches(m, pattern)),
        `no reply to ${user} matching ${pattern}`,
      );
    },
  };
}
