import * as z from 'zod';
import { ExperimentId } from '../../console/schemas.js';
import { decodeButton, encodeButton } from '../payload.js';

/** An experiment card: `/exp show`, the parent message of an experiment's thread, an unfurl. */
export const CARD_BLOCKS = {
  /** A reply in the experiment's thread: one event, no buttons (the parent has the current ones). */
  event: 'exp_card_event',
  headline: 'exp_card_headline',
  title: 'exp_card_title',
  history: 'exp_card_history',
  hint: 'exp_card_hint',
  note: 'exp_card_note',
  actions: 'exp_card_actions',
} as const;

/** `/exp list`: one section per experiment (each with its Show button), then paging. */
export const LIST_BLOCKS = {
  header: 'exp_list_header',
  summary: 'exp_list_summary',
  /** `exp_list_item_0`, `_1`…: a block per line so each Show button is alone in its block. */
  itemPrefix: 'exp_list_item_',
  note: 'exp_list_note',
  nav: 'exp_list_nav',
} as const;

export const EXPERIMENT_ACTIONS = {
  show: 'exp_show',
  listPrev: 'exp_list_prev',
  listNext: 'exp_list_next',
} as const;

export const ShowButtonValue = z.strictObject({ experimentId: ExperimentId });
export type ShowButtonValue = z.infer<typeof ShowButtonValue>;

/** Longest `/exp list` filter kept (the same cut for the page and its buttons). */
export const LIST_FILTER_MAX = 100;

export const ListPageValue = z.strictObject({
  filter: z.string().min(1).max(LIST_FILTER_MAX).optional(),
  page: z.int().min(1).max(10_000),
});
export type ListPageValue = z.infer<typeof ListPageValue>;

export const encodeShowValue = (value: ShowButtonValue) => encodeButton(ShowButtonValue, value);
export const decodeShowValue = (text: string) => decodeButton(ShowButtonValue, text);
export const encodeListPageValue = (value: ListPageValue) => encodeButton(ListPageValue, value);
export const decodeListPageValue = (text: string) => decodeButton(ListPageValue, text);
