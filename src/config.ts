import * as z from 'zod';
import { type FieldMapping, FieldMappingError, resolveFieldMapping } from './core/experiment-fields.js';
import {
  parseTransitionTable,
  type TransitionTable,
  TransitionTableError,
} from './core/experiments/transitions.js';

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

const optionalString = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string())
  .optional()
  .transform((s) => (s === '' ? undefined : s));

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((u) => u.replace(/\/+$/, ''));

const optionalUrl = optionalString.pipe(httpUrl.optional());

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''], { error: 'must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (fallback: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a positive integer' });
        return z.NEVER;
      }
      return n;
    });

const encryptionKey = optionalString.transform((v, ctx) => {
  if (v === undefined) return undefined;
  const key = Buffer.from(v, 'base64');
  if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== v.replace(/=+$/, '')) {
    ctx.addIssue({ code: 'custom', message: 'must be 32 bytes encoded in base64' });
    return z.NEVER;
  }
  return key;
});

/** Comma-separated keys that still decrypt (rotation); each one like TOKEN_ENCRYPTION_KEY. */
const oldEncryptionKeys = optionalString.transform((v, ctx) => {
  if (v === undefined) return [];
  const keys: Buffer[] = [];
  for (const [i, text] of v.split(',').entries()) {
    const trimmed = text.trim();
    if (trimmed === '') continue;
    const key = Buffer.from(trimmed, 'base64');
    if (key.length !== 32 || key.toString('base64').replace(/=+$/, '') !== trimmed.replace(/=+$/, '')) {
      // Which one, never the value: these are secrets.
      ctx.addIssue({ code: 'custom', message: `key ${i + 1} must be 32 bytes encoded in base64` });
      return z.NEVER;
    }
    keys.push(key);
  }
  return keys;
});

const storeUrl = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? 'sqlite://./data/exp-chatops.sqlite' : v.trim()))
  .refine((v) => /^(sqlite:\/\/.+|redis:\/\/.+|rediss:\/\/.+|postgres(ql)?:\/\/.+|memory:\/\/)$/.test(v), {
    message: 'must be sqlite://PATH, redis://…, postgres://… or memory://',
  });

/** An ADMIN_USER_IDS entry: a user, admin of one workspace (teamId unset: the configured one). */
interface ConfiguredAdmin {
  userId: string;
  teamId?: string;
}

// `U…` (an admin of the configured workspace) or `T…:U…` (an admin of that workspace only).
const ADMIN_ENTRY = /^(?:(T[A-Z0-9]{2,30}):)?([UW][A-Z0-9]{2,30})$/;

const adminList = optionalString.transform((v, ctx) => {
  const admins: ConfiguredAdmin[] = [];
  for (const text of (v ?? '').split(',')) {
    const entry = text.trim();
    if (entry === '') continue;
    const match = ADMIN_ENTRY.exec(entry);
    if (!match?.[2]) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry.slice(0, 40)}" is neither a user id (U…) nor TEAM_ID:USER_ID (T…:U…)`,
      });
      return z.NEVER;
    }
    admins.push(match[1] ? { userId: match[2], teamId: match[1] } : { userId: match[2] });
  }
  return admins;
});

const EnvSchema = z.object({
  PORT: positiveInt(3000).refine((n) => n < 65536, 'must be a TCP port'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).optional().default('info'),
  SLACK_SIGNING_SECRET: optionalString,
  SLACK_BOT_TOKEN: optionalString.refine(
    (v) => v === undefined || v.startsWith('xoxb-'),
    'must start with xoxb-',
  ),
  SLACK_APP_TOKEN: optionalString.refine(
    (v) => v === undefined || v.startsWith('xapp-'),
    'must start with xapp-',
  ),
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  SLACK_STATE_SECRET: optionalString,
  SLACK_API_URL: optionalUrl,
  CONSOLE_BASE_URL: optionalUrl,
  ALLOW_SANDBOX: booleanFlag,
  CONSOLE_API_TOKEN: optionalString,
  CONSOLE_TIMEOUT_MS: positiveInt(10_000),
  SPLITTER_URL: optionalUrl,
  SPLITTER_TOKEN: optionalString,
  SPLITTER_SOURCE: optionalString,
  SPLITTER_TRAILING_SLASH: booleanFlag,
  STORE_URL: storeUrl,
  TOKEN_ENCRYPTION_KEY: encryptionKey,
  TOKEN_ENCRYPTION_OLD_KEYS: oldEncryptionKeys,
  ADMIN_USER_IDS: adminList,
  DICTIONARY_TTL_SECONDS: positiveInt(3600),
  EXPERIMENT_FIELD_MAP: optionalString,
  EXPERIMENT_TRANSITIONS: optionalString,
  APPROVAL_TTL_HOURS: positiveInt(24).refine((n) => n <= 24 * 30, 'must be at most 720 (30 days)'),
  REQUEST_RUNNING_STALE_SECONDS: positiveInt(600).refine(
    (n) => n >= 5 && n <= 86_400,
    'must be whole seconds from 5 to 86400',
  ),
  // Off unless set: polling costs one platform read per subscribed experiment per round.
  POLL_INTERVAL_SECONDS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '' || v.trim() === '0') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 10 || n > 86_400) {
        ctx.addIssue({ code: 'custom', message: 'must be 0 (off) or whole seconds from 10 to 86400' });
        return z.NEVER;
      }
      return n;
    }),
  JOB_LOCK_SECONDS: positiveInt(30).refine((n) => n <= 600, 'must be at most 600 (10 minutes)'),
  AUDIT_RETENTION_DAYS: positiveInt(365).refine((n) => n <= 3650, 'must be at most 3650 (10 years)'),
  LIFECYCLE_HOOK_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'must be at least 32 characters (e.g. openssl rand -hex 32)',
  ),
  PUBLIC_URL: optionalUrl,
  CONSOLE_WEB_URL: optionalString.refine(
    (v) => v === undefined || isConsoleWebTemplate(v),
    'must be an http(s) URL template containing {id} once, e.g. https://console.example.com/experiments/{id}',
  ),
  PLAYGROUND_PORT: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n <= 0 || n >= 65536) {
        ctx.addIssue({ code: 'custom', message: 'must be a TCP port' });
        return z.NEVER;
      }
      return n;
    }),
});

type SlackMode = 'http' | 'socket' | 'oauth' | 'playground';

export interface Config {
  port: number;
  /** The local playground page (no Slack credentials); default PORT + 1. */
  playgroundPort: number | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  slack: {
    mode: SlackMode;
    signingSecret: string | undefined;
    botToken: string | undefined;
    appToken: string | undefined;
    clientId: string | undefined;
    clientSecret: string | undefined;
    stateSecret: string | undefined;
    apiUrl: string | undefined;
    /**
     * ADMIN_USER_IDS: people who are admins besides Slack's own, each of one workspace only (never
     * for a request from another workspace or organisation). An entry without a team is of the
     * configured workspace (the bot token's, single-workspace modes); OAuth mode needs TEAM:USER.
     */
    admins: ConfiguredAdmin[];
    /** The ADMIN_USER_IDS entries of the configured workspace (token reminders are sent to them). */
    adminUserIds: string[];
  };
  console: {
    /** undefined: the embedded sandbox (playground, ALLOW_SANDBOX) or no default platform at all. */
    baseUrl: string | undefined;
    token: string | undefined;
    timeoutMs: number;
    dictionaryTtlSeconds: number;
  };
  splitter: {
    url: string | undefined;
    token: string | undefined;
    source: string | undefined;
    trailingSlash: boolean;
  };
  store: { url: string };
  /** Payload field names for create/edit (the interface does not show them). */
  experimentFields: FieldMapping;
  /** Which actions make sense from which status (an assumption; EXPERIMENT_TRANSITIONS overrides). */
  transitions: TransitionTable;
  /** The console's web page of an experiment, `{id}` standing for its id; undefined: no links. */
  consoleWebUrl: string | undefined;
  /** How long an approval request waits for a second person. */
  approvalTtlHours: number;
  /**
   * A request still running this long after it started is taken for one whose process died, and is
   * ended as outcome unknown (far longer than any platform call may take).
   */
  requestRunningStaleMs: number;
  /** How often experiments named by id in subscriptions are read from the platform; undefined: never. */
  pollIntervalMs: number | undefined;
  /** How long a background job may run before another replica takes it over (JOB_LOCK_SECONDS). */
  jobLockMs: number;
  /** How long audit entries are kept. */
  auditRetentionDays: number;
  /** Single-workspace modes: the configured workspace's inbound hook secret. */
  lifecycleHookSecret: string | undefined;
  /** The app's public base URL, for the hook address shown to admins. */
  publicUrl: string | undefined;
  /** undefined only where the embedded sandbox is the platform: a key is then generated per process. */
  tokenEncryptionKey: Buffer | undefined;
  /** Keys that still decrypt what they sealed, until `npm run rotate-keys` re-seals it. */
  tokenEncryptionOldKeys: Buffer[];
  /** The embedded sandbox runs and is every workspace's default platform. */
  sandbox: boolean;
  /**
   * Real Slack talks to the embedded sandbox (ALLOW_SANDBOX=true, for demos): every message the app
   * posts says so, so nobody mistakes a simulator for their platform.
   */
  sandboxNotice: boolean;
}

/** Pure: reads the given environment, never process.env. Throws ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(variable, issue?.message ?? 'invalid');
  }
  const e = parsed.data;
  const mode = slackMode(e);
  const realSlack = mode !== 'playground';
  // With real Slack an unset CONSOLE_BASE_URL means "no default platform" (workspaces /exp connect),
  // never the simulator: only ALLOW_SANDBOX opts a deployment into it.
  const sandbox = e.CONSOLE_BASE_URL === undefined && (!realSlack || e.ALLOW_SANDBOX);
  checkCombinations(e, mode, sandbox);
  return {
    experimentFields: fieldMappingOf(e),
    transitions: transitionsOf(e),
    consoleWebUrl: e.CONSOLE_WEB_URL,
    approvalTtlHours: e.APPROVAL_TTL_HOURS,
    requestRunningStaleMs: e.REQUEST_RUNNING_STALE_SECONDS * 1000,
    jobLockMs: e.JOB_LOCK_SECONDS * 1000,
    pollIntervalMs: e.POLL_INTERVAL_SECONDS === undefined ? undefined : e.POLL_INTERVAL_SECONDS * 1000,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    lifecycleHookSecret: e.LIFECYCLE_HOOK_SECRET,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    port: e.PORT,
    playgroundPort: e.PLAYGROUND_PORT,
    logLevel: e.LOG_LEVEL,
    slack: slackSettings(e, mode),
    console: {
      baseUrl: e.CONSOLE_BASE_URL,
      token: e.CONSOLE_API_TOKEN,
      timeoutMs: e.CONSOLE_TIMEOUT_MS,
      dictionaryTtlSeconds: e.DICTIONARY_TTL_SECONDS,
    },
    splitter: {
      url: e.SPLITTER_URL,
      token: e.SPLITTER_TOKEN,
      source: e.SPLITTER_SOURCE,
      trailingSlash: e.SPLITTER_TRAILING_SLASH,
    },
    store: { url: e.STORE_URL },
    tokenEncryptionKey: e.TOKEN_ENCRYPTION_KEY,
    tokenEncryptionOldKeys: e.TOKEN_ENCRYPTION_OLD_KEYS.filter(
      (k) => !k.equals(e.TOKEN_ENCRYPTION_KEY ?? Buffer.alloc(0)),
    ),
    sandbox,
    sandboxNotice: sandbox && realSlack,
  };
}

/** Variables that are each valid alone but not together; the first conflict found is thrown. */
function checkCombinations(e: Env, mode: SlackMode, sandbox: boolean): void {
  const realSlack = mode !== 'playground';
  if (e.ALLOW_SANDBOX && e.CONSOLE_BASE_URL !== undefined) {
    throw new ConfigError(
      'ALLOW_SANDBOX',
      'connects Slack to the embedded sandbox: leave CONSOLE_BASE_URL unset',
    );
  }
  if (!sandbox && e.TOKEN_ENCRYPTION_KEY === undefined) {
    throw new ConfigError(
      'TOKEN_ENCRYPTION_KEY',
      realSlack
        ? 'required with Slack credentials: platform tokens are stored encrypted (32 bytes, base64)'
        : 'required when CONSOLE_BASE_URL is set (32 bytes, base64)',
    );
  }
  if (e.CONSOLE_API_TOKEN !== undefined && e.CONSOLE_BASE_URL === undefined) {
    throw new ConfigError('CONSOLE_API_TOKEN', 'needs CONSOLE_BASE_URL (the sandbox issues its own tokens)');
  }
  if (e.LIFECYCLE_HOOK_SECRET !== undefined && mode === 'oauth') {
    throw new ConfigError(
      'LIFECYCLE_HOOK_SECRET',
      'single-workspace modes only: in OAuth mode each workspace has its own hook (/exp hooks)',
    );
  }
  if (mode === 'oauth' && e.ADMIN_USER_IDS.some((a) => a.teamId === undefined)) {
    // Many workspaces: an entry without its workspace would make that person an admin of all of them.
    throw new ConfigError(
      'ADMIN_USER_IDS',
      'in OAuth mode each entry names its workspace: TEAM_ID:USER_ID (e.g. T0123ABCD:U0456EFGH)',
    );
  }
  if (e.SPLITTER_TOKEN !== undefined && e.SPLITTER_URL === undefined) {
    throw new ConfigError('SPLITTER_TOKEN', 'needs SPLITTER_URL');
  }
}

function fieldMappingOf(e: Env): FieldMapping {
  try {
    return resolveFieldMapping(e.EXPERIMENT_FIELD_MAP);
  } catch (error) {
    if (error instanceof FieldMappingError) throw new ConfigError('EXPERIMENT_FIELD_MAP', error.message);
    throw error;
  }
}

function transitionsOf(e: Env): TransitionTable {
  try {
    return parseTransitionTable(e.EXPERIMENT_TRANSITIONS);
  } catch (error) {
    if (error instanceof TransitionTableError) throw new ConfigError('EXPERIMENT_TRANSITIONS', error.message);
    throw error;
  }
}

function slackSettings(e: Env, mode: SlackMode): Config['slack'] {
  return {
    mode,
    signingSecret: e.SLACK_SIGNING_SECRET,
    botToken: e.SLACK_BOT_TOKEN,
    appToken: e.SLACK_APP_TOKEN,
    clientId: e.SLACK_CLIENT_ID,
    clientSecret: e.SLACK_CLIENT_SECRET,
    stateSecret: e.SLACK_STATE_SECRET,
    apiUrl: e.SLACK_API_URL,
    admins: e.ADMIN_USER_IDS,
    adminUserIds: e.ADMIN_USER_IDS.filter((a) => a.teamId === undefined).map((a) => a.userId),
  };
}

type Env = z.infer<typeof EnvSchema>;

function isConsoleWebTemplate(value: string): boolean {
  if (value.split('{id}').length !== 2) return false;
  try {
    const url = new URL(value.replace('{id}', '1'));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function slackMode(e: Env): SlackMode {
  const oauth = [e.SLACK_CLIENT_ID, e.SLACK_CLIENT_SECRET, e.SLACK_STATE_SECRET];
  if (oauth.some((v) => v !== undefined)) {
    const missing = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'].find(
      (_, i) => oauth[i] === undefined,
    );
    if (missing)
      throw new ConfigError(missing, 'required for OAuth mode (with the other SLACK_CLIENT_* variables)');
    if (e.SLACK_SIGNING_SECRET === undefined)
      throw new ConfigError('SLACK_SIGNING_SECRET', 'required for OAuth mode');
    return 'oauth';
  }
  if (e.SLACK_APP_TOKEN !== undefined) {
    if (e.SLACK_BOT_TOKEN === undefined)
      throw new ConfigError('SLACK_BOT_TOKEN', 'required with SLACK_APP_TOKEN');
    return 'socket';
  }
  if (e.SLACK_BOT_TOKEN !== undefined || e.SLACK_SIGNING_SECRET !== undefined) {
    if (e.SLACK_BOT_TOKEN === undefined)
      throw new ConfigError('SLACK_BOT_TOKEN', 'required with SLACK_SIGNING_SECRET');
    if (e.SLACK_SIGNING_SECRET === undefined) {
      throw new ConfigError('SLACK_SIGNING_SECRET', 'required with SLACK_BOT_TOKEN in HTTP mode');
    }
    return 'http';
  }
  return 'playground';
}
