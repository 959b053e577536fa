import type * as z from 'zod';
import { workspaceKey } from '../../core/workspace.js';
import type { SlackDeps } from '../deps.js';
import { decodeMetadata, SlackPayloadError } from '../payload.js';
import { workspaceFromBody } from '../workspace.js';
import { ForgedViewError, type ViewBinding, type ViewPurpose } from './view-seal.js';

/** The audit trail's rule for a form the app did not open for the person (or one altered since). */
export const VIEW_FORGED_RULE = 'view-forged';

type Deps = Pick<SlackDeps, 'viewSeal' | 'audit' | 'messages' | 'logger'>;

/** The interaction a view's metadata came back in: who sent it, from which workspace. */
export interface ViewPayloadBody {
  user: { id: string; team_id?: string };
  team?: { id?: string; enterprise_id?: string } | null;
  enterprise?: { id?: string } | null;
}

export type OpenedMetadata<T> =
  | { ok: true; value: T }
  /** What to show the person (on a field of the form); nothing was acted on. */
  | { ok: false; text: string };

/** The binding a view opened for the payload's own person, workspace and this purpose would carry. */
export function bindingOf(purpose: ViewPurpose, body: ViewPayloadBody): ViewBinding {
  return { purpose, userId: body.user.id, workspace: workspaceFromBody(body) };
}

/**
 * A view's metadata as the app sealed it for this person, workspace and purpose, decoded with its
 * schema. A seal that does not match (another person's view, metadata the app never wrote, altered)
 * or a kept response_url that is not Slack's is refused and recorded in the audit trail; the app's
 * own metadata that is too old or no longer reads (an older version's) is refused as expired.
 */
export async function openViewMetadata<S extends z.ZodType>(
  deps: Deps,
  input: {
    purpose: ViewPurpose;
    body: ViewPayloadBody;
    text: string | undefined;
    schema: S;
    /** False for options requests: not attempts to act (as access leaves them unrecorded). */
    audit?: boolean;
  },
): Promise<OpenedMetadata<z.output<S>>> {
  const binding = bindingOf(input.purpose, input.body);
  try {
    const value = decodeMetadata(input.schema, deps.viewSeal.open(binding, input.text ?? ''));
    const responseUrl = (value as { responseUrl?: unknown }).responseUrl;
    if (typeof responseUrl === 'string' && !deps.viewSeal.isSlackResponseUrl(responseUrl))
      throw new ForgedViewError(input.purpose, 'response-url');
    return { ok: true, value };
  } catch (error) {
    if (error instanceof SlackPayloadError) return { ok: false, text: deps.messages.modals.expired };
    if (!(error instanceof ForgedViewError)) throw error;
    // The person's own form, left open past its life: stale, not forged.
    if (error.reason === 'expired') return { ok: false, text: deps.messages.modals.expired };
    deps.logger.warn('view metadata refused: not sealed by the app for this person', {
      purpose: error.purpose,
      reason: error.reason,
      userId: binding.userId,
    });
    const scope = scopeOrUndefined(binding);
    if (input.audit !== false && scope !== undefined) {
      await deps.audit.record(scope, {
        userId: binding.userId,
        action: input.purpose,
        decision: 'refused',
        rule: VIEW_FORGED_RULE,
        detail: error.reason,
      });
    }
    return { ok: false, text: deps.messages.modals.forged };
  }
}

/** A payload's workspace ids are the sender's to choose: one no key can be made of has no trail. */
function scopeOrUndefined(binding: ViewBinding): string | undefined {
  try {
    return workspaceKey(binding.workspace);
  } catch {
    return undefined;
  }
}
