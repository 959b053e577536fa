/** Block ids of the digest and of the quiet-hours summary. */
export const DIGEST_BLOCKS = {
  title: 'exp_digest_title',
  /** Followed by the part's index. */
  part: 'exp_digest_part_',
  note: 'exp_digest_note',
  quietSummary: 'exp_quiet_summary',
  quietHeld: 'exp_quiet_held',
  nudge: 'exp_nudge',
  nudgeActions: 'exp_nudge_actions',
} as const;

/** Buttons of the running-long nudge (its Stop… is the lifecycle one). */
export const DIGEST_ACTIONS = { remind: 'exp_nudge_remind' } as const;

/** `experimentId:startedAt`, as nudgeKey writes it. */
export const NUDGE_KEY = /^\d{1,15}:\d{1,15}$/;
