import type { IntentLog } from '../intents.js';
import type { LifecycleOutcome } from '../run-action.js';

/**
 * One action's intent once the platform has answered: marked "telling" before the outcome is told,
 * ended right after. Ended before alerts and reminders: a process killed after telling but before
 * the end would otherwise also be reported as "outcome unknown" by the sweep
 * (test/durability.test.ts). The gap left is between the surface's answer and the store's delete.
 */
export interface ToldIntent {
  /**
   * The platform has answered: the "telling" mark is written from here, alongside what the action
   * records of the answer, instead of after it (a commit or a round trip fewer before the reply).
   */
  answered: IntentAnswered;
  /** Marks the intent "telling" for an outcome the platform gave (waits for the mark `answered` began). */
  telling(outcome: LifecycleOutcome): Promise<void>;
  /** Ends the intent once; later calls do nothing. Held (see `toldIntent`), it waits for `release`. */
  end(): Promise<void>;
  /** Ends a held intent (once its stored request's end is written); later calls do nothing. */
  release(): Promise<void>;
}

type IntentAnswered = (intent: string | undefined, outcome: 'done' | 'not-done') => void;

/**
 * `held`: the run is of a stored request, whose end the caller writes after this flow; the intent
 * stays until `release` (after that write). Ended before it, a process killed between the two would
 * leave a running request with no intent, which the due pass ends as outcome unknown, after its
 * people were told it was done.
 */
export function toldIntent(intents: Pick<IntentLog, 'telling' | 'end'>, held = false): ToldIntent {
  let id: string | undefined;
  let marking: Promise<void> | undefined;
  const endNow = async () => {
    const ending = id;
    if (ending === undefined) return;
    id = undefined;
    await intents.end(ending);
  };
  return {
    answered(intent, outcome) {
      if (intent === undefined || marking) return;
      // Kept before the write: whatever happens next, the outcome is known and the intent must go.
      id = intent;
      marking = intents.telling(intent, outcome);
    },
    async telling(outcome) {
      if (outcome.kind !== 'done' && outcome.kind !== 'conflict' && outcome.kind !== 'failed') return;
      if (marking) return await marking;
      id = outcome.intent;
      if (id !== undefined) await intents.telling(id, outcome.kind === 'done' ? 'done' : 'not-done');
    },
    async end() {
      if (!held) await endNow();
    },
    release: endNow,
  };
}
