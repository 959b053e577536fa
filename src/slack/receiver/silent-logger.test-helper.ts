// Test-only: Bolt's Logger that says nothing, for the receiver's tests.
import type { Logger } from '@slack/bolt';

export const silentLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
} as Partial<Logger> as Logger;
