import {
  SplitterApiError,
  SplitterConnectionError,
  SplitterError,
  SplitterRequestError,
  SplitterResponseError,
  SplitterTimeoutError,
} from '../../splitter/errors.js';
import { md, type SafeText, safe } from '../blocks/escape.js';
import { fallbackText, message, type SlackMessage, section, textMessage } from '../blocks/message.js';
import { BLOCKS } from '../ids.js';
import type { Messages } from '../messages/index.js';

/** How much of the splitter's own words, or of the validation issues, is shown. */
const SPLITTER_QUOTE_MAX = 500;
const CODE_MAX = 40;

function issuesText(error: SplitterRequestError): string {
  if (error.issues.length === 0) return error.message;
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function errorText(error: unknown, messages: Messages): SafeText {
  const s = messages.splitter.errors;
  if (error instanceof SplitterTimeoutError) {
    return s.timeout({ method: error.method, outcomeUnknown: error.outcomeUnknown });
  }
  if (error instanceof SplitterConnectionError) {
    return s.connection({
      method: error.method,
      outcomeUnknown: error.outcomeUnknown,
      code: error.code === undefined ? undefined : safe(error.code, CODE_MAX),
    });
  }
  if (error instanceof SplitterResponseError)
    return s.response({ method: error.method, status: error.status });
  if (error instanceof SplitterRequestError) {
    return s.request({ method: error.method, issues: safe(issuesText(error), SPLITTER_QUOTE_MAX) });
  }
  return s.unexpected({ method: error instanceof SplitterError ? error.method : undefined });
}

/** Ephemeral reply for a splitter use-case that did not succeed. */
export function splitterFailureMessage(
  outcome: { kind: 'not-configured' } | { kind: 'failed'; error: unknown },
  messages: Messages,
): SlackMessage {
  if (outcome.kind === 'not-configured')
    return textMessage(messages.splitter.errors.notConfigured, BLOCKS.errorText);
  return splitterErrorMessage(outcome.error, { messages });
}

/**
 * Ephemeral reply for a failed splitter call, chosen by error class (never by message text). For
 * an exposure it never claims an outcome it does not know (timeouts, lost connections, 5xx).
 */
export function splitterErrorMessage(error: unknown, ctx: { messages: Messages }): SlackMessage {
  const { messages } = ctx;
  if (error instanceof SplitterApiError) {
    const said = error.message.trim();
    const intro = messages.splitter.errors.api({
      method: error.method,
      status: error.status,
      kind: error.kind === undefined ? undefined : safe(error.kind, CODE_MAX),
      quoted: said !== '',
    });
    if (said === '') return textMessage(intro, BLOCKS.errorText);
    // A code block keeps the splitter's text literal; escaping keeps it from pinging or linking.
    const quote = md`\`\`\`${safe(said, SPLITTER_QUOTE_MAX)}\`\`\``;
    return message(fallbackText([intro, quote]), [
      section(intro, BLOCKS.errorText),
      section(quote, BLOCKS.errorQuote),
    ]);
  }
  return textMessage(errorText(error, messages), BLOCKS.errorText);
}
