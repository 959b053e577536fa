import type { webApi } from '@slack/bolt';
import type { RequestDraft } from '../../core/requests/action-request.js';
import type { RequestPorts, RunAllowed } from '../../core/requests/ports.js';
import type { SubmitOutcome } from '../../core/requests/submit-request.js';
import type { SlackMessage } from '../blocks/message.js';
import type { Speaking } from '../locale/scope.js';

/** One way of asking, as a Slack surface asks: what, from where, and how its person hears back. */
export interface SlackAsk {
  draft: RequestDraft;
  client: webApi.WebClient;
  /** Sends it now, told where the surface says (the command's reply, the card, the modal). */
  run: RunAllowed;
  /** The person typed or clicked in the draft's channel (else Slack is asked whether they are in it). */
  attestedInChannel: boolean;
  /** A command's receipt, which names a waiting request before it is stored (IntentLog.noteRequest). */
  receipt?: string | undefined;
  /** To the person who asked, alone. */
  tell(message: SlackMessage): Promise<void>;
  /** Into the channel when the bot cannot post there itself (response_url). */
  inChannelFallback?: ((message: SlackMessage) => Promise<void>) | undefined;
}

/** What came of asking, and whether the channel saw what it had to (an approval request, an announcement). */
export interface Asked {
  outcome: SubmitOutcome;
  posted: boolean;
}

/**
 * Asking for an action as a Slack surface asks, and the request use-cases' ports over Slack: built
 * once for the process (compose), so a feature that asks takes this one service and its language
 * rather than the stores and lookups the request path uses.
 */
export interface AskingService {
  ask(speaking: Speaking, ask: SlackAsk): Promise<Asked>;
  /** The request ports over this request's Slack client (cancelling, deciding an approval). */
  ports(
    speaking: Speaking,
    client: webApi.WebClient,
    options?: { budgetMs?: number | undefined },
  ): RequestPorts;
}
