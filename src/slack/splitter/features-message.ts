import type { PlatformWarning } from '../../splitter/parse-input.js';
import type { Feature, Participant } from '../../splitter/schemas.js';
import { type SafeText, safe } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { type PageBudget, packSections, paginate } from '../dictionaries/paginate.js';
import type { Messages } from '../messages/index.js';
import { platformWarningText } from './arg-problems.js';
import { type PlatformInput, participantText, platformText, SPLITTER_LABEL_MAX } from './describe.js';
import { SPLITTER_BLOCKS } from './ids.js';

/** More would not be read in chat; the rest is counted instead. */
const MAX_FEATURES_SHOWN = 200;
const FEATURES_CHARS = 12_000;
// title, "more not shown", platform warning
const FIXED_BLOCKS = 3;

export interface FeaturesInput {
  tag: string;
  platform: PlatformInput;
  participant: Participant;
  features: readonly Feature[];
  /** parsePlatform's warning for an id it does not know. */
  warning?: PlatformWarning | undefined;
  messages: Messages;
}

/** `/exp features`: each experiment with the group the participant gets in it. */
export function featuresMessage(input: FeaturesInput): SlackMessage {
  const { messages, features } = input;
  const s = messages.splitter;
  const about = {
    tag: safe(input.tag, SPLITTER_LABEL_MAX),
    platform: platformText(input.platform, messages),
    participant: participantText(input.participant, messages),
  };
  const warning = input.warning
    ? context(
        [s.warning({ text: platformWarningText(input.warning, messages) })],
        SPLITTER_BLOCKS.featuresWarning,
      )
    : undefined;
  if (features.length === 0) {
    const text = s.noFeatures(about);
    return message(fallbackText([text]), [section(text, SPLITTER_BLOCKS.features), warning]);
  }
  const lines = features.map((f) =>
    s.featureLine({
      experiment: safe(f.experimentLabel, SPLITTER_LABEL_MAX),
      group: safe(f.label, SPLITTER_LABEL_MAX),
    }),
  );
  const budget: PageBudget<SafeText> = {
    maxItems: MAX_FEATURES_SHOWN,
    maxChars: FEATURES_CHARS,
    maxSections: LIMITS.messageBlocks - FIXED_BLOCKS,
    sectionChars: LIMITS.sectionText,
    measure: (line) => ({ length: line.length, opensSection: false }),
  };
  const shown = paginate(lines, 1, budget).items;
  const hidden = lines.length - shown.length;
  const title = s.featuresTitle({ ...about, count: features.length });
  const sections = packSections(
    shown.map((text) => ({ text, opensSection: false })),
    LIMITS.sectionText,
  );
  return message(fallbackText([title, ...shown.slice(0, 20)]), [
    section(title, SPLITTER_BLOCKS.features),
    ...sections.map((text) => section(text)),
    hidden > 0 ? context([s.moreNotShown({ count: hidden })], SPLITTER_BLOCKS.featuresMore) : undefined,
    warning,
  ]);
}
