/** `/exp help` and the replies to unknown or invalid commands. */
export const HELP_BLOCKS = { help: 'exp_help', examples: 'exp_help_examples' } as const;
