import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMrkdwn } from '../src/dev/playground/render/mrkdwn.js';
import { expectWithinBlockKitLimits } from '../src/dev/slack-emulator/block-kit/check-limits.js';
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { emulatorQueries } from './support/emulator-queries.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import { postHookEvent } from './support/hook-events.js';

// Text from outside Slack (a lifecycle hook's fields, the platform's experiment names) reaches the
// channel through the real endpoints and cannot reshape the message around it: no bold, italics,
// strike-through, code, quote or mention of its own, and no bidirectional control characters.

const CHANNEL = 'C0GENERAL';
const USER = 'U0MEMBER1';
const SECRET = 's'.repeat(48);
const RLO = '\u202e';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ env: { LIFECYCLE_HOOK_SECRET: SECRET } });
});
afterAll(async () => {
  await h?.close();
});

const channelMessages = () => h.emulator.messages(CHANNEL).filter((m) => !m.ephemeral);

const { until } = emulatorQueries(() => h.emulator, { channel: CHANNEL });

const sendHookEvent = (fields: Record<string, unknown>) =>
  postHookEvent(`${h.app.url}/hooks/lifecycle`, SECRET, fields);

/** Every mrkdwn text of the message as the playground shows it (Slack's reading of the same text). */
function rendered(message: EmulatedMessage): string {
  const names = { user: () => undefined, channel: () => undefined };
  return messageText(message)
    .split('\n')
    .map((line) => renderMrkdwn(line, names))
    .join('\n');
}

/** What the sender wrote never arrives as raw formatting, and never as a bidi control. */
function expectNeutralised(message: EmulatedMessage, raw: readonly string[]): void {
  const sent = JSON.stringify({ text: message.text, blocks: message.blocks });
  for (const piece of raw) expect(sent).not.toContain(piece);
  expect(sent).not.toMatch(/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/);
  expect(sent).not.toMatch(/\\u202e/i);
  expect(sent).not.toMatch(/(^|\\n)\s*&gt;/);
}

describe('untrusted text in channel messages', () => {
  it('a hook event cannot format, quote or reverse the alert it causes', async () => {
    await h.driver.command({ text: 'subscribe', userId: USER });
    await until(() => channelMessages().find((m) => /subscribed/i.test(messageText(m))), 'not subscribed');

    const status = await sendHookEvent({
      id: 'hostile-1',
      experimentId: 4,
      action: 'stop',
      actor: `*boss*${RLO}gnp.exe`,
      interruptReason: 'other',
      comment: '_urgent_ ~ignore~ `rm` <!channel>\n> forged quote',
    });
    expect(status).toBe(202);
    const alert = await until(
      () => channelMessages().find((m) => messageText(m).includes('gnp.exe')),
      'no alert for the hook event',
    );
    expectNeutralised(alert, ['*boss*', '_urgent_', '~ignore~', '`rm`', '<!channel>', '\n&gt; forged']);
    const seen = rendered(alert);
    // The reader sees the characters as the sender typed them, unformatted.
    expect(seen).toContain('*boss*gnp.exe');
    expect(seen).toContain('_urgent_ ~ignore~ `rm` &lt;!channel&gt;');
    expect(seen).not.toMatch(
      /<b>boss<\/b>|<i>urgent<\/i>|<s>ignore<\/s>|<code>rm<\/code>|bk-mention-broadcast/,
    );
  });

  it('a hook event made only of markers still fits every Block Kit limit once they are shown literally', async () => {
    const status = await sendHookEvent({
      id: 'hostile-2',
      experimentId: 3,
      action: 'stop',
      actor: `${'*'.repeat(199)}Z`,
      interruptReason: 'other',
      comment: '_~`*'.repeat(500),
    });
    expect(status).toBe(202);
    const alert = await until(
      () => channelMessages().find((m) => /stopped experiment \*3\*/.test(messageText(m))),
      'no alert for the long hook event',
    );
    expectWithinBlockKitLimits({ kind: 'message', text: alert.text, blocks: alert.blocks ?? [] });
    expectNeutralised(alert, ['**', '__', '~`']);
  });

  it('a platform name with *bold* and U+202E shows as typed on the card posted in the channel', async () => {
    const seeded = h.sandbox.state.experiments.get(123);
    if (!seeded) throw new Error('the sandbox has no experiment 123');
    h.sandbox.state.experiments.set(123, { ...seeded, name: `*bold* ${RLO}lmth.exe _it_` });

    await h.driver.command({ text: 'start 123', userId: USER });
    const card = await until(
      () => channelMessages().find((m) => messageText(m).includes('lmth.exe')),
      'no card of 123 in the channel',
    );
    expectNeutralised(card, ['*bold*', '_it_']);
    const seen = rendered(card);
    expect(seen).toContain('*bold* lmth.exe _it_');
    expect(seen).not.toMatch(/<b>bold<\/b>|<i>it<\/i>/);
  });
});
