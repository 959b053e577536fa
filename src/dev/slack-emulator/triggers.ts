import type { IdSource } from './ids.js';

export interface TriggerContext {
  userId: string;
  viewId?: string;
}

interface Trigger extends TriggerContext {
  expiresAt: number;
  used: boolean;
}

type TriggerCheck =
  | { ok: true; context: TriggerContext }
  | { ok: false; error: 'invalid_trigger_id' | 'expired_trigger_id' | 'exchanged_trigger_id' };

export interface TriggerStore {
  mint(context: TriggerContext): string;
  /** Checks without consuming, so a call rejected for another reason leaves the trigger usable. */
  check(triggerId: unknown): TriggerCheck;
  consume(triggerId: string): void;
  clear(): void;
}

// The guide calls these trigger_expired / trigger_exchanged while the views.* references list
// expired_trigger_id / exchanged_trigger_id / invalid_trigger_id; the emulator answers with the latter.
export function createTriggerStore(ids: IdSource, ttlMs: number): TriggerStore {
  const triggers = new Map<string, Trigger>();
  return {
    mint(context) {
      const id = ids.triggerId();
      triggers.set(id, { ...context, expiresAt: Date.now() + ttlMs, used: false });
      return id;
    },
    check(triggerId) {
      const trigger = typeof triggerId === 'string' ? triggers.get(triggerId) : undefined;
      if (!trigger) return { ok: false, error: 'invalid_trigger_id' };
      if (trigger.used) return { ok: false, error: 'exchanged_trigger_id' };
      if (Date.now() > trigger.expiresAt) return { ok: false, error: 'expired_trigger_id' };
      const context: TriggerContext = { userId: trigger.userId };
      if (trigger.viewId !== undefined) context.viewId = trigger.viewId;
      return { ok: true, context };
    },
    consume(triggerId) {
      const trigger = triggers.get(triggerId);
      if (trigger) trigger.used = true;
    },
    clear: () => triggers.clear(),
  };
}
