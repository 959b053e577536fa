import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './log/logger.js';
import { startExpChatops } from './start.js';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.logLevel });
  if (config.slack.mode === 'playground' || config.sandbox) {
    logger.info('no Slack credentials or platform configured: starting on embedded defaults', {
      slack: config.slack.mode === 'playground' ? 'local emulator' : config.slack.mode,
      platform: config.sandbox ? 'embedded sandbox' : config.console.baseUrl,
    });
  }
  const running = await startExpChatops(config, { logger });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // A stray rejection must be seen, not crash a process serving many workspaces.
  process.on('unhandledRejection', (reason) => logger.error('unhandled rejection', { error: reason }));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `exp-chatops failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
