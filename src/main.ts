import { ConfigError, loadConfig } from './config.js';
import { createLogger } from './observability/logger.js';
import { maskUrl } from './observability/url-secrets.js';
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
  // Start-up lines are held back until the app is up, so that what a person needs first (the
  // playground's address, or the mode) is the first thing printed.
  const held: string[] = [];
  let write = (line: string) => {
    held.push(line);
  };
  const logger = createLogger({ level: config.logLevel, write: (line) => write(line) });
  const release = (banner: string[]) => {
    write = (line) => process.stdout.write(`${line}\n`);
    process.stdout.write(banner.map((l) => `${l}\n`).join(''));
    for (const line of held.splice(0)) write(line);
  };
  const embedded = config.slack.mode === 'playground' || config.sandbox;
  if (embedded) {
    logger.info('no Slack credentials or platform configured: starting on embedded defaults', {
      slack: config.slack.mode === 'playground' ? 'local emulator' : config.slack.mode,
      platform: config.sandbox
        ? 'embedded sandbox'
        : config.console.baseUrl && maskUrl(config.console.baseUrl),
    });
  }
  let running: Awaited<ReturnType<typeof startExpChatops>>;
  try {
    running = await startExpChatops(config, { logger });
  } catch (error) {
    release([]);
    throw error;
  }
  release(
    running.playgroundUrl
      ? [
          `exp-chatops playground: open ${running.playgroundUrl} and type /exp help (no Slack account needed)`,
          `embedded defaults: sandbox platform at ${running.sandbox?.url ?? '-'}, local Slack emulator, store ${running.store.kind}`,
        ]
      : [],
  );
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
