import type { LifecycleAction } from '../../src/core/lifecycle-action.js';
import type { EmulatedMessage } from '../../src/dev/slack-emulator/types.js';
import { lifecycleButton } from '../../src/slack/lifecycle/buttons.js';
import { en } from '../../src/slack/messages/index.js';
import type { Harness } from './harness.js';

/** A real lifecycle button, as the app posts it (built for no known status), for anyone to click. */
export async function postedButton(
  h: Harness,
  channel: string,
  action: LifecycleAction,
  experimentId: number,
): Promise<EmulatedMessage> {
  const res = await fetch(`${h.emulator.apiUrl}chat.postMessage`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.emulator.identity.botToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      channel,
      text: `experiment ${experimentId}`,
      blocks: [
        { type: 'actions', block_id: 'b', elements: [lifecycleButton(action, experimentId, en, null)] },
      ],
    }),
  });
  const { ts } = (await res.json()) as { ts: string };
  const message = h.emulator.messages(channel).find((m) => m.ts === ts);
  if (!message) throw new Error('the emulator kept no message');
  return message;
}
