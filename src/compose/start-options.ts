import type { Dispatcher } from 'undici';
import type { Sandbox, SlackEmulator } from '../dev/index.js';
import type { Logger } from '../observability/logger.js';

/** What a caller (main.ts, the tests) may set beside the config. */
export interface StartOptions {
  logger?: Logger;
  /** Overrides config.port (tests pass 0 for a free port). */
  port?: number;
  /** An already running sandbox to use instead of starting one (tests). */
  sandbox?: Sandbox;
  /** An already running emulator for playground mode (tests). */
  emulator?: SlackEmulator;
  consoleDispatcher?: Dispatcher;
  /** Overrides the playground page's port (tests pass 0). */
  playgroundPort?: number;
  /** Least time between two alerts in one channel (Slack allows about one message per second). */
  alertIntervalMs?: number;
  /** How often platform tokens are checked for expiry and refusal (tests shorten it). */
  tokenHealthIntervalMs?: number;
  /** Overrides POLL_INTERVAL_SECONDS (tests poll faster than its 10 s minimum). */
  pollIntervalMs?: number;
  /** Lifecycle actions one process runs at once before refusing more (default 256). */
  maxActionsInFlight?: number;
  /** Of those, what one workspace may hold (default a quarter of maxActionsInFlight). */
  maxActionsPerWorkspace?: number;
  /** How long a lifecycle command waits before showing "Working on it…" (default 1 s). */
  workingNoteAfterMs?: number;
  /**
   * The clock a scheduled action's lateness, quiet hours and digests are measured with (tests move
   * it instead of waiting an hour).
   */
  scheduleClock?: () => Date;
  /** How often quiet hours ending and digests coming due are looked for (default 30 s). */
  rhythmIntervalMs?: number;
}
