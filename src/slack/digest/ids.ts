/** Block ids of the digest and of the quiet-hours summary. */
export const DIGEST_BLOCKS = {
  title: 'exp_digest_title',
  /** Followed by the part's index. */
  part: 'exp_digest_part_',
  note: 'exp_digest_note',
  quietSummary: 'exp_quiet_summary',
  quietHeld: 'exp_quiet_held',
} as const;
