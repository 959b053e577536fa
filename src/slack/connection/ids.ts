import * as z from 'zod';

export const CONNECT_MODAL = {
  callbackId: 'exp_connect_modal',
  blocks: {
    intro: 'exp_connect_intro',
    scope: 'exp_connect_scope',
    baseUrl: 'exp_connect_base_url',
    token: 'exp_connect_token',
  },
  actions: {
    scope: 'exp_connect_scope_input',
    baseUrl: 'exp_connect_base_url_input',
    token: 'exp_connect_token_input',
  },
  /** The scope radio's values: the whole workspace, or the channel the command came from only. */
  scopes: { workspace: 'workspace', channel: 'channel' },
} as const;

export const CONNECTION_BLOCKS = { tokenInfo: 'exp_token_info', tokenWarning: 'exp_token_warning' } as const;

export const ConnectModalMetadata = z.strictObject({
  channelId: z.string().min(1).max(64),
  responseUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .optional(),
});
export type ConnectModalMetadata = z.infer<typeof ConnectModalMetadata>;
