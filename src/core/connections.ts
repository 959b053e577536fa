import * as z from 'zod';
import type { Logger } from '../observability/logger.js';
import type { StoredConnection, TokenVault } from './connection-vault.js';
import type { PlatformApi, PlatformConnection } from './platform/platform-api.js';
import type { TokenClaims } from './platform/token-claims.js';
import type { StoredValues } from './stored-values.js';
import { type WorkspaceRef, workspaceKey, workspaceOnly } from './workspace.js';

/**
 * Whose platform token acts. Order for a person in a channel: their own (`/exp login`), else the
 * channel's (a team's connection), else the workspace's, else the server's configured one. Nothing
 * falls through past a token that exists but is refused: acting under another identity than the
 * one the person expects would put someone else's name in the platform's records.
 */
export type Identity = 'personal' | 'channel' | 'workspace' | 'default';

/** Who acts and from where; without it, the workspace's (or the default) connection. */
export interface ActingAs {
  userId?: string | undefined;
  channelId?: string | undefined;
  /** The policy wants this person's own token for the action: no team token stands in. */
  personalRequired?: boolean | undefined;
}

/** A workspace's usable platform connection, or why there is none. */
export type ConnectionLookup =
  | {
      kind: 'connected';
      api: PlatformApi;
      baseUrl: string;
      origin: 'stored' | 'default';
      identity: Identity;
      /** Where the connection is stored (to mark it invalid); undefined for the configured default. */
      owner: WorkspaceRef | undefined;
      /** Cache scope of what this connection reads (dictionaries): the platform it talks to. */
      scope: string;
      /** When the token says it expires (stored at connect time); drives the expiry reminders. */
      expiresAt: Date | undefined;
    }
  | { kind: 'not-connected' }
  /** The policy asks for the person's own token and they have none. */
  | { kind: 'personal-required' }
  | {
      kind: 'invalid';
      baseUrl: string;
      reason: string | undefined;
      identity: Identity;
      /** Refused by the platform, or unreadable with the configured keys (must be connected again). */
      state: 'invalid' | 'unreadable';
    };

/** What `/exp token` shows of a connection: where, until when, with which scopes; never the token. */
export interface ConnectionDescription {
  origin: 'stored' | 'default';
  identity: Identity;
  baseUrl: string;
  expiresAt: Date | undefined;
  scopes: string[] | undefined;
  state: 'active' | 'invalid' | 'unreadable';
  /** Absent for the connection set by the server's configuration rather than by an admin. */
  connectedBy?: string | undefined;
  connectedAt?: Date | undefined;
}

export interface ConnectionResolver {
  lookup(ref: WorkspaceRef, via?: ActingAs): Promise<ConnectionLookup>;
  /** The team connection a channel uses (its own, else the workspace's, else the default). */
  describe(ref: WorkspaceRef, channelId?: string): Promise<ConnectionDescription | undefined>;
  /** A person's own connection, if they logged in. */
  describePersonal(ref: WorkspaceRef, userId: string): Promise<ConnectionDescription | undefined>;
  /** Removes a stored connection (the workspace's, a channel's or a person's); false when there was none. */
  disconnect(owner: WorkspaceRef): Promise<boolean>;
  /**
   * Called when the platform answers 403 "Invalid api key provided": the stored connection that was
   * used (and only that one: a person's refused token affects that person alone) is marked so.
   */
  markInvalid(owner: WorkspaceRef | undefined, reason: string): Promise<void>;
  /** Notes a channel's or a person's stored connection, so that an uninstall can find and delete it. */
  remember(owner: WorkspaceRef): Promise<void>;
  /** Deletes every stored connection of a workspace: its own, its channels', its people's. */
  removeAll(ref: WorkspaceRef): Promise<{ removed: number }>;
}

export interface ConnectionResolverOptions {
  vault: TokenVault;
  /**
   * Used for workspaces with no stored connection: the embedded sandbox, or CONSOLE_BASE_URL with
   * CONSOLE_API_TOKEN in single-workspace modes. Absent in OAuth mode, where each workspace connects.
   */
  defaultConnection: PlatformConnection | undefined;
  /** What the default connection's token says of itself (its expiry, its scopes); undefined: nothing. */
  defaultClaims?: TokenClaims | undefined;
  makeClient: (connection: PlatformConnection, scope: string) => PlatformApi;
  logger: Logger;
  /** Where the channels and people with their own connection are listed per workspace. */
  owners: StoredValues;
}

/** The channels and people of a workspace with a stored connection (at most this many are listed). */
const MAX_OWNERS = 20_000;
const OwnerList = z
  .array(z.object({ userId: z.string().optional(), channelId: z.string().optional() }))
  .max(MAX_OWNERS);

/** Channels that can hold a team's connection: public and private channels, not DMs. */
export const isTeamChannel = (channelId: string | undefined): channelId is string =>
  channelId !== undefined && /^[CG][A-Z0-9]{2,}$/.test(channelId);

export function createConnectionResolver(options: ConnectionResolverOptions): ConnectionResolver {
  const { vault, defaultConnection, defaultClaims, makeClient, logger, owners } = options;
  const defaultExpiresAt = defaultClaims?.expiresAt;

  const fromStored = (stored: StoredConnection, owner: WorkspaceRef, identity: Identity, scope: string) =>
    lookupOfStored(makeClient, stored, owner, identity, scope);

  /** The team's connection from what was read (the channel's, else the workspace's), else the default. */
  function teamLookup(ref: WorkspaceRef, team: TeamStored | undefined): ConnectionLookup {
    const workspaceScope = workspaceKey(workspaceOnly(ref));
    if (team) {
      // A team's connection may reach another platform: what it reads is cached apart.
      const scope = team.identity === 'channel' ? workspaceKey(team.owner) : workspaceScope;
      return fromStored(team.stored, team.owner, team.identity, scope);
    }
    if (defaultConnection) {
      return {
        kind: 'connected',
        api: makeClient(defaultConnection, workspaceScope),
        baseUrl: defaultConnection.baseUrl,
        origin: 'default',
        identity: 'default',
        owner: undefined,
        scope: workspaceScope,
        expiresAt: defaultExpiresAt,
      };
    }
    return { kind: 'not-connected' };
  }

  return {
    async describe(ref, channelId) {
      const team = (await readForLookup(vault, ref, { channelId })).team;
      if (team) return describeStored(team.stored, team.identity);
      if (!defaultConnection) return undefined;
      return {
        origin: 'default',
        identity: 'default',
        baseUrl: defaultConnection.baseUrl,
        expiresAt: defaultExpiresAt,
        scopes: defaultClaims?.scopes,
        state: 'active',
      };
    },
    async describePersonal(ref, userId) {
      const stored = await vault.get({ ...workspaceOnly(ref), userId });
      return stored ? describeStored(stored, 'personal') : undefined;
    },
    disconnect: (owner) => vault.remove(owner),
    async lookup(ref, via = {}) {
      const read = await readForLookup(vault, ref, via);
      const team = teamLookup(ref, read.team);
      if (via.userId) {
        const owner = { ...workspaceOnly(ref), userId: via.userId };
        const personal = read.personal;
        if (personal) {
          // The same platform as the team's connection shares its cache; another one has its own.
          const scope =
            team.kind === 'connected' && team.baseUrl === personal.baseUrl ? team.scope : workspaceKey(owner);
          return fromStored(personal, owner, 'personal', scope);
        }
        if (via.personalRequired) return { kind: 'personal-required' };
      }
      return team;
    },
    remember: (owner) => rememberOwner(owners, owner),
    removeAll: (ref) => removeWorkspace(vault, owners, ref),
    async markInvalid(owner, reason) {
      if (!owner) {
        logger.warn('platform refused the default connection token', { reason });
        return;
      }
      await vault.markInvalid(owner, reason);
      logger.warn('stored platform connection marked invalid', { owner: workspaceKey(owner), reason });
    },
  };
}

const describeStored = (stored: StoredConnection, identity: Identity): ConnectionDescription => ({
  origin: 'stored',
  identity,
  baseUrl: stored.baseUrl,
  expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : undefined,
  scopes: stored.scopes,
  state: stored.state,
  connectedBy: stored.connectedBy,
  connectedAt: new Date(stored.connectedAt),
});

function lookupOfStored(
  makeClient: ConnectionResolverOptions['makeClient'],
  stored: StoredConnection,
  owner: WorkspaceRef,
  identity: Identity,
  scope: string,
): ConnectionLookup {
  // A revoked token cannot be restored and an expired one stays expired: refuse without a call.
  if (stored.state !== 'active')
    return {
      kind: 'invalid',
      baseUrl: stored.baseUrl,
      reason: stored.invalidReason,
      identity,
      state: stored.state,
    };
  return {
    kind: 'connected',
    api: makeClient({ baseUrl: stored.baseUrl, token: stored.token }, scope),
    baseUrl: stored.baseUrl,
    origin: 'stored',
    identity,
    owner,
    scope,
    expiresAt: stored.expiresAt ? new Date(stored.expiresAt) : undefined,
  };
}

type OwnerEntry = z.infer<typeof OwnerList>[number];

function ownerList(stored: unknown): OwnerEntry[] {
  const parsed = OwnerList.safeParse(stored);
  return parsed.success ? parsed.data : [];
}

async function readOwnerList(owners: StoredValues, workspace: string) {
  return ownerList(await owners.keyv.get(workspace));
}

/**
 * Lists a personal or channel owner under its workspace, so an uninstall can find its record. By
 * compare-and-set: two logins at the same instant, on one replica or two, are both listed (a lost
 * entry would leave that person's or channel's token behind after an uninstall).
 */
async function rememberOwner(owners: StoredValues, owner: WorkspaceRef): Promise<void> {
  if (!owner.userId && !owner.channelId) return;
  const workspace = workspaceKey(workspaceOnly(owner));
  const entry = owner.userId ? { userId: owner.userId } : { channelId: owner.channelId };
  await owners.update(workspace, (stored) => {
    const listed = ownerList(stored);
    if (listed.some((o) => o.userId === entry.userId && o.channelId === entry.channelId))
      return { next: stored, result: undefined };
    return { next: [...listed, entry].slice(-MAX_OWNERS), result: undefined };
  });
}

interface TeamStored {
  stored: StoredConnection;
  owner: WorkspaceRef;
  identity: Identity;
}

/**
 * What a lookup can use, read in one store call: the channel's own stored connection (a team
 * channel), the workspace's, and the person's when one acts. Reading all of them costs one round
 * trip where reading them in precedence order cost up to three.
 */
async function readForLookup(
  vault: ConnectionResolverOptions['vault'],
  ref: WorkspaceRef,
  via: Pick<ActingAs, 'userId' | 'channelId'>,
): Promise<{ team: TeamStored | undefined; personal: StoredConnection | undefined }> {
  const workspace = workspaceOnly(ref);
  const channelOwner = isTeamChannel(via.channelId) ? { ...workspace, channelId: via.channelId } : undefined;
  const personOwner = via.userId ? { ...workspace, userId: via.userId } : undefined;
  const owners = [workspace, channelOwner, personOwner].filter((o): o is WorkspaceRef => o !== undefined);
  const read = await vault.getMany(owners);
  const [ofWorkspace] = read;
  const ofChannel = channelOwner ? read[1] : undefined;
  const personal = personOwner ? read[read.length - 1] : undefined;
  const team: TeamStored | undefined =
    channelOwner && ofChannel
      ? { stored: ofChannel, owner: channelOwner, identity: 'channel' }
      : ofWorkspace
        ? { stored: ofWorkspace, owner: workspace, identity: 'workspace' }
        : undefined;
  return { team, personal };
}

/** How often an uninstall goes round again for owners listed while it was removing the others. */
const REMOVE_ROUNDS = 5;

/**
 * Every connection of the workspace: its own, then each channel's and person's it listed. The list
 * is deleted only if it still holds what was removed (compare-and-set); an owner listed meanwhile
 * (a login during the uninstall) is removed in another round instead of being left unlisted.
 */
async function removeWorkspace(
  vault: ConnectionResolverOptions['vault'],
  owners: StoredValues,
  ref: WorkspaceRef,
): Promise<{ removed: number }> {
  const workspace = workspaceOnly(ref);
  const key = workspaceKey(workspace);
  let removed = (await vault.remove(workspace)) ? 1 : 0;
  const done = new Set<string>();
  for (let round = 0; round < REMOVE_ROUNDS; round++) {
    const listed = await readOwnerList(owners, key);
    for (const owner of listed) {
      const id = JSON.stringify(owner);
      if (done.has(id)) continue;
      done.add(id);
      if (await vault.remove({ ...workspace, ...owner })) removed += 1;
    }
    const emptied = await owners.update(key, (stored) => {
      const now = ownerList(stored);
      return now.every((owner) => done.has(JSON.stringify(owner)))
        ? { next: undefined, result: true }
        : { next: stored, result: false };
    });
    if (emptied) break;
  }
  return { removed };
}
