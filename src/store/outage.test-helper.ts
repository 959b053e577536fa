// Test-only: a real store that can be cut off and brought back, as a Redis client with no offline
// queue behaves while its server is away: every call rejects at once; nothing is lost or changed.
import type { Keyv } from 'keyv';
import type { Store } from './store-types.js';

export interface StoreWithOutage {
  store: Store;
  /** From now on every read and write rejects. */
  cut(): void;
  /** Calls go through again, to what the store held before. */
  restore(): void;
  /** Calls refused while cut, by the method's name (`keyv.set`, `conditional.swap`…). */
  refused: string[];
}

const KEYV_CALLS = new Set(['get', 'getMany', 'set', 'setMany', 'delete', 'deleteMany', 'has', 'clear']);

/** Wraps `store`: its Keyv instances, compare-and-set, claims, logs and lists stop while cut. */
export function withOutage(store: Store): StoreWithOutage {
  let down = false;
  const refused: string[] = [];
  const offline = (name: string) => {
    refused.push(name);
    const error = new Error('The client is offline');
    error.name = 'ClientOfflineError';
    return error;
  };
  const guard = <T extends object>(target: T, label: string, calls?: Set<string>): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value = Reflect.get(object, property, receiver);
        if (typeof value !== 'function' || typeof property !== 'string') return value;
        if (calls && !calls.has(property) && property !== 'iterator') return value.bind(object);
        return (...args: unknown[]) => {
          if (!down) return value.apply(object, args);
          if (property === 'iterator') return refusedIteration(offline(`${label}.iterator`));
          return Promise.reject(offline(`${label}.${property}`));
        };
      },
    });
  const keyvs = new Map<string, Keyv>();
  const wrapped: Store = {
    ...store,
    keyv(namespace) {
      let keyv = keyvs.get(namespace);
      if (!keyv) {
        keyv = guard(store.keyv(namespace), 'keyv', KEYV_CALLS);
        keyvs.set(namespace, keyv);
      }
      return keyv;
    },
    conditional: guard(store.conditional, 'conditional'),
    locks: guard(store.locks, 'locks'),
    logs: guard(store.logs, 'logs'),
    recent: guard(store.recent, 'recent'),
  };
  return {
    store: wrapped,
    cut: () => {
      down = true;
    },
    restore: () => {
      down = false;
    },
    refused,
  };
}

/** An iteration whose first step is refused, as a scan of a store that is away is. */
function refusedIteration(error: Error): AsyncIterableIterator<never> {
  const iteration: AsyncIterableIterator<never> = {
    next: () => Promise.reject(error),
    [Symbol.asyncIterator]: () => iteration,
  };
  return iteration;
}
