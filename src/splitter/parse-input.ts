import { KNOWN_PLATFORMS, Participant } from './schemas.js';

// Pure parsers for what people type in chat (`features TAG PLATFORM PARTICIPANT`). They refuse bad
// input with a sentence meant for the person, so nothing malformed ever reaches the splitter.

export type ParsePlatformResult =
  | { ok: true; platform: { id: number }; name?: string; warning?: string }
  | { ok: false; error: string };

export type ParseParticipantResult = { ok: true; participant: Participant } | { ok: false; error: string };

const KNOWN_LIST = [...KNOWN_PLATFORMS].map(([id, name]) => `${id} ${name}`).join(', ');

const PLATFORM_BY_NAME = new Map([...KNOWN_PLATFORMS].map(([id, name]) => [name.toLowerCase(), id]));

export function parsePlatform(text: string): ParsePlatformResult {
  const input = text.trim();
  if (input === '') return { ok: false, error: `Give a platform: ${KNOWN_LIST}.` };
  const byName = PLATFORM_BY_NAME.get(input.toLowerCase());
  if (byName !== undefined) return { ok: true, platform: { id: byName }, name: KNOWN_PLATFORMS.get(byName) };
  const id = parsePositiveInt(input);
  if (id === undefined) {
    return { ok: false, error: `${quote(input)} is not a platform. Use a name or id: ${KNOWN_LIST}.` };
  }
  const name = KNOWN_PLATFORMS.get(id);
  if (name !== undefined) return { ok: true, platform: { id }, name };
  return {
    ok: true,
    platform: { id },
    warning: `Platform id ${id} is not one of ${KNOWN_LIST}; behaviour for other ids is not shown by the platform.`,
  };
}

/**
 * ASSUMPTION (the app's, not the interface's): one participant word names one id, a user or a
 * visitor. The interface lets a Participant carry both userId and visitorId; the chat command names
 * one because a person asks about one user or one device, and which id the splitter prefers when
 * both are given is not shown. The client (schemas.ts) accepts both.
 */
export function parseParticipant(text: string): ParseParticipantResult {
  const input = text.trim();
  const usage = 'Use user:ID (a positive integer), visitor:ID, or a bare user id.';
  if (input === '') return { ok: false, error: `Give a participant. ${usage}` };

  const bare = parsePositiveInt(input);
  if (bare !== undefined) return participant({ userId: bare });

  const match = /^([A-Za-z]+):(.*)$/s.exec(input);
  const prefix = match?.[1]?.toLowerCase();
  const value = match?.[2]?.trim() ?? '';
  if (prefix === 'user') {
    const userId = parsePositiveInt(value);
    if (userId === undefined) return { ok: false, error: `${quote(value)} is not a user id. ${usage}` };
    return participant({ userId });
  }
  if (prefix === 'visitor') {
    if (value === '') return { ok: false, error: `The visitor id is empty. ${usage}` };
    // The interface sets no length for visitorId, so none is enforced here; the command's own
    // length bound (COMMAND_TEXT_MAX) keeps what reaches the splitter small.
    return participant({ visitorId: value });
  }
  return { ok: false, error: `${quote(input)} is not a participant. ${usage}` };
}

function participant(candidate: Participant): ParseParticipantResult {
  // Runs the same schema the client validates with, so the two can never disagree.
  const parsed = Participant.safeParse(candidate);
  if (parsed.success) return { ok: true, participant: parsed.data };
  return { ok: false, error: parsed.error.issues.map((i) => i.message).join('; ') };
}

function parsePositiveInt(text: string): number | undefined {
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

// Echoed input is shortened so a pasted paragraph does not become the reply; escaping for Slack is
// the caller's job, as for all user text.
function quote(text: string): string {
  return `"${text.length > 40 ? `${text.slice(0, 40)}…` : text}"`;
}
