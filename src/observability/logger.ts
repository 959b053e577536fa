import { type Logger as PinoLogger, pino } from 'pino';
import { censorFields } from './log-redaction.js';
import { redactSecrets } from './redact.js';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

/** The app's logging interface: a message and structured fields, so call sites never see pino. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
  /** Whether a line at `level` would be written: for callers whose message costs work to build. */
  isLevelEnabled(level: LogLevel): boolean;
}

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go (without their newline); defaults to stdout. Tests and main.ts pass their own. */
  write?: (line: string) => void;
}

/**
 * JSON lines through pino. Secrets are kept out twice over: fields named like secrets are censored
 * at any depth before pino sees them (opaque tokens have no recognisable shape), and every finished
 * line passes through redactSecrets (pino's streamWrite hook), which catches tokens of known shape
 * wherever they are: the message, a field's value, an error's message, stack or cause.
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const root = pino(
    {
      level: options.level ?? 'info',
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
      // `err` arrives serialised and censored (toPino); pino's default err serializer would redo it
      // on the plain object and lose the type and the cause's fields.
      serializers: { err: (err: unknown) => err },
      hooks: { streamWrite: (line) => redactSecrets(line) },
    },
    { write: (line: string) => write(line.endsWith('\n') ? line.slice(0, -1) : line) },
  );
  return wrap(root, {});
}

/**
 * pino appends a child's bindings and a call's fields without merging keys, so a nested
 * `child({ component })` would print `component` twice. The facade keeps the merged bindings and
 * binds them once on the root; a call field that names a bound key rebinds, so it wins as before.
 */
function wrap(root: PinoLogger, bindings: LogFields): Logger {
  const bound = Object.keys(bindings).length > 0 ? root.child(toPino(bindings)) : root;
  const emit = (level: LogLevel, msg: string, fields: LogFields | undefined) => {
    if (!bound.isLevelEnabled(level)) return;
    if (fields && Object.keys(fields).some((key) => key in bindings)) {
      root.child(toPino({ ...bindings, ...fields }))[level](msg);
    } else {
      bound[level](toPino(fields), msg);
    }
  };
  return {
    debug: (msg, fields) => emit('debug', msg, fields),
    info: (msg, fields) => emit('info', msg, fields),
    warn: (msg, fields) => emit('warn', msg, fields),
    error: (msg, fields) => emit('error', msg, fields),
    child: (fields) => wrap(root, { ...bindings, ...fields }),
    isLevelEnabled: (level) => bound.isLevelEnabled(level),
  };
}

/**
 * Call sites pass errors as `error` (or `err`); they are written as pino's conventional `err`, with
 * errWithCause's shape: type, message, stack, own fields such as code, and the cause chain as
 * nested objects. An `error` that is not an Error (a code, a thrown string) stays where it is.
 */
function toPino(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[(key === 'error' || key === 'err') && value instanceof Error ? 'err' : key] = value;
  }
  return censorFields(out);
}

/** A logger that keeps its lines, for tests that assert what was (or was not) logged. */
export function createMemoryLogger(level: LogLevel = 'debug'): Logger & { lines: string[] } {
  const lines: string[] = [];
  return Object.assign(createLogger({ level, write: (l) => lines.push(l) }), { lines });
}
