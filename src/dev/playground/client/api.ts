import type { ApiAnswer } from './page-state.js';
import { pageTexts } from './page-texts.js';
import { toast } from './toast.js';

/** A failure the person has already been shown as a toast: callers must not show it again. */
export class ShownError extends Error {
  override readonly name = 'ShownError';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * POSTs to the playground's JSON API. A refusal by the playground and an error status from the app
 * are both shown: the first rejects, the second is what Slack would show and still resolves.
 */
export async function api<T extends ApiAnswer = ApiAnswer>(path: string, payload: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
  } catch (error) {
    toast(pageTexts().unreachable(messageOf(error)), 'error');
    throw new ShownError(messageOf(error), { cause: error });
  }
  const parsed: unknown = await res.json().catch(() => ({}));
  const json = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as T;
  if (!res.ok) {
    const failure = new ShownError(json.message || pageTexts().refused(res.status));
    toast(failure.message, 'error');
    throw failure;
  }
  if (typeof json.status === 'number' && json.status !== 200 && json.status !== 0) {
    toast(pageTexts().appFailed(json.status), 'error');
  }
  return json;
}

/** Runs an API call from an event handler: a failure not yet shown becomes a toast, never a page error. */
export function quiet(promise: Promise<unknown>): void {
  promise.catch((error: unknown) => {
    if (!(error instanceof ShownError)) toast(messageOf(error) || String(error), 'error');
  });
}
