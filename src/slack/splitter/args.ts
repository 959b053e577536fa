import { parseParticipant, parsePlatform } from '../../splitter/parse-input.js';
import { KNOWN_PLATFORMS, type Participant } from '../../splitter/schemas.js';

export type SplitterArgs =
  | {
      ok: true;
      subject: string;
      platform: { id: number; name?: string | undefined };
      participant: Participant;
      warning?: string | undefined;
    }
  | { ok: false; error: string | undefined };

/**
 * `TAG|LABEL PLATFORM PARTICIPANT`: exactly three words; missing words are not an error text of their own.
 * ASSUMPTION (the app's, not the interface's, which types tag and experimentLabel as plain strings):
 * a tag or label is one word, because the command separates its arguments with spaces; one with a
 * space in it cannot be typed here. No length is set: the command's own bound keeps it small.
 */
export function parseSplitterArgs(args: readonly string[]): SplitterArgs {
  if (args.length < 3) return { ok: false, error: undefined };
  if (args.length > 3) return { ok: false, error: `Expected three words, got ${args.length}.` };
  const [subject = '', platformText = '', participantText = ''] = args;
  const platform = parsePlatform(platformText);
  if (!platform.ok) return { ok: false, error: platform.error };
  const participant = parseParticipant(participantText);
  if (!participant.ok) return { ok: false, error: participant.error };
  return {
    ok: true,
    subject,
    platform: { id: platform.platform.id, name: platform.name ?? KNOWN_PLATFORMS.get(platform.platform.id) },
    participant: participant.participant,
    warning: platform.warning,
  };
}
