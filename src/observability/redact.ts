// Shapes of secrets this app handles: platform JWTs, Slack tokens, bearer headers. Anything that
// matches is masked wherever text leaves the process (logs, error messages, Slack replies).
const patterns: RegExp[] = [
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g,
  /\bxox[abposr]-[A-Za-z0-9-]{6,}/g,
  /\bxapp-[A-Za-z0-9-]{6,}/g,
  /(Bearer\s+)[^\s"',}]+/gi,
];

export function redactSecrets(text: string, extra: readonly string[] = []): string {
  let out = text;
  for (const secret of extra) {
    if (secret.length >= 6) out = out.split(secret).join('[redacted]');
  }
  for (const pattern of patterns) {
    out = out.replace(pattern, (_match, prefix?: string) =>
      typeof prefix === 'string' ? `${prefix}[redacted]` : '[redacted]',
    );
  }
  return out;
}
