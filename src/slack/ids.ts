// Ids shared across features: error replies and the loading modal. Each feature keeps its own ids
// in its folder's ids.ts, so builders and listeners cannot drift.

export const BLOCKS = {
  errorText: 'exp_error_text',
  errorQuote: 'exp_error_quote',
  loading: 'exp_loading',
} as const;

export const LOADING_MODAL = { callbackId: 'exp_loading_modal' } as const;
