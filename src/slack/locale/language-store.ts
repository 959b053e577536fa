import type { Keyv } from 'keyv';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import { isLocale, type Locale } from './locale.js';

/**
 * Who chose which language: a person for themselves (`/exp language ru`), an admin for the
 * workspace (`/exp language workspace ru`). Kept under the person's workspace key (":T1:U1"), as
 * their own platform token is, so both leave with the workspace's other records.
 */
export interface LanguageStore {
  /** The person's own choice and the workspace's default, in one look-up. */
  chosen(workspace: WorkspaceRef, userId: string | undefined): Promise<ChosenLanguages>;
  setPerson(workspace: WorkspaceRef, userId: string, locale: Locale | undefined): Promise<void>;
  setWorkspace(workspace: WorkspaceRef, locale: Locale | undefined): Promise<void>;
}

export interface ChosenLanguages {
  person?: Locale | undefined;
  workspace?: Locale | undefined;
}

const keyOf = (workspace: WorkspaceRef, userId?: string): string =>
  workspaceKey({ teamId: workspace.teamId, enterpriseId: workspace.enterpriseId, userId });

export function createLanguageStore(keyv: Keyv): LanguageStore {
  const asLocale = (value: unknown): Locale | undefined => (isLocale(value) ? value : undefined);
  const write = async (key: string, locale: Locale | undefined): Promise<void> => {
    if (locale === undefined) await keyv.delete(key);
    else if (!(await keyv.set(key, locale))) throw new Error('the language choice was not stored');
  };
  return {
    async chosen(workspace, userId) {
      // Every request reads these before its listeners run: one read for both (one MGET on Redis).
      if (userId === undefined) return { workspace: asLocale(await keyv.get(keyOf(workspace))) };
      const [person, fallback] = await keyv.getMany([keyOf(workspace, userId), keyOf(workspace)]);
      return { person: asLocale(person), workspace: asLocale(fallback) };
    },
    setPerson: (workspace, userId, locale) => write(keyOf(workspace, userId), locale),
    setWorkspace: (workspace, locale) => write(keyOf(workspace), locale),
  };
}
