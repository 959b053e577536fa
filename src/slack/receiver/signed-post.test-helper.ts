// Test-only: a body POSTed to the receiver as Slack sends it, signed with the app's secret now.
import { request } from 'undici';
import { signSlackRequest } from '../../dev/slack-emulator/driver.js';

export function signedPost(url: string, secret: string, body: string, contentType: string) {
  const timestamp = Math.floor(Date.now() / 1000);
  return request(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': contentType,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': signSlackRequest(secret, timestamp, body),
    },
  });
}
