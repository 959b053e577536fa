import * as z from 'zod';
import { APPROVABLE_ACTIONS } from '../approvals/approval.js';
import { WhoSchema } from '../policy/policy.js';
import { StopRequest } from '../stop-reason.js';

// One request to act, however it was asked: a command, a card's button, a form, a workflow step;
// waiting for a second person's approval, for its time, or neither. Its state changes only through
// the transitions in transitions.ts, and it is decided in full (evaluate.ts) right before the
// platform is called, whatever happened since it was asked.

export const REQUEST_STATES = [
  'pending-approval',
  'scheduled',
  'running',
  'done',
  'failed',
  'rejected',
  'expired',
  'cancelled',
  'outcome-unknown',
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** A request in one of these states changes no more. */
export const TERMINAL_STATES: ReadonlySet<RequestState> = new Set([
  'done',
  'failed',
  'rejected',
  'expired',
  'cancelled',
  'outcome-unknown',
]);
export const isTerminal = (state: RequestState) => TERMINAL_STATES.has(state);

/** Where the request came from: shown with its result ("from the workflow …", "scheduled by …"). */
const REQUEST_SURFACES = ['command', 'card', 'form', 'workflow', 'home'] as const;
export type RequestSurface = (typeof REQUEST_SURFACES)[number];

const SlackId = z.string().min(1).max(64);

const Participant = z.object({
  userId: z.number().int().nullable().optional(),
  visitorId: z.string().max(200).nullable().optional(),
});

/** What would be sent, exactly as it will be sent. */
export const RequestWhat = z.object({
  action: z.enum(APPROVABLE_ACTIONS),
  experimentId: z.int().positive().optional(),
  stop: StopRequest.optional(),
  expose: z.object({ label: z.string().max(300), platformId: z.int(), participant: Participant }).optional(),
});
export type RequestWhat = z.infer<typeof RequestWhat>;

const RequestApproval = z.object({
  /** Who may approve, as the policy named them when it was asked (shown to both people). */
  approvers: WhoSchema.optional(),
  /** After this the request expires unanswered: the due time plus a window, or the approval TTL. */
  validUntil: z.string().max(40),
  decidedBy: SlackId.optional(),
  decidedAt: z.string().max(40).optional(),
  /** What the person who rejected it said (optional). */
  reason: z.string().max(500).optional(),
  /** The request's message in the channel, updated as its state changes. */
  messageTs: z.string().max(64).optional(),
});

/** One step of the request's life, kept with it (the audit trail has every step too). */
const Step = z.object({
  state: z.enum(REQUEST_STATES),
  at: z.string().max(40),
  by: SlackId.optional(),
});

export const ActionRequest = z.object({
  v: z.literal(1),
  id: z.string().uuid(),
  /** workspaceKey of the workspace. */
  scope: z.string().max(200),
  teamId: SlackId,
  enterpriseId: SlackId.optional(),
  requestedBy: SlackId,
  /** Where it was asked and where its result goes: a channel the person is in, or a DM. */
  channelId: SlackId,
  surface: z.enum(REQUEST_SURFACES),
  /** The workflow a step ran in, for "from the workflow …". */
  workflow: z.string().max(200).optional(),
  what: RequestWhat,
  /** ISO, UTC; absent: now. */
  runAt: z.string().max(40).optional(),
  /** The IANA zone a time was typed in (shown back with it). */
  timeZone: z.string().max(64).optional(),
  approval: RequestApproval.optional(),
  state: z.enum(REQUEST_STATES),
  /** Why it ended where it did: the rule that refused it, the platform's outcome, "missed". */
  why: z.string().max(120).optional(),
  createdAt: z.string().max(40),
  history: z.array(Step).max(16),
  /**
   * Its ending is yet to be told to its people: set by the endings a person or the clock makes
   * (cancelled, rejected, expired), cleared once told. A process that dies before telling leaves it
   * set, and the due pass tells it instead.
   */
  tellOwed: z.literal(true).optional(),
});
export type ActionRequest = z.infer<typeof ActionRequest>;

/** A request as a surface asks it, before it is anything. */
export type RequestDraft = Pick<ActionRequest, 'teamId' | 'requestedBy' | 'channelId' | 'surface' | 'what'> &
  Partial<Pick<ActionRequest, 'enterpriseId' | 'workflow' | 'runAt' | 'timeZone'>>;
