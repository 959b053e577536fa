import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
// A real HTTP proxy between the app and the sandbox platform injects what networks and gateways do:
// hangs, bodies that trickle, resets before and after the platform applied a request, gateway pages
// (HTML, with 502, 503, 504 and even 200), JSON of another shape, truncated JSON. Each case asserts
// the exact sentence the person gets, and what the platform really did.
import type { EmulatedMessage } from '../src/dev/slack-emulator/types.js';
import { type FaultProxy, GATEWAY_PAGE, startFaultProxy } from './support/fault-proxy.js';
import { type Harness, messageText, startHarness } from './support/harness.js';

const CHANNEL = EMULATOR_DEFAULTS.channelId;
let h: Harness;
let proxy: FaultProxy;
let nextId = 6000;

beforeAll(async () => {
  h = await startHarness({
    env: { CONSOLE_TIMEOUT_MS: '800' },
    platformUrl: async (sandboxUrl) => {
      proxy = await startFaultProxy(sandboxUrl);
      return proxy.url;
    },
  });
});
afterAll(async () => {
  await h?.close();
  await proxy?.close();
});

function freshDraft(): number {
  const id = nextId++;
  const template = h.sandbox.state.experiments.get(4);
  if (template?.status !== 'draft') throw new Error('no draft experiment 4 to copy');
  h.sandbox.state.experiments.set(id, { ...template, id, name: `Fault ${id}`, label: `fault_${id}` });
  return id;
}

const applied = (id: number) => h.sandbox.state.experiments.get(id)?.status === 'running';
const seen = new Set<string>();
async function answerAbout(id: number): Promise<EmulatedMessage> {
  return h.emulator.waitFor(
    () =>
      h.emulator
        .messages(CHANNEL)
        .find(
          (m) => !seen.has(m.ts) && messageText(m).includes(`${id}`) && !/Working on it/.test(messageText(m)),
        ),
    { timeoutMs: 8000, message: `no answer about ${id}` },
  );
}

async function startWith(fault: Parameters<FaultProxy['inject']>[0]): Promise<{ id: number; text: string }> {
  const id = freshDraft();
  proxy.inject(fault, { pathIncludes: `/experiments/v1/${id}/start`, method: 'POST' });
  const started = Date.now();
  const res = await h.driver.command({ text: `start ${id}` });
  expect(res.status).toBe(200);
  expect(Date.now() - started).toBeLessThan(3000);
  const answer = await answerAbout(id);
  seen.add(answer.ts);
  return { id, text: messageText(answer) };
}

const unknown = (cause: string, id: number) =>
  `${cause}: the outcome of *start* on experiment *${id}* is unknown — it may or may not have been applied. Check with \`/exp show ${id}\` before retrying.`;
const notUnderstood = (id: number) =>
  `The platform's answer to *start* on experiment *${id}* could not be understood (a gateway's page, or another shape than expected): whether it was applied is unknown. Check with \`/exp show ${id}\` before retrying.`;

type Case = [string, Parameters<FaultProxy['inject']>[0], boolean, (id: number) => string];
const cases: Case[] = [
  ['a hang', { kind: 'hang' }, false, (id) => unknown('The platform did not answer in time', id)],
  [
    'a body trickling past the timeout',
    { kind: 'slow-body', everyMs: 1_500 },
    true,
    (id) => unknown('The platform did not answer in time', id),
  ],
  [
    'a reset before the platform saw it',
    { kind: 'reset', when: 'before' },
    false,
    (id) => unknown('The connection to the platform was lost', id),
  ],
  [
    'a reset after the platform applied it',
    { kind: 'reset', when: 'after' },
    true,
    (id) => unknown('The connection to the platform was lost', id),
  ],
  [
    'a 502 page from a gateway, before the platform',
    { kind: 'status', when: 'before', status: 502, body: GATEWAY_PAGE, contentType: 'text/html' },
    false,
    (id) => unknown('The platform failed (HTTP 502) after receiving it', id),
  ],
  [
    'a 502 page after the platform applied it',
    { kind: 'status', when: 'after', status: 502, body: GATEWAY_PAGE, contentType: 'text/html' },
    true,
    (id) => unknown('The platform failed (HTTP 502) after receiving it', id),
  ],
  [
    'an empty 504 after applying',
    { kind: 'status', when: 'after', status: 504, body: '', contentType: 'text/plain' },
    true,
    (id) => unknown('The platform failed (HTTP 504) after receiving it', id),
  ],
  [
    'an HTML page with 200',
    { kind: 'replace-body', body: GATEWAY_PAGE, contentType: 'text/html' },
    true,
    notUnderstood,
  ],
  [
    'JSON of another shape',
    { kind: 'replace-body', body: '{"unexpected":[1,2,3]}', contentType: 'application/json' },
    true,
    notUnderstood,
  ],
  [
    'truncated JSON',
    { kind: 'replace-body', body: '{"id": 12, "sta', contentType: 'application/json' },
    true,
    notUnderstood,
  ],
];

describe('a lifecycle action through a misbehaving network: what the person is told', () => {
  // A 502 "before" and a reset "before" look, from the app, exactly like their "after" twins: the
  // app cannot know whether the platform applied it, so it never says "nothing changed".
  it.each(cases)('start through %s', async (_label, fault, platformApplied, expected) => {
    const { id, text } = await startWith(fault);
    expect(applied(id)).toBe(platformApplied);
    expect(text).toContain(expected(id));
    expect(text).not.toMatch(/Nothing changed|started experiment/);
  });
});

describe('reads through a misbehaving network', () => {
  const dict = async (fault: Parameters<FaultProxy['inject']>[0], times: number) => {
    for (let i = 0; i < times; i++)
      proxy.inject(fault, { pathIncludes: '/dictionaries/layers', method: 'GET' });
    const before = Date.now();
    expect((await h.driver.command({ text: 'dict layers --refresh' })).status).toBe(200);
    const answer = await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => !seen.has(m.ts) && m.ephemeral && /platform/i.test(messageText(m))),
      { timeoutMs: 12_000, message: 'no answer to /exp dict' },
    );
    seen.add(answer.ts);
    return { text: messageText(answer), ms: Date.now() - before };
  };

  const notUnderstood =
    "The platform's answer could not be understood (a gateway's page, or another shape than expected), so nothing is shown and nothing was changed.";
  it.each([
    [
      'a 503 page, three times',
      { kind: 'status', when: 'before', status: 503, body: GATEWAY_PAGE, contentType: 'text/html' },
      'The platform failed (HTTP 503). Nothing changed.',
      3,
    ],
    [
      'a reset, three times',
      { kind: 'reset', when: 'before' },
      'Could not reach the experiment platform. Nothing changed. Try again later; an admin can check the connection with `/exp token`.',
      3,
    ],
    [
      'an HTML page with 200',
      { kind: 'replace-body', body: GATEWAY_PAGE, contentType: 'text/html' },
      notUnderstood,
      // An answer that came but cannot be read is not asked again.
      1,
    ],
    [
      'truncated JSON',
      { kind: 'replace-body', body: '[{"id": 1, "na', contentType: 'application/json' },
      notUnderstood,
      1,
    ],
  ] as const)(
    'answers /exp dict through %s with a clear error, in time',
    async (_l, fault, expected, times) => {
      const { text, ms } = await dict(fault as Parameters<FaultProxy['inject']>[0], times);
      expect(text).toContain(expected);
      // One deadline for every try of a command's read (10 s), far from unbounded retries.
      expect(ms).toBeLessThan(10_000);
    },
  );

  it('shows the dictionary again once the platform is back', async () => {
    expect((await h.driver.command({ text: 'dict layers --refresh' })).status).toBe(200);
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(CHANNEL)
          .find((m) => !seen.has(m.ts) && /Dictionary: layers/.test(messageText(m))),
      { timeoutMs: 8000, message: 'the dictionary did not come back' },
    );
  });
});
