import { Keyv } from 'keyv';
import { createMemoryLog } from './append-log.js';
import type { ReportError } from './error-log.js';
import { keyvJson } from './keyv-json.js';
import { createMemoryOnceGuard } from './memory-once-guard.js';
import { createMemoryRecentLists } from './recent-lists.js';
import type { Backend } from './store-types.js';

/** memory://: everything lives in this process and is lost on restart (tests, playground). */
export function openMemoryBackend(report: ReportError): Backend {
  // One Map per namespace: Keyv's store for it, and what the compare-and-set reads and writes.
  const mapOf = new Map<string, Map<string, unknown>>();
  const stored = (namespace: string, key: string): string | undefined => {
    const raw = mapOf.get(namespace)?.get(`${namespace}:${key}`);
    return typeof raw === 'string' ? raw : undefined;
  };
  const locks = createMemoryOnceGuard();
  const logs = createMemoryLog();
  const recent = createMemoryRecentLists();
  return {
    kind: 'memory',
    logs,
    recent,
    createKeyv(namespace) {
      const map = new Map<string, unknown>();
      mapOf.set(namespace, map);
      const keyv = new Keyv({ store: map, namespace, throwOnErrors: true, ...keyvJson });
      keyv.on('error', (error: unknown) => report(`memory:${namespace}`, error));
      return keyv;
    },
    conditional: {
      read: async (namespace, key) => stored(namespace, key),
      // One process and no await between the look and the write: nothing comes in between.
      async swap(namespace, key, expected, next) {
        const map = mapOf.get(namespace);
        if (!map || stored(namespace, key) !== expected) return false;
        if (next === undefined) map.delete(`${namespace}:${key}`);
        else map.set(`${namespace}:${key}`, next);
        return true;
      },
    },
    locks,
    requestsRemembered: () => locks.seenCount(),
    async cleanup() {
      // Keyv drops an expired entry only when it is read; unread ones would pile up for ever.
      const now = Date.now();
      for (const map of mapOf.values()) {
        for (const [key, raw] of map) if (expiresAt(raw) < now) map.delete(key);
      }
      locks.sweep();
    },
    async close() {
      for (const map of mapOf.values()) map.clear();
      logs.clear();
      recent.clear();
    },
  };
}

function expiresAt(raw: unknown): number {
  if (typeof raw !== 'string') return Number.POSITIVE_INFINITY;
  try {
    const expires: unknown = (JSON.parse(raw) as { expires?: unknown }).expires;
    return typeof expires === 'number' ? expires : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
