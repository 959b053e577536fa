import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type ApiResult, fail, str } from './api-context.js';
import type { EmulatorIdentity, OAuthCodeInput, TeamInput } from './types.js';

export const OAUTH_V2_ACCESS = 'oauth.v2.access';
const DEFAULT_CLIENT_ID = '1111111111.2222222222';
const DEFAULT_CLIENT_SECRET = 'emulator-client-secret';
/** Slack's authorization codes expire after 10 minutes. */
const OAUTH_CODE_TTL_MS = 10 * 60_000;
/** The manifest's bot scopes: what an approved code grants unless the test names others. */
const DEFAULT_BOT_SCOPE = 'commands,chat:write,chat:write.public,users:read';

export interface OAuthServiceOptions {
  /** The emulator's first workspace; always registered, its token always valid. */
  primary: EmulatorIdentity;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  codeTtlMs?: number | undefined;
}

/** The workspaces the emulator knows, their bot tokens, and the OAuth v2 code exchange. */
export interface OAuthService {
  readonly clientId: string;
  readonly clientSecret: string;
  addTeam(input: TeamInput): EmulatorIdentity;
  team(teamId: string): EmulatorIdentity | undefined;
  /** The workspace whose bot token this is. */
  byToken(token: string): EmulatorIdentity | undefined;
  mintCode(input: OAuthCodeInput): string;
  /** oauth.v2.access, given the request's args and its Authorization header (HTTP Basic). */
  access(args: Record<string, unknown>, authorization: string | undefined): ApiResult;
  /** Forgets every added workspace and pending code. */
  reset(): void;
}

interface PendingCode {
  teamId: string;
  userId: string;
  redirectUri: string | undefined;
  scope: string;
  expiresAt: number;
}

export function createOAuthService(options: OAuthServiceOptions): OAuthService {
  const { primary } = options;
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
  const codeTtlMs = options.codeTtlMs ?? OAUTH_CODE_TTL_MS;
  const teams = new Map<string, EmulatorIdentity>([[primary.teamId, primary]]);
  const codes = new Map<string, PendingCode>();
  let serial = 0;

  const addTeam = (input: TeamInput): EmulatorIdentity => {
    const existing = teams.get(input.id);
    if (existing) return existing;
    serial += 1;
    const suffix = `${serial}`.padStart(4, '0');
    const team: EmulatorIdentity = {
      // Shaped like Slack's xoxb-<team>-<bot>-<secret> so redaction patterns apply to it too.
      botToken: input.botToken ?? `xoxb-${Date.now()}${suffix}-${suffix}-${randomBytes(12).toString('hex')}`,
      appToken: primary.appToken,
      teamId: input.id,
      teamName: input.name ?? `Workspace ${input.id}`,
      teamDomain: input.domain ?? input.id.toLowerCase(),
      enterpriseId: input.enterpriseId,
      botUserId: input.botUserId ?? `U0BOT${suffix}`,
      botId: input.botId ?? `B0BOT${suffix}`,
      appId: primary.appId,
    };
    if ([...teams.values()].some((t) => t.botToken === team.botToken)) {
      throw new RangeError(`bot token already belongs to another emulated workspace`);
    }
    teams.set(team.teamId, team);
    return team;
  };

  const clientCredentials = (args: Record<string, unknown>, authorization: string | undefined) => {
    const basic = /^Basic\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (basic !== undefined) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
    }
    return { id: str(args.client_id), secret: str(args.client_secret) };
  };

  return {
    clientId,
    clientSecret,
    addTeam,
    team: (teamId) => teams.get(teamId),
    byToken: (token) => [...teams.values()].find((t) => t.botToken === token),
    mintCode(input) {
      addTeam({ id: input.teamId });
      const code = `${Date.now()}.${randomBytes(16).toString('hex')}`;
      codes.set(code, {
        teamId: input.teamId,
        userId: input.userId,
        redirectUri: input.redirectUri,
        scope: input.scope ?? DEFAULT_BOT_SCOPE,
        expiresAt: Date.now() + codeTtlMs,
      });
      return code;
    },
    access(args, authorization) {
      const client = clientCredentials(args, authorization);
      if (client.id !== clientId) return fail('invalid_client_id');
      if (client.secret === undefined || !sameText(client.secret, clientSecret)) {
        return fail('bad_client_secret');
      }
      const grantType = str(args.grant_type);
      // Token rotation (grant_type=refresh_token) is not emulated: the app does not opt into it.
      if (grantType !== undefined && grantType !== 'authorization_code') return fail('invalid_grant_type');
      const code = str(args.code);
      const pending = code === undefined ? undefined : codes.get(code);
      if (code === undefined || !pending) return fail('invalid_code');
      if (pending.expiresAt <= Date.now()) {
        codes.delete(code);
        return fail('invalid_code');
      }
      // "Must match the originally submitted URI (if one was sent)". A mismatch leaves the code
      // usable: Slack does not say it burns it, and a test can then retry with the right URI.
      if (pending.redirectUri !== undefined && str(args.redirect_uri) !== pending.redirectUri) {
        return fail('bad_redirect_uri');
      }
      codes.delete(code);
      const team = teams.get(pending.teamId) ?? addTeam({ id: pending.teamId });
      return {
        ok: true,
        access_token: team.botToken,
        token_type: 'bot',
        scope: pending.scope,
        bot_user_id: team.botUserId,
        app_id: team.appId,
        team: { id: team.teamId, name: team.teamName },
        enterprise:
          team.enterpriseId === undefined ? null : { id: team.enterpriseId, name: team.enterpriseId },
        authed_user: { id: pending.userId },
        is_enterprise_install: false,
      };
    },
    reset() {
      codes.clear();
      for (const id of teams.keys()) if (id !== primary.teamId) teams.delete(id);
    },
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
