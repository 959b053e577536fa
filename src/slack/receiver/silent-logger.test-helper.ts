// Test-only: Bolt's Logger that says nothing, for the receiver's tests.
import { type Logger, LogLevel } from '@slack/bolt';

export const silentLogger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  setLevel: () => undefined,
  getLevel: () => LogLevel.ERROR,
  setName: () => undefined,
};
