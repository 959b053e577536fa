import { KNOWN_PLATFORMS, Participant } from './schemas.js';

// Pure parsers for what people type in chat (`features TAG PLATFORM PARTICIPANT`). They refuse bad
// input with a problem kind and what was typed, so nothing malformed ever reaches the splitter; the
// words for the person (in their language) are the caller's.

/** Why a platform word was refused; `input` is what was typed, trimmed and unescaped. */
export type PlatformProblem = { kind: 'no-platform' } | { kind: 'not-a-platform'; input: string };

/** An id the interface does not name: accepted, but what the splitter does with it is not shown. */
export type PlatformWarning = { kind: 'unknown-platform-id'; id: number };

export type ParsePlatformResult =
  | { ok: true; platform: { id: number }; name?: string; warning?: PlatformWarning }
  | { ok: false; problem: PlatformProblem };

/** Why a participant word was refused; `input` is what was typed, trimmed and unescaped. */
export type ParticipantProblem =
  | { kind: 'no-participant' }
  | { kind: 'not-a-user-id'; input: string }
  | { kind: 'empty-visitor-id' }
  | { kind: 'not-a-participant'; input: string }
  // The client's schema refused what the checks above let through. Its own issue texts are not
  // carried: they are zod's English, and a person can act on the kind alone.
  | { kind: 'invalid-participant' };

export type ParseParticipantResult =
  | { ok: true; participant: Participant }
  | { ok: false; problem: ParticipantProblem };

const PLATFORM_BY_NAME = new Map([...KNOWN_PLATFORMS].map(([id, name]) => [name.toLowerCase(), id]));

export function parsePlatform(text: string): ParsePlatformResult {
  const input = text.trim();
  if (input === '') return { ok: false, problem: { kind: 'no-platform' } };
  const byName = PLATFORM_BY_NAME.get(input.toLowerCase());
  if (byName !== undefined) return { ok: true, platform: { id: byName }, name: KNOWN_PLATFORMS.get(byName) };
  const id = parsePositiveInt(input);
  if (id === undefined) return { ok: false, problem: { kind: 'not-a-platform', input } };
  const name = KNOWN_PLATFORMS.get(id);
  if (name !== undefined) return { ok: true, platform: { id }, name };
  return { ok: true, platform: { id }, warning: { kind: 'unknown-platform-id', id } };
}

/**
 * ASSUMPTION (the app's, not the interface's): one participant word names one id, a user or a
 * visitor. The interface lets a Participant carry both userId and visitorId; the chat command names
 * one because a person asks about one user or one device, and which id the splitter prefers when
 * both are given is not shown. The client (schemas.ts) accepts both.
 */
export function parseParticipant(text: string): ParseParticipantResult {
  const input = text.trim();
  if (input === '') return { ok: false, problem: { kind: 'no-participant' } };

  const bare = parsePositiveInt(input);
  if (bare !== undefined) return participant({ userId: bare });

  const match = /^([A-Za-z]+):(.*)$/s.exec(input);
  const prefix = match?.[1]?.toLowerCase();
  const value = match?.[2]?.trim() ?? '';
  if (prefix === 'user') {
    const userId = parsePositiveInt(value);
    if (userId === undefined) return { ok: false, problem: { kind: 'not-a-user-id', input: value } };
    return participant({ userId });
  }
  if (prefix === 'visitor') {
    if (value === '') return { ok: false, problem: { kind: 'empty-visitor-id' } };
    // The interface sets no length for visitorId, so none is enforced here; the command's own
    // length bound (COMMAND_TEXT_MAX) keeps what reaches the splitter small.
    return participant({ visitorId: value });
  }
  return { ok: false, problem: { kind: 'not-a-participant', input } };
}

function participant(candidate: Participant): ParseParticipantResult {
  // Runs the same schema the client validates with, so the two can never disagree.
  const parsed = Participant.safeParse(candidate);
  if (parsed.success) return { ok: true, participant: parsed.data };
  return { ok: false, problem: { kind: 'invalid-participant' } };
}

function parsePositiveInt(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
