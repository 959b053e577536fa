import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { LogFields, Logger } from '../observability/logger.js';

/**
 * Bolt and the Web API client log variadic values; route them into our structured (and redacting)
 * logger. The first Error among them travels as `error`, so its stack, cause and code survive
 * instead of being flattened into the message.
 */
export function toBoltLogger(logger: Logger): BoltLogger {
  // Our logger filters by LOG_LEVEL; Bolt's level is only remembered because Bolt asks for it back.
  let level: LogLevel = LogLevel.INFO;
  const entry = (parts: unknown[]): [string, LogFields] => {
    const error = parts.find((p): p is Error => p instanceof Error);
    const text = parts
      .filter((p) => p !== error)
      .map((p) => (typeof p === 'string' ? p : safe(p)))
      .join(' ');
    const fields: LogFields = error ? { error } : {};
    return [text || (error ? `${error.name}: ${error.message}` : ''), fields];
  };
  return {
    debug: (...msg) => logger.debug(...entry(msg)),
    info: (...msg) => logger.info(...entry(msg)),
    warn: (...msg) => logger.warn(...entry(msg)),
    error: (...msg) => logger.error(...entry(msg)),
    setLevel: (l) => {
      level = l;
    },
    getLevel: () => level,
    // Every WebClient renames the one logger it is given (`web-api:WebClient:7`), so a name would only
    // tell which client was built last, not who logged: the caller's child bindings say where instead.
    setName: () => {},
  };
}

function safe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
