import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { ModalView } from '@slack/types';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { KeyRing } from '../../store/crypto.js';
import { LIMITS } from '../blocks/limits.js';
import { SEAL_OVERHEAD, SlackPayloadError } from '../payload.js';

// A view's private_metadata comes back in view_submission, block_actions and block_suggestion
// payloads exactly as the app set it, but anyone holding the signing secret can send any payload.
// So what the app puts there is sealed: an HMAC over the JSON and what the view was opened for (its
// purpose, the person, their workspace or Enterprise Grid org) and when. On the way back the app
// recomputes it from the payload's own person and workspace: another person's view, metadata the
// app did not write, or one altered by a byte is refused before anything acts.
//
// The key is derived (HKDF) from TOKEN_ENCRYPTION_KEY, the one secret the app always has (outside
// the embedded sandbox, where a per-process key is generated and open views die with the process,
// as the sandbox's tokens do). Keys of TOKEN_ENCRYPTION_OLD_KEYS still verify: a form opened just
// before a key rotation can still be submitted after it, and those keys are trusted as much until
// they are removed. Only the current key seals.
//
// Format: `s1.<issued at, seconds, base 36>.<HMAC-SHA256, base64url>.<JSON>`. The JSON stays
// readable (tests and the playground look into it); only the MAC makes it the app's.

const VERSION = 's1';
const HKDF_INFO = 'exp-chatops view private_metadata v1';
const MAC_CHARS = 43;
// `s1.` + the time (6 base-36 digits until 2059) + `.` + the MAC + `.`: 54 characters, within the
// SEAL_OVERHEAD encodeMetadata leaves.
/** A form older than this is refused: an edit's original values are kept as long (DRAFT_TTL_MS). */
export const VIEW_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Clocks of replicas may differ a little; a seal from further in the future is not one of ours. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** What a view was opened for; the audit trail names a refused form by it. */
export type ViewPurpose = 'stop' | 'login' | 'policy' | 'connect' | 'experiment-form' | 'reject';

export interface ViewBinding {
  purpose: ViewPurpose;
  /** The person the view was opened for (the payload's user on the way back). */
  userId: string;
  workspace: WorkspaceRef;
}

/**
 * Why a view's metadata was refused: not sealed by the app, sealed for another person, workspace or
 * purpose (or altered), sealed too long ago, or keeping a response_url that is not Slack's.
 */
export type ViewForgedReason = 'unsigned' | 'mismatch' | 'expired' | 'response-url';

/** The metadata is not what the app sealed (or not any more) for this binding; nothing is acted on. */
export class ForgedViewError extends Error {
  constructor(
    readonly purpose: ViewPurpose,
    readonly reason: ViewForgedReason,
  ) {
    super(`View metadata refused for ${purpose}: ${reason}`);
    this.name = 'ForgedViewError';
  }
}

export interface ViewSeal {
  /** The view with its private_metadata sealed for this binding (a view without metadata is unchanged). */
  seal<V extends ModalView>(binding: ViewBinding, view: V): V;
  /** The JSON the app sealed for this binding; throws ForgedViewError otherwise. */
  open(binding: ViewBinding, text: string): string;
  /** Whether a response_url kept in metadata is one Slack (or, in playground mode, the emulator) issues. */
  isSlackResponseUrl(url: string): boolean;
}

export function createViewSeal(options: {
  keys: KeyRing;
  /** Origins response_urls may have (slackResponseUrlOrigins). */
  responseUrlOrigins: readonly string[];
  now: () => Date;
}): ViewSeal {
  const current = deriveKey(options.keys.current);
  const verifiers = [current, ...options.keys.old.map(deriveKey)];
  const origins = new Set(options.responseUrlOrigins);
  return {
    seal(binding, view) {
      if (view.private_metadata === undefined || view.private_metadata === '') return view;
      const issued = Math.floor(options.now().getTime() / 1000).toString(36);
      const json = view.private_metadata;
      const sealed = `${VERSION}.${issued}.${mac(current, binding, issued, json)}.${json}`;
      if (sealed.length > LIMITS.privateMetadata || sealed.length - json.length > SEAL_OVERHEAD)
        throw new SlackPayloadError('private_metadata', 'too-large');
      return { ...view, private_metadata: sealed };
    },
    open(binding, text) {
      const parts = SEALED.exec(text);
      if (!parts || text.length > LIMITS.privateMetadata)
        throw new ForgedViewError(binding.purpose, 'unsigned');
      const [, issued = '', given = '', json = ''] = parts;
      const macGiven = Buffer.from(given);
      const matches = verifiers.some((key) =>
        timingSafeEqual(Buffer.from(mac(key, binding, issued, json)), macGiven),
      );
      if (!matches) throw new ForgedViewError(binding.purpose, 'mismatch');
      const age = options.now().getTime() - Number.parseInt(issued, 36) * 1000;
      if (age > VIEW_MAX_AGE_MS || age < -CLOCK_SKEW_MS)
        throw new ForgedViewError(binding.purpose, 'expired');
      return json;
    },
    isSlackResponseUrl(url) {
      try {
        return origins.has(new URL(url).origin);
      } catch {
        return false;
      }
    },
  };
}

const SEALED = /^s1\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})\.([\s\S]*)$/;

/**
 * The JSON of sealed metadata, NOT verified: for access middleware, which decides on what the form
 * says before its handler runs. The handler opens it with ViewSeal.open and acts on nothing else.
 */
export function unverifiedJson(text: string | undefined): string | undefined {
  return SEALED.exec(text ?? '')?.[3];
}

function deriveKey(secret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), HKDF_INFO, 32));
}

/**
 * In Enterprise Grid a person's id is the org's and a command may name another workspace of it than
 * their view's payload does: the org is the scope there, the workspace elsewhere.
 */
function scopeOf(workspace: WorkspaceRef): string {
  return workspace.enterpriseId ? `E:${workspace.enterpriseId}` : `T:${workspace.teamId}`;
}

function mac(key: Buffer, binding: ViewBinding, issued: string, json: string): string {
  const fields = [VERSION, binding.purpose, scopeOf(binding.workspace), binding.userId, issued, json];
  const digest = createHmac('sha256', key).update(fields.join('\u0000')).digest('base64url');
  return digest.slice(0, MAC_CHARS);
}
