import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { Logger } from '../observability/logger.js';

/** Bolt logs variadic values; route them into our structured (and redacting) logger. */
export function toBoltLogger(logger: Logger): BoltLogger {
  let level: LogLevel = LogLevel.INFO;
  let name = 'bolt';
  const format = (parts: unknown[]) =>
    parts
      .map((p) => (p instanceof Error ? `${p.name}: ${p.message}` : typeof p === 'string' ? p : safe(p)))
      .join(' ');
  return {
    debug: (...msg) => logger.debug(format(msg), { component: name }),
    info: (...msg) => logger.info(format(msg), { component: name }),
    warn: (...msg) => logger.warn(format(msg), { component: name }),
    error: (...msg) => logger.error(format(msg), { component: name }),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    setName: (n) => {
      name = n;
    },
  };
}

function safe(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
