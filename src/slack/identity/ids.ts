import * as z from 'zod';

export const LOGIN_MODAL = {
  callbackId: 'exp_login_modal',
  blocks: { intro: 'exp_login_intro', token: 'exp_login_token' },
  actions: { token: 'exp_login_token_input' },
} as const;

export const WHOAMI_BLOCKS = { head: 'exp_whoami_head', facts: 'exp_whoami_facts' } as const;

export const LoginModalMetadata = z.strictObject({
  channelId: z.string().min(1).max(64),
  /** The platform the token is for: the team connection's, fixed when the modal opened. */
  baseUrl: z.url({ protocol: /^https?$/ }).max(2000),
});
export type LoginModalMetadata = z.infer<typeof LoginModalMetadata>;
