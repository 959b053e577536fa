import { parse } from 'node:querystring';

// Slack's interaction payloads arrive as a form field `payload` holding JSON. Bolt reads fields of
// it without checking (a signed `payload=null` throws inside Bolt and is never answered), so a
// signed body is checked for the fields Bolt and the app rely on before Bolt sees it, and parsed
// here, once, for Bolt.

/** Slack's interaction payload types (https://docs.slack.dev/reference/interaction-payloads). */
const INTERACTION_TYPES = new Set([
  'block_actions',
  'block_suggestion',
  'view_submission',
  'view_closed',
  'shortcut',
  'message_action',
  'interactive_message',
  'dialog_submission',
  'dialog_cancellation',
  'dialog_suggestion',
  'workflow_step_edit',
]);

/** Slack's types the app registers no listener for: acked with nothing done, before Bolt. */
const IGNORED_TYPES = new Set([
  'shortcut',
  'message_action',
  'interactive_message',
  'dialog_submission',
  'dialog_cancellation',
  'dialog_suggestion',
  'workflow_step_edit',
]);

/** A parsed payload (Socket Mode's) of a Slack type the app does not handle (see IGNORED_TYPES). */
export function ignoredPayloadType(body: Record<string, unknown>): boolean {
  return typeof body.type === 'string' && IGNORED_TYPES.has(body.type);
}

/** How a signed body is encoded, from its Content-Type alone. */
export type BodyEncoding = 'form' | 'json';

/**
 * Slack posts slash commands and interactions as forms and Events API events as JSON: the
 * Content-Type says which, never the body's text (a JSON event may hold `&payload=` in a string).
 */
export function bodyEncodingOf(contentType: string | undefined): BodyEncoding | undefined {
  const media = contentType?.split(';', 1)[0]?.trim().toLowerCase();
  if (media === 'application/x-www-form-urlencoded') return 'form';
  if (media === 'application/json') return 'json';
  return undefined;
}

/** What sent a body: a slash command's form, an interaction's payload, or an event's JSON. */
type BodySource = 'command' | 'interaction' | 'event';

/** A signed body read as its encoding says. */
export interface SlackBody {
  /** Never set: what tells it from a refusal's inspection. */
  problem?: undefined;
  /** As Bolt's listeners read it: the command's fields, the interaction's payload, the event's JSON. */
  body: Record<string, unknown>;
  source: BodySource;
  /** A type the app handles nowhere (IGNORED_TYPES). */
  ignored: boolean;
  /** An options request (block_suggestion). */
  options: boolean;
}

/** A signed body read as its Content-Type says, or why it cannot be Slack's. */
export type BodyInspection = SlackBody | { problem: string };

/**
 * The questions the request guard asks of a body, with one parse of it (one form parse and one
 * JSON.parse for an interaction): its parse is also the body Bolt's listeners get.
 */
export function inspectSlackBody(rawBody: string, encoding: BodyEncoding): BodyInspection {
  return encoding === 'json' ? inspectJson(rawBody) : inspectForm(rawBody);
}

function inspectJson(rawBody: string): BodyInspection {
  const body = parseJson(rawBody);
  if (!isObject(body)) return { problem: 'body is not a JSON object' };
  return { body, source: 'event', ignored: false, options: false };
}

function inspectForm(rawBody: string): BodyInspection {
  const form = parse(rawBody);
  if (form.payload === undefined) return { body: form, source: 'command', ignored: false, options: false };
  if (typeof form.payload !== 'string') return { problem: 'more than one payload field' };
  const payload = parseJson(form.payload);
  if (payload === undefined) return { problem: 'payload is not JSON' };
  const problem = problemOf(payload);
  if (problem !== undefined || !isObject(payload)) return { problem: problem ?? 'payload is not an object' };
  const type = payload.type;
  return {
    body: payload,
    source: 'interaction',
    ignored: typeof type === 'string' && IGNORED_TYPES.has(type),
    options: type === 'block_suggestion',
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const ID = /^[A-Z0-9][A-Z0-9_-]{1,40}$/i;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown) => typeof v === 'string' && ID.test(v);

function problemOf(payload: unknown): string | undefined {
  if (!isObject(payload)) return 'payload is not an object';
  if (typeof payload.type !== 'string') return 'payload has no type';
  if (!INTERACTION_TYPES.has(payload.type)) return "payload type is not one of Slack's interaction types";
  const user = payload.user;
  if (!isObject(user) || !isId(user.id)) return 'payload has no user id';
  const team = payload.team;
  // Org-wide installs may send team null with the enterprise in `enterprise`; anything else is odd.
  if (team !== undefined && team !== null && !(isObject(team) && isId(team.id)))
    return 'payload has an odd team';
  if (team === null || team === undefined) {
    const enterprise = payload.enterprise;
    const userTeam = user.team_id;
    if (!(isObject(enterprise) && isId(enterprise.id)) && !isId(userTeam)) return 'payload names no team';
  }
  switch (payload.type) {
    case 'block_actions': {
      const actions = payload.actions;
      if (!Array.isArray(actions) || actions.length === 0) return 'block_actions without actions';
      if (!actions.every((a) => isObject(a) && typeof a.action_id === 'string'))
        return 'an action without action_id';
      return undefined;
    }
    case 'block_suggestion':
      return typeof payload.action_id === 'string' ? undefined : 'block_suggestion without action_id';
    case 'view_submission':
    case 'view_closed': {
      const view = payload.view;
      if (!isObject(view) || typeof view.callback_id !== 'string' || typeof view.id !== 'string')
        return 'view without id or callback_id';
      if (payload.type === 'view_submission') {
        const state = view.state;
        if (!isObject(state) || !isObject(state.values)) return 'view_submission without view.state.values';
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
