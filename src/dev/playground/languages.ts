import type { PlaygroundLanguage } from './client/texts.js';

/**
 * Which language each person chose through the page (the switch beside "Acting as", or
 * `/exp language ru|en|auto` typed in the composer), per workspace: the switch shows it, and the
 * page's own texts follow it. The app keeps the choice itself; the page only remembers what it sent.
 */
export interface LanguageChoices {
  of(teamId: string, userId: string): PlaygroundLanguage;
  /** A slash command the page sends: a language choice for oneself is remembered. */
  heard(input: { teamId: string; userId: string; command: string | undefined; text: string }): void;
}

const OWN_CHOICE = /^\s*language\s+(ru|en|auto)\s*$/i;

export function createLanguageChoices(): LanguageChoices {
  const chosen = new Map<string, PlaygroundLanguage>();
  const key = (teamId: string, userId: string) => `${teamId}:${userId}`;
  return {
    of: (teamId, userId) => chosen.get(key(teamId, userId)) ?? 'auto',
    heard({ teamId, userId, command, text }) {
      const match = (command === undefined || command === '/exp') && OWN_CHOICE.exec(text);
      if (match) chosen.set(key(teamId, userId), (match[1]?.toLowerCase() ?? 'auto') as PlaygroundLanguage);
    },
  };
}
