import { signHookBody } from '../../src/core/hooks/signature.js';

/** POSTs one inbound lifecycle event to a hook URL, signed with `secret` as a sender signs it; its status. */
export async function postHookEvent(
  url: string,
  secret: string,
  fields: Record<string, unknown>,
): Promise<number> {
  const body = JSON.stringify(fields);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-exp-timestamp': timestamp,
      'x-exp-signature': signHookBody(secret, timestamp, body),
    },
    body,
  });
  return res.status;
}
