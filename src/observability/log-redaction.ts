/**
 * Field names whose values are secrets whatever they look like. Platform tokens can be opaque, so
 * the shape-based redactSecrets cannot recognise them; these keys are censored by name instead.
 */
const secretKeys = [
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'botToken',
  'bot_token',
  'appToken',
  'app_token',
  'userToken',
  'user_token',
  'apiToken',
  'authorization',
  'Authorization',
  'cookie',
  'secret',
  'signingSecret',
  'clientSecret',
  'client_secret',
  'stateSecret',
  'hookSecret',
  'password',
  'encryptionKey',
  'tokenEncryptionKey',
  'oldKeys',
  'privateKey',
];

// pino's wildcards match exactly one level, so nesting is spelled out: a secret inside a field
// (`{ connection: { token } }`), inside an error's property or cause (`err.cause.token`), or in a
// request's headers, down to this depth.
const DEPTH = 4;

export const logRedactPaths: string[] = secretKeys.flatMap((key) =>
  Array.from({ length: DEPTH + 1 }, (_, depth) => [...Array<string>(depth).fill('*'), key].join('.')),
);

export const REDACTED = '[redacted]';
