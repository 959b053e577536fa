/** `/exp help` and the replies to unknown or invalid commands. */
export const HELP_BLOCKS = {
  /** One section per task (a task too long for one goes on in `…_2`, `…_3`). */
  groups: {
    lookUp: 'exp_help_look_up',
    act: 'exp_help_act',
    automate: 'exp_help_automate',
    alerts: 'exp_help_alerts',
    administer: 'exp_help_administer',
  },
  examples: 'exp_help_examples',
  more: 'exp_help_more',
} as const;
