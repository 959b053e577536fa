import { INTENT_NAMESPACE } from '../../core/intents.js';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { workspaceKey } from '../../core/workspace.js';
import type { ClaimedWrite } from '../../store/store-types.js';
import type { SlackDeps } from '../deps.js';
import type { ClaimAhead } from '../receiver/http-receiver.js';
import { workspaceFromCommand } from '../workspace.js';
import { type ParsedRequest, readCommand } from './parse-command.js';

// A lifecycle command's receipt (the intent written before its ack, IntentLog.receive) written by
// the same step as the request's replay claim, where the store has one for both (a script on Redis,
// one statement on PostgreSQL: one round trip before the ack instead of two). The claim still comes
// first and decides: the receipt is written only when the claim takes, so a replay writes nothing,
// and the request reaches its listeners only once the claim is known, as any other. Elsewhere the
// chain writes its own (begun at the claim instead, it is no faster on SQLite).

/** `/exp` and renamed installs such as `/exp-staging`. */
export const EXP_COMMAND_PATTERN = /^\/exp(?:[-_][a-z0-9]+)?$/;
/** Longest `/exp` text read (Slack's own message limit); a stop comment is the longest real input. */
export const COMMAND_TEXT_MAX = 4_000;

const RECEIPT_AHEAD = 'expReceiptAhead';

/** The receipt an acting command writes before its ack; undefined for any other request. */
export function actingOf(
  request: ParsedRequest,
): { action: LifecycleAction; experimentId: number } | undefined {
  const { parsed } = request;
  if (parsed.kind === 'lifecycle') return { action: parsed.action, experimentId: parsed.experimentId };
  if (parsed.kind === 'stop') return { action: 'stop', experimentId: parsed.experimentId };
  return undefined;
}

/** A receipt written with the claim, for the command's chain (Bolt's context, from customProperties). */
interface ReceiptAhead {
  id: string;
  action: LifecycleAction;
  experimentId: number;
  /** Settles when the claim has answered: rejected when the receipt was not written. */
  written: Promise<void>;
  /** The chain took it as its own receipt, and ends it as its own. */
  taken: boolean;
}

type ClaimWith = (key: string, ttlMs: number, write: ClaimedWrite, holder?: string) => Promise<boolean>;

/** Why a receipt written ahead was not: the claim did not take (a replay) or was never made. */
class ReceiptNotWritten extends Error {
  constructor(why: string) {
    super(`the receipt written with the replay claim was not written: ${why}`);
    this.name = 'ReceiptNotWritten';
  }
}

/** A written-ahead receipt for a signed `/exp` body that acts, or undefined. */
export function receiptAhead(
  deps: Pick<SlackDeps, 'intents' | 'actionSlots'>,
  claimWith: ClaimWith,
  body: Record<string, unknown>,
): ClaimAhead | undefined {
  const input = receiptInput(body);
  // With no action slot free the chain refuses it in the ack, with no receipt: none is written
  // ahead either, so a flood of refusals costs the store nothing.
  if (!input || !deps.actionSlots.free(workspaceKey(input.workspace))) return undefined;
  let write: ClaimedWrite | undefined;
  let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
  const receipt = deps.intents.receive(input, (key, value) => {
    write = { namespace: INTENT_NAMESPACE, key, value };
    return new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
  });
  // 'replay': nothing written, for certain (a claim asked again by its holder answers true when its
  // first try landed); 'unknown': the store failed, the write may have landed.
  let claim: 'unmade' | 'first' | 'replay' | 'unknown' = 'unmade';
  let failure: unknown;
  const ahead: ReceiptAhead = {
    id: receipt.id,
    action: input.action,
    experimentId: input.experimentId,
    written: receipt.written,
    taken: false,
  };
  return {
    properties: { [RECEIPT_AHEAD]: ahead },
    // Asked again by the receiver after a failure or a replay, with the same holder; settled once
    // the claim is this request's, or at release.
    async claimOnce(key, ttlMs, holder) {
      if (!write || !settle || claim === 'first') throw new ReceiptNotWritten('claimed twice');
      claim = 'unknown';
      try {
        const first = await claimWith(key, ttlMs, write, holder);
        claim = first ? 'first' : 'replay';
        if (first) settle.resolve();
        return first;
      } catch (error) {
        failure = error;
        throw error;
      }
    },
    release() {
      if (claim === 'unmade')
        settle?.reject(new ReceiptNotWritten('the request was refused before its claim'));
      if (claim === 'replay') settle?.reject(new ReceiptNotWritten('a replay'));
      if (claim === 'unknown') settle?.reject(failure);
      if (claim === 'unmade' || claim === 'replay' || ahead.taken) return;
      // Ended once its write has settled, written or not (a failed store may still have taken it).
      const end = () => deps.intents.endReceipt(receipt.id);
      void receipt.written.then(end, end);
    },
  };
}

/**
 * The receipt written ahead for the same action, if any (still being written, perhaps). `take`: the
 * chain keeps it as its own receipt and ends it as its own; one not taken is ended by the receiver's
 * release.
 */
export function receiptAheadFor(
  context: Record<string, unknown>,
  acting: { action: LifecycleAction; experimentId: number },
): { id: string; written: Promise<void>; take: () => void } | undefined {
  const ahead = context[RECEIPT_AHEAD] as ReceiptAhead | undefined;
  if (!ahead || ahead.action !== acting.action || ahead.experimentId !== acting.experimentId)
    return undefined;
  return {
    id: ahead.id,
    written: ahead.written,
    take: () => {
      ahead.taken = true;
    },
  };
}

function receiptInput(body: Record<string, unknown>) {
  const { command, text = '', team_id, enterprise_id, user_id, channel_id } = body;
  if (typeof command !== 'string' || !EXP_COMMAND_PATTERN.test(command)) return undefined;
  if (typeof text !== 'string' || text.length > COMMAND_TEXT_MAX) return undefined;
  if (typeof team_id !== 'string' || typeof user_id !== 'string' || typeof channel_id !== 'string')
    return undefined;
  const request = readCommand(text);
  const acting = request.opensModal ? undefined : actingOf(request);
  if (!acting) return undefined;
  return {
    workspace: workspaceFromCommand({
      team_id,
      enterprise_id: typeof enterprise_id === 'string' ? enterprise_id : undefined,
    }),
    ...acting,
    actorId: user_id,
    channelId: channel_id,
  };
}
