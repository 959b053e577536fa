import { randomBytes } from 'node:crypto';
import { createLogger } from '../../observability/logger.js';
import { startSandbox } from './server.js';

// `npm run sandbox`: the sandbox platform on its own. PORT (default 4010), SANDBOX_HOST (default
// 127.0.0.1) and SPLITTER_TOKEN (default: open splitter) come from the environment. Prints what a
// client needs, then runs until SIGINT or SIGTERM.

function parsePort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 4010;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a TCP port number (0-65535), got ${JSON.stringify(value)}`);
  }
  return port;
}

const logger = createLogger({ level: process.env.LOG_LEVEL === 'debug' ? 'debug' : 'info' });
const sandbox = await startSandbox({
  port: parsePort(process.env.PORT),
  host: process.env.SANDBOX_HOST?.trim() || '127.0.0.1',
  logger,
  splitterToken: process.env.SPLITTER_TOKEN?.trim() || undefined,
});
const token = await sandbox.issueToken({ name: 'sandbox cli token' });

process.stdout.write(
  [
    'Sandbox platform is running.',
    `  console base_url:  ${sandbox.url}   (console API at ${sandbox.url}/api/console)`,
    `  splitter URL:      ${sandbox.splitterUrl}`,
    '  token (all scopes, valid 30 days):',
    `  ${token}`,
    '',
    'For the app:',
    `  CONSOLE_BASE_URL=${sandbox.url}`,
    `  SPLITTER_URL=${sandbox.splitterUrl}`,
    `  CONSOLE_API_TOKEN=${token}`,
    '  # the app needs an encryption key whenever CONSOLE_BASE_URL is set; a fresh one:',
    `  TOKEN_ENCRYPTION_KEY=${randomBytes(32).toString('base64')}`,
    '',
  ].join('\n'),
);

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  logger.info('sandbox stopping', { signal });
  sandbox.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
