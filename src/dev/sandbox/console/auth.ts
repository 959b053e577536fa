import type { IncomingHttpHeaders } from 'node:http';
import { headerValue, json, type SandboxReply, text } from '../http-io.js';
import { INVALID_API_KEY, insufficientScopeBody, MISSING_AUTH_BODY } from '../model/error-bodies.js';
import type { TokenAuthority } from '../tokens.js';

// The stated rules: no Authorization header → 401; expired, revoked or invalid → 403 with the text
// "Invalid api key provided". The scope case and the 401 body are assumptions (error-bodies.ts).

export type AuthResult = { ok: true; scopes: ReadonlySet<string> } | { ok: false; reply: SandboxReply };

export async function authenticate(
  headers: IncomingHttpHeaders,
  tokens: TokenAuthority,
): Promise<AuthResult> {
  const header = headerValue(headers, 'authorization');
  if (header === undefined || header.trim() === '') {
    return { ok: false, reply: json(401, MISSING_AUTH_BODY, { 'www-authenticate': 'Bearer' }) };
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  const check = token === undefined ? { ok: false as const } : await tokens.verify(token);
  if (!check.ok) return { ok: false, reply: text(403, INVALID_API_KEY) };
  return { ok: true, scopes: check.scopes };
}

export function requireScope(scopes: ReadonlySet<string>, scope: string): SandboxReply | undefined {
  return scopes.has(scope) ? undefined : json(403, insufficientScopeBody(scope));
}
