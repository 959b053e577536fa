import type { SplitterMethod } from '../../splitter/errors.js';
import type { SafeText } from '../blocks/escape.js';

/** Texts of `/exp features` and `/exp expose`. Tags, labels and ids arrive escaped. */
export interface SplitterMessages {
  platform(p: { id: number; name: SafeText | undefined }): SafeText;
  participant(p: { userId: number | undefined; visitorId: SafeText | undefined }): SafeText;
  featuresTitle(p: { count: number; tag: SafeText; platform: SafeText; participant: SafeText }): SafeText;
  featureLine(p: { experiment: SafeText; group: SafeText }): SafeText;
  noFeatures(p: { tag: SafeText; platform: SafeText; participant: SafeText }): SafeText;
  moreNotShown(p: { count: number }): SafeText;
  warning(p: { text: SafeText }): SafeText;
  /** A platform id the interface does not name; known: `1 Desktop, 4 iOS, …`. */
  unknownPlatformId(p: { id: number; known: SafeText }): SafeText;
  expose: {
    confirmText(p: { label: SafeText; platform: SafeText; participant: SafeText }): SafeText;
    statsWarning: SafeText;
    /** Button labels, ≤75 (Slack may cut at ~30). */
    confirmButton: string;
    cancelButton: string;
    done(p: {
      label: SafeText;
      platform: SafeText;
      participant: SafeText;
      user: SafeText | undefined;
    }): SafeText;
    cancelled(p: { label: SafeText | undefined }): SafeText;
    /** Label and participant do not fit in a button value: no confirmation can be offered. */
    tooLong: SafeText;
  };
  errors: {
    /** quoted: the error's message (the splitter's own words when it gave some) follows in a code block. */
    api(p: { method: SplitterMethod; status: number; kind: SafeText | undefined; quoted: boolean }): SafeText;
    timeout(p: { method: SplitterMethod; outcomeUnknown: boolean }): SafeText;
    connection(p: { method: SplitterMethod; outcomeUnknown: boolean; code: SafeText | undefined }): SafeText;
    response(p: { method: SplitterMethod; status: number }): SafeText;
    request(p: { method: SplitterMethod; issues: SafeText }): SafeText;
    unexpected(p: { method: SplitterMethod | undefined }): SafeText;
    /** No SPLITTER_URL is configured on this deployment. */
    notConfigured: SafeText;
  };
  usage: {
    features: SafeText;
    expose: SafeText;
    arguments: SafeText;
    featuresExample: SafeText;
    exposeExample: SafeText;
    problem(p: { error: SafeText }): SafeText;
    /** Why arguments were refused. input: what was typed, escaped and shortened; known: `1 Desktop, 4 iOS, …`. */
    problems: {
      wordCount(p: { count: number }): SafeText;
      noPlatform(p: { known: SafeText }): SafeText;
      notAPlatform(p: { input: SafeText; known: SafeText }): SafeText;
      noParticipant: SafeText;
      notAUserId(p: { input: SafeText }): SafeText;
      emptyVisitorId: SafeText;
      notAParticipant(p: { input: SafeText }): SafeText;
      /** The participant passed the word checks but not the splitter client's schema. */
      invalidParticipant: SafeText;
    };
  };
}
