import type { Logger } from '../../observability/logger.js';
import type { DictionaryName } from '../types.js';

/** The caller's time budget ran out before the dictionary was available. */
export class DictionaryBudgetExceededError extends Error {
  readonly kind = 'dictionary_budget_exceeded';
  readonly scope: string;
  readonly dictionary: DictionaryName;
  readonly budgetMs: number;

  constructor(scope: string, dictionary: DictionaryName, budgetMs: number) {
    super(`Dictionary ${dictionary} was not available within ${budgetMs} ms`);
    this.name = 'DictionaryBudgetExceededError';
    this.scope = scope;
    this.dictionary = dictionary;
    this.budgetMs = budgetMs;
  }
}

/**
 * Resolves with `work` if it settles within the budget, else rejects with a
 * DictionaryBudgetExceededError (made only then: most reads settle in time, and an Error's stack
 * trace costs more than the read); `work` keeps running (it fills the cache when it ends) and its
 * eventual failure is logged here, never left unhandled.
 */
export async function withinBudget<T>(
  work: Promise<T>,
  budget: { scope: string; dictionary: DictionaryName; budgetMs: number },
  logger: Logger | undefined,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let timeoutError: DictionaryBudgetExceededError | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        timeoutError = new DictionaryBudgetExceededError(budget.scope, budget.dictionary, budget.budgetMs);
        reject(timeoutError);
      },
      Math.max(0, budget.budgetMs),
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    if (timeoutError !== undefined && error === timeoutError) {
      work.catch((late: unknown) => {
        logger?.warn('dictionary fetch failed after its budget ran out', {
          dictionary: budget.dictionary,
          error: late,
        });
      });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
