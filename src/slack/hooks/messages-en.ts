import { md } from '../blocks/escape.js';
import type { HookMessages } from './messages.js';

export function hookMessagesEn(): HookMessages {
  return {
    adminOnly: md`Only workspace admins can see or rotate the lifecycle hook: its secret lets anyone post events as the platform.`,
    header: 'Lifecycle events from outside Slack',
    url: ({ url, complete }) =>
      complete
        ? md`*POST* ${url}`
        : md`*POST* ${url} on this app's public address (the host of Slack's request URL; set \`PUBLIC_URL\` to see it whole here).`,
    secret: ({ secret }) =>
      md`*Secret:* ${secret} — keep it like a password. \`/exp hooks rotate\` replaces it; the old one keeps working for 24 hours.`,
    previous: ({ until }) => md`The secret before the last rotation still works until ${until}.`,
    howToSign: md`Sign each request like Slack does: \`X-Exp-Timestamp\` (Unix seconds) and \`X-Exp-Signature: v1=<hex HMAC-SHA256 of "v1:{timestamp}:{body}">\`. Body: JSON \`{"id", "experimentId", "action": "start|stop|archive|unarchive|create|edit|status", "status"?, "name"?, "team"?, "type"?, "actor"?, "interruptReason"?, "comment"?, "occurredAt"?}\`, 64 KiB at most. The same \`id\` twice alerts once. The app's docs/hooks.md has a \`curl\` example.`,
    rotated: ({ until }) =>
      md`The hook has a new secret (below). The old one keeps working until ${until}, so senders can switch.`,
    usage: ({ word }) =>
      md`\`/exp hooks\` shows the hook; \`/exp hooks rotate\` replaces its secret. \`${word}\` is neither.`,
  };
}
