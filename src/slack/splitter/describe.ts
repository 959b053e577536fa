import type { Participant } from '../../splitter/schemas.js';
import { type SafeText, safe } from '../blocks/escape.js';
import type { Messages } from '../messages/index.js';

/** Tags, experiment labels and group labels as shown: escaped, and short enough to read. */
export const SPLITTER_LABEL_MAX = 200;
const VISITOR_ID_MAX = 100;
const PLATFORM_NAME_MAX = 40;

export interface PlatformInput {
  id: number;
  /** The name parsePlatform gave for a known id; absent for other ids. */
  name?: string | undefined;
}

export function platformText(platform: PlatformInput, messages: Messages): SafeText {
  const name = platform.name?.trim();
  return messages.splitter.platform({
    id: platform.id,
    name: name ? safe(name, PLATFORM_NAME_MAX) : undefined,
  });
}

export function participantText(participant: Participant, messages: Messages): SafeText {
  return messages.splitter.participant({
    userId: participant.userId,
    visitorId: participant.visitorId === undefined ? undefined : safe(participant.visitorId, VISITOR_ID_MAX),
  });
}
