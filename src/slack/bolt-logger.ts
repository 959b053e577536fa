import { type Logger as BoltLogger, LogLevel } from '@slack/bolt';
import type { LogFields, Logger } from '../observability/logger.js';

/**
 * Bolt and the Web API client log variadic values; route them into our structured (and redacting)
 * logger. The first Error among them travels as `error`, so its stack, cause and code survive
 * instead of being flattened into the message. Nothing is built for a level that is off: the Web API
 * client logs at debug several times a call, and Bolt's own ConsoleLogger checks its level first too.
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
  const at =
    (name: 'debug' | 'info' | 'warn' | 'error') =>
    (...msg: unknown[]) => {
      if (logger.isLevelEnabled(name)) logger[name](...entry(msg));
    };
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
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
