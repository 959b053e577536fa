import type { SafeText } from '../blocks/escape.js';

export type TokenState = 'active' | 'invalid' | 'unreadable';

/** `/exp connect`, `/exp token` and `/exp disconnect`: the workspace's platform connection (admins). */
export interface ConnectionMessages {
  adminOnly: SafeText;
  connected(p: { user: SafeText; baseUrl: SafeText }): SafeText;
  disconnected(p: { user: SafeText }): SafeText;
  notConnected: SafeText;
  tokenHeader: string;
  labels: {
    baseUrl: SafeText;
    expires: SafeText;
    scopes: SafeText;
    state: SafeText;
    connectedBy: SafeText;
  };
  states: Record<TokenState, string>;
  expiresIn(p: { days: number; date: SafeText }): SafeText;
  expired(p: { date: SafeText }): SafeText;
  expiryUnknown: SafeText;
  scopesUnknown: SafeText;
  connectedBy(p: { user: SafeText | undefined; date: SafeText | undefined }): SafeText;
  expiringSoon(p: { days: number }): SafeText;
  expiredWarning: SafeText;
  /** The stored token cannot be decrypted with the configured keys. */
  unreadableWarning: SafeText;
  invalidWarning: SafeText;
  tokenNeverShown: SafeText;
  /** After connecting: the scopes the interface shows that the token's own claims do not list. */
  scopesLacking(p: { scopes: SafeText }): SafeText;
  /** After connecting a token that lists no scopes: what each kind of request needs. */
  scopesNotStated: SafeText;
}

/** The connect form (plain_text, never parsed, except the intro). */
export interface ConnectModalMessages {
  title: string;
  submit: string;
  intro: SafeText;
  /** The "for this workspace / this channel only" choice, offered in channels. */
  scopeLabel: string;
  scopeWorkspace: string;
  scopeWorkspaceHint: string;
  scopeChannel: string;
  scopeChannelHint: string;
  baseUrlLabel: string;
  baseUrlPlaceholder: string;
  baseUrlHint: string;
  tokenLabel: string;
  tokenPlaceholder: string;
  tokenHint: string;
  baseUrlInvalid: string;
  tokenRequired: string;
  tokenRejected: string;
  tokenLacksScope: string;
  unreachable: string;
  notAPlatform: string;
  /** The connect form is for admins; shown in place of it. */
}

/** Reminders about a platform token (the token-health job): to its owner, by DM, and to ops channels. */
export interface TokenHealthMessages {
  /** whose: which connection, in words; when: a date. */
  expiresSoon(p: { whose: SafeText; days: number; when: SafeText; fix: SafeText }): SafeText;
  expired(p: { whose: SafeText; fix: SafeText }): SafeText;
  refused(p: { whose: SafeText; fix: SafeText }): SafeText;
  workspaceToken(p: { host: SafeText; by: SafeText | undefined }): SafeText;
  channelToken(p: { channel: SafeText; host: SafeText; by: SafeText | undefined }): SafeText;
  configuredToken(p: { host: SafeText }): SafeText;
  personalToken: SafeText;
  fixWorkspace: SafeText;
  fixConfigured: SafeText;
  fixPersonal: SafeText;
}
