import { randomBytes } from 'node:crypto';
import type { Keyv } from 'keyv';
import { z } from 'zod';
import { LIFECYCLE_ACTIONS } from './lifecycle-action.js';
import type { WorkspaceRef } from './workspace.js';

// What the app is about to send, written before the platform call and removed once its outcome is
// known. A process killed in between leaves the intent behind; a sweep (at start and every minute,
// on any replica) reports each one left too long as "outcome unknown", once across replicas.

export const Intent = z.object({
  v: z.literal(1),
  id: z.string().regex(/^[0-9a-f]{24}$/),
  teamId: z.string(),
  enterpriseId: z.string().optional(),
  action: z.enum(LIFECYCLE_ACTIONS),
  experimentId: z.int().positive(),
  actorId: z.string().max(64),
  channelId: z.string().max(64).optional(),
  at: z.string(),
  /** After this no process can still be waiting for the platform's answer (one attempt's timeout). */
  deadline: z.string(),
});
export type Intent = z.infer<typeof Intent>;

export interface IntentLog {
  /** Throws when the store cannot take it: the caller then sends nothing. */
  begin(
    input: Omit<Intent, 'v' | 'id' | 'at' | 'deadline' | 'teamId' | 'enterpriseId'> & {
      workspace: WorkspaceRef;
    },
  ): Promise<string>;
  /** Never throws: the outcome is known and told; at worst the sweep reports it as unknown too. */
  end(id: string): Promise<void>;
  /** Intents past their deadline: the process that wrote them is gone (no platform call outlives it). */
  orphans(): Promise<Intent[]>;
}

export function createIntentLog(options: {
  keyv: Keyv;
  now: () => Date;
  /** The longest a lifecycle call can take (one attempt: the console timeout), plus a margin. */
  inFlightMs: number;
  onError: (error: unknown) => void;
}): IntentLog {
  const { keyv } = options;
  return {
    async begin(input) {
      const id = randomBytes(12).toString('hex');
      const intent: Intent = {
        v: 1,
        id,
        teamId: input.workspace.teamId,
        ...(input.workspace.enterpriseId ? { enterpriseId: input.workspace.enterpriseId } : {}),
        action: input.action,
        experimentId: input.experimentId,
        actorId: input.actorId,
        ...(input.channelId ? { channelId: input.channelId } : {}),
        at: options.now().toISOString(),
        deadline: new Date(options.now().getTime() + options.inFlightMs).toISOString(),
      };
      if ((await keyv.set(id, intent)) === false) throw new Error('the store did not take the intent');
      return id;
    },
    async end(id) {
      try {
        await keyv.delete(id);
      } catch (error) {
        options.onError(error);
      }
    },
    async orphans() {
      if (!keyv.iterator) return [];
      const now = options.now().getTime();
      const found: Intent[] = [];
      for await (const [, value] of keyv.iterator(keyv.namespace)) {
        const parsed = Intent.safeParse(value);
        if (parsed.success && new Date(parsed.data.deadline).getTime() < now) found.push(parsed.data);
        // Bounded: a sweep reports at most this many; the next sweep takes the rest.
        if (found.length >= 200) break;
      }
      return found;
    },
  };
}
