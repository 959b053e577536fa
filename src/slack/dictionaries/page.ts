import type { HeaderBlock, KnownBlock } from '@slack/types';
import type { CachedDictionary } from '../../console/dictionaries/cache.js';
import type { DictionaryItem } from '../../console/dictionaries/normalise.js';
import type { ConsoleExperimentContextPredicatesRequest } from '../../console/schemas.js';
import { escapeMrkdwn, joinSafe, md, plain, type SafeText, safe, slackDate } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { actions, context, fallbackText, message, type SlackMessage, section } from '../blocks/message.js';
import { ECHO_MAX } from '../command/help-replies.js';
import type { Messages } from '../messages/index.js';
import { clipDictFilter, DICT_BLOCKS } from './ids.js';
import { filterItems, layoutOf, orderItems } from './items.js';
import { entryRenderer } from './lines.js';
import { dictNavButtons } from './nav-buttons.js';
import { operatorTexts } from './operators.js';
import { type PageBudget, packSections, paginate } from './paginate.js';
import { predicateArgumentWords } from './predicate-arguments.js';

/** Items per page when the caller does not say; pages with long entries hold fewer. */
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
/**
 * Item text per page. Well under 43 sections × 3000: a page stays readable, and clear of Slack's
 * undocumented total size of a message's blocks (chat.postMessage's msg_blocks_too_long).
 */
const PAGE_CHARS = 12_000;
/** Each of the operators and applicability sections. */
const EXTRA_MAX = 1000;
const WARNINGS_SHOWN = 3;
const WARNING_MAX = 200;
// header, summary, cache context, warnings, operators, applicability, navigation
const FIXED_BLOCKS = 7;

export interface DictPageInput {
  dictionary: CachedDictionary;
  filter?: string | undefined;
  /** 1-based; clamped into range, so a stale button after a refresh still shows a page. */
  page: number;
  pageSize?: number | undefined;
  /** The context-param-predicates body the dictionary was read with; the buttons carry it on. */
  body?: ConsoleExperimentContextPredicatesRequest | undefined;
  messages: Messages;
}

function pageSizeOf(size: number | undefined): number {
  if (size === undefined || !Number.isFinite(size)) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(Math.trunc(size), 1), MAX_PAGE_SIZE);
}

function warningsBlock(warnings: readonly string[], messages: Messages): KnownBlock | undefined {
  if (warnings.length === 0) return undefined;
  const detail = joinSafe(
    warnings.slice(0, WARNINGS_SHOWN).map((w) => safe(w, WARNING_MAX)),
    md`; `,
  );
  return context([messages.dict.warnings({ count: warnings.length, detail })], DICT_BLOCKS.warnings);
}

function extraBlocks(dictionary: CachedDictionary, messages: Messages): KnownBlock[] {
  const { extra } = dictionary;
  if (dictionary.name !== 'context-param-predicates' || extra === undefined) return [];
  const texts = operatorTexts(extra, EXTRA_MAX, messages);
  return [
    section(texts.operators, DICT_BLOCKS.operators),
    section(texts.applicability, DICT_BLOCKS.applicability),
  ];
}

/**
 * One page of a dictionary, filtered. Whatever the data, the message stays within Block Kit's
 * limits: entries are capped, pages are cut by their rendered size (dict-paginate.ts), and the
 * buttons carry at most 2000 characters.
 */
export function dictPageMessage(input: DictPageInput): SlackMessage {
  const { dictionary, messages } = input;
  const { name } = dictionary;
  const filter = clipDictFilter(input.filter);
  const shownFilter = filter === undefined ? undefined : safe(filter, ECHO_MAX);
  const layout = layoutOf(name, dictionary.items);
  const items = orderItems(name, layout, filterItems(dictionary.items, filter));
  const render = entryRenderer({ name, layout, messages });
  const budget: PageBudget<DictionaryItem> = {
    maxItems: pageSizeOf(input.pageSize),
    maxChars: PAGE_CHARS,
    maxSections: LIMITS.messageBlocks - FIXED_BLOCKS,
    sectionChars: LIMITS.sectionText,
    measure: (item, previous) => {
      const entry = render(item, previous);
      return { length: entry.text.length, opensSection: entry.opensSection };
    },
  };
  const page = paginate(items, input.page, budget);
  const entries = page.items.map((item, i) => render(item, page.items[i - 1]));

  const title = messages.dict.pageHeader({ name });
  const header: HeaderBlock = {
    type: 'header',
    block_id: DICT_BLOCKS.header,
    text: plain(title, LIMITS.headerText),
  };
  const summary =
    items.length === 0
      ? messages.dict.empty({ name, filter: shownFilter })
      : messages.dict.showing({
          from: page.offset + 1,
          to: page.offset + page.items.length,
          total: items.length,
          filter: shownFilter,
          page: page.page,
          pages: page.totalPages,
        });
  // The hint repeats the whole request (the context-param-predicates body, then the filter as
  // matched, not its shortened echo), so running it shows this very page fresh from the platform.
  const args = [...predicateArgumentWords(input.body), ...(filter === undefined ? [] : [filter])].join(' ');
  const cache: SafeText[] = [
    messages.dict.cachedAt({ date: slackDate(new Date(dictionary.fetchedAt)) }),
    messages.dict.refreshHint({ name, args: args === '' ? undefined : escapeMrkdwn(args) }),
  ];
  const scope = {
    experimentId: input.body?.experimentId ?? undefined,
    domainId: input.body?.domainId ?? undefined,
  };
  if (scope.experimentId !== undefined || scope.domainId !== undefined)
    cache.push(messages.dict.scopeNote(scope));
  const nav = dictNavButtons({
    name,
    filter,
    body: input.body,
    page: page.page,
    totalPages: page.totalPages,
    messages,
  });

  return message(fallbackText([escapeMrkdwn(title), summary]), [
    header,
    section(summary, DICT_BLOCKS.summary),
    context(cache, DICT_BLOCKS.cache),
    warningsBlock(dictionary.warnings, messages),
    ...packSections(entries, LIMITS.sectionText).map((text) => section(text)),
    ...extraBlocks(dictionary, messages),
    nav.length > 0 ? actions(nav, DICT_BLOCKS.nav) : undefined,
  ]);
}
