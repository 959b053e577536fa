import { workspaceKey } from '../../core/workspace.js';
import { escapeMrkdwn, userMention } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { CommandContext } from '../command/command-context.js';
import type { SlackDeps } from '../deps.js';
import { isLocale, type Locale } from '../locale/locale.js';
import { type LocaleScope, speaking } from '../locale/scope.js';

/** `/exp language [workspace] [ru|en|auto]`, as parsed: no choice shows the languages in force. */
export interface LanguageRequest {
  kind: 'language';
  scope: 'self' | 'workspace';
  /** undefined: show; 'auto': forget the choice. */
  choice?: Locale | 'auto' | undefined;
  /** A word that is none of the choices, as typed (escaped before it is shown). */
  bad?: string | undefined;
}

export function parseLanguage(args: readonly string[]): LanguageRequest {
  const [first, second] = args.map((a) => a.toLowerCase());
  const scope = first === 'workspace' ? 'workspace' : 'self';
  const word = scope === 'workspace' ? second : first;
  if (word === undefined) return { kind: 'language', scope };
  if (word === 'auto' || isLocale(word)) return { kind: 'language', scope, choice: word };
  return { kind: 'language', scope, bad: word.slice(0, 40) };
}

/** Whether the request changes the workspace's default (an admin's), not only the person's own. */
export const changesWorkspace = (request: LanguageRequest): boolean =>
  request.scope === 'workspace' && request.choice !== undefined;

type RunLanguageDeps = Pick<SlackDeps, 'audit' | 'languages' | 'locale' | 'locales' | 'messages'>;

export async function runLanguage(
  ctx: CommandContext<RunLanguageDeps>,
  request: LanguageRequest,
): Promise<void> {
  const { deps, command } = ctx;
  await ctx.ack();
  if (request.bad !== undefined) {
    await ctx.replier.ephemeral(
      textMessage(deps.messages.identity.language.usage({ word: escapeMrkdwn(request.bad) })),
    );
    return;
  }
  if (request.choice === undefined) {
    await ctx.replier.ephemeral(textMessage(currentLanguage(deps)));
    return;
  }
  const locale = request.choice === 'auto' ? undefined : request.choice;
  if (request.scope === 'workspace') await deps.languages.setWorkspace(ctx.workspace, locale);
  else await deps.languages.setPerson(ctx.workspace, command.user_id, locale);
  await deps.audit.record(workspaceKey(ctx.workspace), {
    userId: command.user_id,
    action: request.scope === 'workspace' ? 'language-workspace' : 'language',
    channelId: command.channel_id,
    decision: 'allowed',
    outcome: request.choice,
  });
  // Said in the language the person now sees, which the change may have just made another.
  const now = await deps.locales.scopeOf({ workspace: ctx.workspace, userId: command.user_id }, ctx.client);
  const m = speaking(deps, now).messages.identity.language;
  const said =
    request.scope === 'workspace'
      ? locale === undefined
        ? currentLanguageOf(m, now)
        : m.setWorkspace({ locale, user: userMention(command.user_id) })
      : locale === undefined
        ? m.clearedSelf
        : m.setSelf({ locale });
  await ctx.replier.ephemeral(textMessage(said));
}

type LanguageTexts = SlackDeps['messages']['identity']['language'];

function currentLanguageOf(m: LanguageTexts, scope: LocaleScope) {
  return m.current({ locale: scope.person, source: scope.source ?? 'default', workspace: scope.workspace });
}

/** The languages of the request: the person's, where it comes from, the channels'. */
export function currentLanguage(deps: Pick<SlackDeps, 'locale' | 'messages'>) {
  return currentLanguageOf(deps.messages.identity.language, deps.locale);
}
