import { DictionaryBudgetExceededError } from '../../console/dictionaries/budget.js';
import {
  ConnectionError,
  ConsoleTimeoutError,
  ExperimentNotFoundError,
  ForbiddenError,
  InsufficientScopeError,
  InvalidRequestError,
  InvalidTokenError,
  MissingAuthError,
  ServerError,
  StatusConflictError,
  UnexpectedResponseError,
  UnexpectedStatusError,
  ValidationError,
} from '../../console/errors.js';
import { primaryMessage } from '../../console/parse-error.js';
import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { BLOCKS } from '../ids.js';
import { statusText } from '../labels/label.js';
import type { Messages } from '../messages/index.js';
import { md, type SafeText, safe } from './escape.js';
import { fallbackText, message, type SlackMessage, section, textMessage } from './message.js';

/** How much of the platform's own words a validation reply quotes. */
const PLATFORM_QUOTE_MAX = 500;

const LIFECYCLE_ACTIONS: readonly string[] = ['start', 'stop', 'archive', 'unarchive'];

function asAction(value: string | undefined): LifecycleAction | undefined {
  return value !== undefined && LIFECYCLE_ACTIONS.includes(value) ? (value as LifecycleAction) : undefined;
}

export interface ErrorContext {
  /** The lifecycle action that failed, when it was one: decides "outcome unknown" wording. */
  action?: LifecycleAction | undefined;
  experimentId?: number | undefined;
  /**
   * A non-idempotent request (lifecycle action, create, edit) was sent: a failure after sending may
   * have been applied, so it is "outcome unknown", never "nothing changed". Implied by `action`.
   */
  mutation?: boolean | undefined;
  messages: Messages;
}

function validationMessage(error: ValidationError, messages: Messages): SlackMessage {
  const said = error.body === undefined ? undefined : (primaryMessage(error.body) ?? error.body.trim());
  const intro = messages.errors.validation({ status: error.status, quoted: Boolean(said) });
  if (!said) return textMessage(intro, BLOCKS.errorText);
  // A code block keeps the platform's text literal; escaping keeps it from pinging or linking.
  const quote = md`\`\`\`${safe(said, PLATFORM_QUOTE_MAX)}\`\`\``;
  return message(fallbackText([intro, quote]), [
    section(intro, BLOCKS.errorText),
    section(quote, BLOCKS.errorQuote),
  ]);
}

function errorText(error: unknown, ctx: ErrorContext): SafeText {
  const { messages } = ctx;
  const op = { action: ctx.action, experimentId: ctx.experimentId };
  if (error instanceof ExperimentNotFoundError) {
    return messages.errors.notFound({ experimentId: ctx.experimentId ?? error.experimentId });
  }
  if (error instanceof MissingAuthError) return messages.errors.notConnected;
  // A read given up at its deadline (it may still finish and fill the cache for the next ask).
  if (error instanceof DictionaryBudgetExceededError) return messages.errors.timeout;
  if (error instanceof InvalidTokenError) return messages.errors.invalidToken;
  if (error instanceof InsufficientScopeError) return messages.errors.insufficientScope;
  if (error instanceof ForbiddenError) return messages.errors.forbidden;
  if (error instanceof StatusConflictError) {
    return messages.errors.conflict({
      action: ctx.action ?? asAction(error.action),
      experimentId: ctx.experimentId ?? error.experimentId,
      status:
        error.currentStatus === undefined ? undefined : statusText(messages.labels, error.currentStatus),
    });
  }
  const sent = ctx.mutation === true || ctx.action !== undefined;
  if (error instanceof ServerError)
    return sent
      ? messages.errors.outcomeUnknown({ ...op, cause: 'server', status: error.status })
      : messages.errors.server({ status: error.status });
  if (error instanceof UnexpectedStatusError)
    return messages.errors.unexpectedStatus({ ...op, status: error.status });
  if (error instanceof UnexpectedResponseError)
    return sent && ctx.action === undefined
      ? messages.errors.outcomeUnknown({ ...op, cause: 'response' })
      : messages.errors.unexpectedResponse(op);
  if (error instanceof ConsoleTimeoutError) {
    return error.outcomeUnknown
      ? messages.errors.outcomeUnknown({ ...op, cause: 'timeout' })
      : messages.errors.timeout;
  }
  if (error instanceof ConnectionError) {
    return error.outcomeUnknown
      ? messages.errors.outcomeUnknown({ ...op, cause: 'connection' })
      : messages.errors.connection;
  }
  if (error instanceof InvalidRequestError) {
    const issues = error.issues.length > 0 ? error.issues.join('; ') : error.message;
    return messages.errors.invalidRequest({ issues: safe(issues, PLATFORM_QUOTE_MAX) });
  }
  return messages.errors.unexpected(op);
}

/**
 * Ephemeral reply for a failed platform call, chosen by error class (never by message text). A
 * status conflict is normally shown in the channel with statusConflictMessage; this is its
 * ephemeral form. Anything that is not a ConsoleError gets the "unexpected" wording.
 */
export function platformErrorMessage(error: unknown, ctx: ErrorContext): SlackMessage {
  if (error instanceof ValidationError) return validationMessage(error, ctx.messages);
  return textMessage(errorText(error, ctx), BLOCKS.errorText);
}
