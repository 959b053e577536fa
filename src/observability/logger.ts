import { redactSecrets } from './redact.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go; defaults to stdout. Tests pass a collector. */
  write?: (line: string) => void;
  base?: LogFields;
}

/**
 * One JSON object per line. Every line passes through redactSecrets so a token that slips into a
 * message or an error's text is masked before it reaches any sink.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const min = order[options.level ?? 'info'];
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const base = options.base ?? {};
  const emit = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (order[level] < min) return;
    const record = { time: new Date().toISOString(), level, msg, ...base, ...serialise(fields) };
    write(redactSecrets(JSON.stringify(record)));
  };
  return {
    debug: (m, f) => emit('debug', m, f),
    info: (m, f) => emit('info', m, f),
    warn: (m, f) => emit('warn', m, f),
    error: (m, f) => emit('error', m, f),
    child: (fields) => createLogger({ ...options, base: { ...base, ...fields } }),
  };
}

function serialise(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message } : value;
  }
  return out;
}

/** A logger that keeps its lines, for tests that assert what was (or was not) logged. */
export function createMemoryLogger(level: LogLevel = 'debug'): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger({ level, write: (l) => lines.push(l) }), { lines });
}
