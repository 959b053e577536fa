import { randomBytes } from 'node:crypto';
import type { Keyv } from 'keyv';
import * as z from 'zod';
import { type WorkspaceRef, workspaceKey } from '../workspace.js';
import { createEventClaims, type EventClaims } from './event-claims.js';

// Each workspace's inbound hook: a public id (in the URL) and a secret (signs the bodies). The
// secret is sealed at rest like platform tokens; after a rotation the old one keeps working for a
// grace period so senders can switch without losing events.

export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

interface HookSecrets {
  /** Seals a secret for storage (AES-GCM with the token encryption key); aad binds it to its hook. */
  seal(plain: string, aad: string): string;
  open(sealed: string, aad: string): string;
}

export interface WorkspaceHook {
  hookId: string;
  workspace: WorkspaceRef;
  secret: string;
  /** The secret before the last rotation, accepted until `until`. */
  previous?: { secret: string; until: string } | undefined;
  rotatedAt?: string | undefined;
  rotatedBy?: string | undefined;
}

export interface HookStore {
  /** The workspace's hook, created on first use (with the configured secret, if it names one). */
  ensure(workspace: WorkspaceRef): Promise<WorkspaceHook>;
  /** The hook a URL names, with its secrets; undefined when unknown (or unreadable). */
  byId(hookId: string): Promise<WorkspaceHook | undefined>;
  rotate(workspace: WorkspaceRef, by: string): Promise<WorkspaceHook>;
  /** The secrets that verify a body now: the current one, and the previous one within its grace. */
  secretsOf(hook: WorkspaceHook, now: Date): string[];
  clear(workspace: WorkspaceRef): Promise<void>;
  /** The event ids the hooks have taken (once per id, given back when an event could not be recorded). */
  events: EventClaims;
}

/**
 * LIFECYCLE_HOOK_SECRET: the secret the configured workspace's hook is created with. It only seeds
 * the hook: once stored, the hook's secret changes by `/exp hooks rotate` alone, so a restart never
 * brings back a secret an admin rotated away (see configured-secret.ts for the warning).
 */
interface ConfiguredHookSecret {
  secret: string;
  /** The configured workspace (single-workspace modes); undefined while it is not known. */
  workspace: () => Promise<WorkspaceRef | undefined>;
}

export interface HookStoreOptions {
  keyv: Keyv;
  secrets: HookSecrets;
  now: () => Date;
  /** The store's once-guard, for event ids. */
  claim: (key: string, ttlMs: number) => Promise<boolean>;
  configured?: ConfiguredHookSecret | undefined;
}

const Stored = z.object({
  v: z.literal(1),
  hookId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
  teamId: z.string(),
  enterpriseId: z.string().optional(),
  sealed: z.string(),
  previous: z.object({ sealed: z.string(), until: z.string() }).optional(),
  rotatedAt: z.string().optional(),
  rotatedBy: z.string().optional(),
});
type Stored = z.infer<typeof Stored>;

const newId = () => randomBytes(16).toString('base64url');
const newSecret = () => randomBytes(32).toString('base64url');
/** The additional data a hook's secret is sealed with: its hook id (a sealed secret cannot move). */
export const hookAad = (hookId: string) => `exp-chatops/hook/v1\n${hookId}`;
const aad = hookAad;

const HOOK_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export function createHookStore(options: HookStoreOptions): HookStore {
  const { keyv, secrets, configured } = options;
  const byWorkspace = (workspace: WorkspaceRef) => `ws:${workspaceKey(workspace)}`;
  const byHook = (hookId: string) => `id:${hookId}`;

  const read = async (key: string): Promise<Stored | undefined> => {
    const parsed = Stored.safeParse(await keyv.get(key));
    return parsed.success ? parsed.data : undefined;
  };
  const open = (stored: Stored): WorkspaceHook | undefined => {
    try {
      return {
        hookId: stored.hookId,
        workspace: { teamId: stored.teamId, enterpriseId: stored.enterpriseId },
        secret: secrets.open(stored.sealed, aad(stored.hookId)),
        previous: stored.previous
          ? { secret: secrets.open(stored.previous.sealed, aad(stored.hookId)), until: stored.previous.until }
          : undefined,
        rotatedAt: stored.rotatedAt,
        rotatedBy: stored.rotatedBy,
      };
    } catch {
      // Sealed with another key: unusable, so ensure() creates it afresh under the same id.
      return undefined;
    }
  };
  const write = async (stored: Stored) => {
    const workspace = { teamId: stored.teamId, enterpriseId: stored.enterpriseId };
    await keyv.set(byHook(stored.hookId), stored);
    await keyv.set(byWorkspace(workspace), stored);
  };
  const fresh = (workspace: WorkspaceRef, secret: string, hookId = newId()): Stored => ({
    v: 1,
    hookId,
    teamId: workspace.teamId,
    ...(workspace.enterpriseId ? { enterpriseId: workspace.enterpriseId } : {}),
    sealed: secrets.seal(secret, aad(hookId)),
  });
  const firstSecret = async (workspace: WorkspaceRef): Promise<string> => {
    const target = configured ? await configured.workspace() : undefined;
    return configured && target && workspaceKey(target) === workspaceKey(workspace)
      ? configured.secret
      : newSecret();
  };

  const store: HookStore = {
    async ensure(workspace) {
      const stored = await read(byWorkspace(workspace));
      const opened = stored ? open(stored) : undefined;
      if (opened) return opened;
      // The configured secret applies only to a hook never stored: one sealed with a lost key may
      // have been rotated away from that secret, which must not come back.
      const secret = stored ? newSecret() : await firstSecret(workspace);
      const created = fresh(workspace, secret, stored?.hookId);
      await write(created);
      return open(created) as WorkspaceHook;
    },
    async byId(hookId) {
      if (!HOOK_ID_PATTERN.test(hookId)) return undefined;
      const stored = await read(byHook(hookId));
      return stored ? open(stored) : undefined;
    },
    async rotate(workspace, by) {
      const current = await store.ensure(workspace);
      const now = options.now();
      const next: Stored = {
        ...fresh(workspace, newSecret(), current.hookId),
        previous: {
          sealed: secrets.seal(current.secret, aad(current.hookId)),
          until: new Date(now.getTime() + ROTATION_GRACE_MS).toISOString(),
        },
        rotatedAt: now.toISOString(),
        rotatedBy: by,
      };
      await write(next);
      return open(next) as WorkspaceHook;
    },
    secretsOf(hook, now) {
      const out = [hook.secret];
      if (hook.previous && new Date(hook.previous.until).getTime() > now.getTime())
        out.push(hook.previous.secret);
      return out;
    },
    async clear(workspace) {
      const stored = await read(byWorkspace(workspace));
      if (stored) await keyv.delete(byHook(stored.hookId));
      await keyv.delete(byWorkspace(workspace));
    },
    events: createEventClaims({ keyv, claim: options.claim }),
  };
  return store;
}
