import type { Identity } from '../../core/connections.js';
import type { PolicyAction } from '../../core/policy/policy.js';
import type { SafeText } from '../blocks/escape.js';
import type { LanguageSource, Locale } from '../locale/locale.js';

/** Whose platform token acts: `/exp login`, `/exp logout`, `/exp whoami`, and what they cause. */
export interface IdentityMessages {
  /** The policy wants the person's own token and they have none. Nothing was sent. */
  personalRequired(p: { action: PolicyAction }): SafeText;
  /** The person's own token was refused (403); their actions wait for a new one. Nothing was sent. */
  personalInvalid: SafeText;
  /** Who acts: "your own platform token", "#growth's connection", … */
  identityName(p: { identity: Identity; channel?: SafeText | undefined }): SafeText;
  /** Under `/exp token`, `/exp connect` and `/exp disconnect`: which connection it is about. */
  whichConnection(p: { name: SafeText }): SafeText;
  /** Where `/exp whoami` was asked: "in #growth", or "here" outside a channel. */
  whoamiWhere(p: { channel?: SafeText | undefined }): SafeText;
  whoamiHead(p: { where: SafeText; name: SafeText }): SafeText;
  /** "where" for the Home tab (no channel): outside team channels. */
  homeWhere: SafeText;
  whoamiNowhere(p: { where: SafeText }): SafeText;
  whoamiWhy(p: { identity: Identity }): SafeText;
  /** Facts about one connection: where, who connected it, when it expires. */
  whoamiConnection(p: {
    name: SafeText;
    baseUrl: SafeText;
    by?: SafeText | undefined;
    since?: SafeText | undefined;
    expires?: SafeText | undefined;
    invalid: boolean;
  }): SafeText;
  whoamiPersonalRequired(p: { actions: SafeText }): SafeText;
  login: {
    title: string;
    submit: string;
    intro(p: { baseUrl: SafeText; channel?: SafeText | undefined }): SafeText;
    tokenLabel: string;
    tokenHint: string;
    tokenPlaceholder: string;
    tokenRequired: string;
    tokenRejected: string;
    tokenLacksScope: string;
    unreachable: string;
    notAPlatform: string;
    noConnection: SafeText;
  };
  loggedIn(p: { expires?: SafeText | undefined }): SafeText;
  loggedOut: SafeText;
  notLoggedIn: SafeText;
  /** `/exp language`: which language the app speaks to the person, and to the workspace's channels. */
  language: LanguageMessages;
}

export interface LanguageMessages {
  /** Each language's name, written in the catalogue's language. */
  names: Record<Locale, string>;
  /** What the person sees and why; what channels get. Also a line of `/exp whoami`. */
  current(p: { locale: Locale; source: LanguageSource; workspace: Locale }): SafeText;
  /** Said in the language just chosen. */
  setSelf(p: { locale: Locale }): SafeText;
  /** `/exp language auto`: back to the workspace's default or the Slack locale. */
  clearedSelf: SafeText;
  setWorkspace(p: { locale: Locale; user: SafeText }): SafeText;
  adminOnly: SafeText;
  usage(p: { word: SafeText }): SafeText;
}
