import type { ContextParamStatus } from '../../console/schemas.js';
import type { DictionaryName } from '../../console/types.js';
import type { SafeText } from '../blocks/escape.js';

/** Texts of `/exp dict`. Dictionary labels, values, groups and filters arrive escaped. */
export interface DictMessages {
  /** One line per dictionary in the list. */
  descriptions: Record<DictionaryName, string>;
  /** ≤150 */
  listHeader: string;
  listIntro: SafeText;
  listLine(p: { name: DictionaryName; description: SafeText }): SafeText;
  listExamples: SafeText;
  listFallback(p: { names: SafeText }): SafeText;
  unknownName(p: { input: SafeText; suggestion: DictionaryName | undefined }): SafeText;
  /** ≤150 */
  pageHeader(p: { name: DictionaryName }): string;
  showing(p: {
    from: number;
    to: number;
    total: number;
    filter: SafeText | undefined;
    page: number;
    pages: number;
  }): SafeText;
  empty(p: { name: DictionaryName; filter: SafeText | undefined }): SafeText;
  cachedAt(p: { date: SafeText }): SafeText;
  /** args: the words after the name that give the same page (body arguments, then the filter). */
  refreshHint(p: { name: DictionaryName; args: SafeText | undefined }): SafeText;
  /** What context-param-predicates was read for (the request body's ids). */
  scopeNote(p: { experimentId: number | undefined; domainId: number | undefined }): SafeText;
  /** What the normaliser skipped or guessed; detail is the first few warnings. */
  warnings(p: { count: number; detail: SafeText }): SafeText;
  groupHeading(p: { group: SafeText }): SafeText;
  /** Heading of items without a group in a dictionary that has groups. */
  ungroupedHeading: SafeText;
  participantListHeadings: { allowed: SafeText; excluded: SafeText };
  /** Where a team sits when its parent is not the line above. */
  inGroup(p: { group: SafeText }): SafeText;
  /** What each ContextParamStatus means for segment filters. */
  paramStatus: Record<ContextParamStatus, SafeText>;
  paramStatusUnknown: SafeText;
  operatorsTitle: SafeText;
  applicabilityTitle: SafeText;
  /** predicates/predicateApplicability have no documented shape: they are shown as sent. */
  shapeNote: SafeText;
  notProvided: SafeText;
  /** Button labels, ≤75 (Slack may cut at ~30). */
  previous: string;
  next: string;
}
