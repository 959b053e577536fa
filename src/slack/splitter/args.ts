import {
  type ParticipantProblem,
  type PlatformProblem,
  type PlatformWarning,
  parseParticipant,
  parsePlatform,
} from '../../splitter/parse-input.js';
import { KNOWN_PLATFORMS, type Participant } from '../../splitter/schemas.js';

/** Why the arguments were refused; rendered in the person's language by usage.ts. */
export type SplitterArgsProblem =
  | { kind: 'word-count'; count: number }
  | PlatformProblem
  | ParticipantProblem;

export type SplitterArgs =
  | {
      ok: true;
      subject: string;
      platform: { id: number; name?: string | undefined };
      participant: Participant;
      warning?: PlatformWarning | undefined;
    }
  | { ok: false; problem: SplitterArgsProblem | undefined };

/**
 * `TAG|LABEL PLATFORM PARTICIPANT`: exactly three words; missing words are not a problem of their own.
 * ASSUMPTION (the app's, not the interface's, which types tag and experimentLabel as plain strings):
 * a tag or label is one word, because the command separates its arguments with spaces; one with a
 * space in it cannot be typed here. No length is set: the command's own bound keeps it small.
 */
export function parseSplitterArgs(args: readonly string[]): SplitterArgs {
  if (args.length < 3) return { ok: false, problem: undefined };
  if (args.length > 3) return { ok: false, problem: { kind: 'word-count', count: args.length } };
  const [subject = '', platformText = '', participantText = ''] = args;
  const platform = parsePlatform(platformText);
  if (!platform.ok) return { ok: false, problem: platform.problem };
  const participant = parseParticipant(participantText);
  if (!participant.ok) return { ok: false, problem: participant.problem };
  return {
    ok: true,
    subject,
    platform: { id: platform.platform.id, name: platform.name ?? KNOWN_PLATFORMS.get(platform.platform.id) },
    participant: participant.participant,
    warning: platform.warning,
  };
}
