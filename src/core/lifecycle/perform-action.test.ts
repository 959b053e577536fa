import { afterEach, describe, expect, it } from 'vitest';
import { StatusConflictError } from '../../console/errors.js';
import { createMemoryLogger } from '../../observability/logger.js';
import { createAuditLog } from '../audit/audit-log.js';
import { emptyRecord } from '../experiments/record.js';
import { issueGrant } from '../policy/grant.js';
import { type LifecycleOutcome, type LifecycleRequest, runLifecycleAction } from '../run-action.js';
import { createActionSlots } from './action-slots.js';
import { type LifecycleOnOutage, lifecycleOnOutage } from './outage.test-helper.js';
import { performAction } from './perform-action.js';
import type { PerformActionPorts } from './ports.js';

// The use-case alone, over in-memory ports: each port writes what it was asked into one journal,
// so a test reads the order of the steps as well as what each step got.

const NOW = new Date('2026-03-01T10:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const view = { record: emptyRecord(7, NOW.toISOString()), offered: [] };

function request(overrides: Partial<LifecycleRequest> = {}): LifecycleRequest {
  return {
    workspace: { teamId: 'T1' },
    action: 'stop',
    experimentId: 7,
    stop: { reason: 'bug', comment: 'flaky' },
    actorId: 'U1',
    channelId: 'C1',
    grant: issueGrant({
      scope: 'T1',
      action: 'stop',
      decidedFor: 'U1',
      actingAs: { userId: 'U1', personalRequired: false },
      rule: { who: { kind: 'members' }, channels: 'any', approval: false, personal: false },
    }),
    ...overrides,
  };
}

function done(r: LifecycleRequest, expiresInMs = 90 * DAY_MS): LifecycleOutcome {
  return {
    kind: 'done',
    intent: 'i1',
    request: r,
    tokenExpiresAt: new Date(NOW.getTime() + expiresInMs),
    scope: 'T1',
    identity: 'workspace',
    view,
  };
}

interface Fakes {
  /** What the platform makes of the request (or throws). */
  outcome?: (r: LifecycleRequest) => LifecycleOutcome;
  /** The run says the platform answered before recording the answer, as runLifecycleAction does. */
  answersFirst?: boolean;
  /** Telling leaves the thread's parent being remembered, as a first post in a channel does. */
  remembers?: boolean;
  /** The teller throws when telling an outcome (Slack down). */
  tellFails?: boolean;
  slots?: ReturnType<typeof createActionSlots>;
  claimed?: Set<string>;
}

function harness(fakes: Fakes = {}) {
  const journal: string[] = [];
  const audited: unknown[] = [];
  const notified: unknown[] = [];
  const slots = fakes.slots ?? createActionSlots(4);
  const claimed = fakes.claimed ?? new Set<string>();
  let remembering: Promise<void> | undefined;
  const ports: PerformActionPorts<string> = {
    slots: {
      tryTake: (w) => {
        const taken = slots.tryTake(w);
        journal.push(taken ? 'slot taken' : 'slot refused');
        return taken;
      },
      give: (w) => {
        slots.give(w);
        journal.push('slot given');
      },
    },
    run: async (r, hooks) => {
      journal.push('run');
      const outcome = (fakes.outcome ?? done)(r);
      if (fakes.answersFirst && 'intent' in outcome) {
        hooks.answered?.(outcome.intent, outcome.kind === 'done' ? 'done' : 'not-done');
        await Promise.resolve();
        journal.push('answer recorded');
      }
      return outcome;
    },
    intents: {
      telling: async (id, outcome) => void journal.push(`intent ${id} telling ${outcome}`),
      end: async (id) => void journal.push(`intent ${id} ended`),
    },
    tell: {
      outcome: async (o) => {
        if (fakes.tellFails) {
          journal.push(`tell ${o.kind} failed`);
          throw new Error('slack is down');
        }
        journal.push(`told ${o.kind}`);
        if (fakes.remembers)
          remembering = (async () => {
            for (let turn = 0; turn < 5; turn++) await Promise.resolve();
            journal.push('thread remembered');
          })();
        return `line:${o.kind}`;
      },
      settled: async () => await remembering,
      busy: async () => {
        journal.push('told busy');
        return 'line:busy';
      },
      crashed: async () => {
        journal.push('told crashed');
        return 'line:crashed';
      },
      expiringSoon: async (days) => void journal.push(`told expiring in ${days}d`),
    },
    notifySubscribers: async (event, v) => {
      journal.push('subscribers notified');
      notified.push({ event, view: v });
    },
    audit: {
      record: async (scope, entry) => {
        journal.push(`audited ${entry.outcome}`);
        audited.push({ scope, ...entry });
      },
    },
    expiry: {
      now: () => NOW,
      claim: async (key) => {
        if (claimed.has(key)) return false;
        claimed.add(key);
        return true;
      },
    },
    logger: { error: (msg) => void journal.push(`logged ${msg}`) },
    metrics: {
      inc: (_name, labels) => {
        const outcome = new Map(Object.entries(labels ?? {})).get('outcome');
        journal.push(`counted ${outcome}`);
      },
    },
  };
  return { ports, journal, audited, notified, slots };
}

describe('performAction', () => {
  it('tells a done action, then ends its intent and audits it together, then reminds and alerts', async () => {
    const h = harness({ outcome: (r) => done(r, 3 * DAY_MS + 1000) });
    const performed = await performAction(h.ports, request());
    expect(performed).toEqual({ kind: 'done', told: 'line:done', identity: 'workspace' });
    expect(h.journal).toEqual([
      'slot taken',
      'run',
      'intent i1 telling done',
      'told done',
      'intent i1 ended',
      'audited done',
      'told expiring in 3d',
      'subscribers notified',
      'counted done',
      'slot given',
    ]);
    expect(h.notified).toEqual([
      {
        event: { action: 'stop', experimentId: 7, actorId: 'U1', stop: { reason: 'bug', comment: 'flaky' } },
        view,
      },
    ]);
    expect(h.audited).toEqual([
      {
        scope: 'T1',
        userId: 'U1',
        action: 'stop',
        experimentId: 7,
        channelId: 'C1',
        decision: 'allowed',
        outcome: 'done',
        identity: 'workspace',
      },
    ]);
    expect(h.slots.inUse).toBe(0);
  });

  it("keeps a stored request's run intent until its caller has written the request's end", async () => {
    // A replica killed between the two left a running request with no intent: told done, then
    // ended by the due pass as outcome unknown and told that too (issue #50's concurrency test).
    const h = harness();
    const performed = await performAction(h.ports, request({ storedRequest: { scope: 'T1', id: 'r1' } }));
    expect(performed.kind).toBe('done');
    expect(h.journal).toContain('told done');
    expect(h.journal).not.toContain('intent i1 ended');
    await performed.releaseIntent?.();
    await performed.releaseIntent?.();
    expect(h.journal.filter((step) => step === 'intent i1 ended')).toEqual(['intent i1 ended']);
  });

  it('alerts the subscribers and ends the intent even when telling the outcome fails', async () => {
    const h = harness({ tellFails: true });
    const performed = await performAction(h.ports, request());
    expect(performed).toEqual({ kind: 'crashed', told: 'line:crashed', unknown: true });
    expect(h.journal).toEqual([
      'slot taken',
      'run',
      'intent i1 telling done',
      'tell done failed',
      'subscribers notified',
      'logged lifecycle flow failed',
      'told crashed',
      'counted done',
      'intent i1 ended',
      'slot given',
      'audited crashed',
    ]);
    expect(h.notified).toHaveLength(1);
  });

  it('marks the intent telling when the platform answers, alongside recording the answer, and only once', async () => {
    const h = harness({ answersFirst: true });
    await performAction(h.ports, request());
    expect(h.journal.slice(0, 6)).toEqual([
      'slot taken',
      'run',
      'intent i1 telling done',
      'answer recorded',
      'told done',
      'intent i1 ended',
    ]);
    expect(h.journal.filter((step) => step.includes('telling'))).toHaveLength(1);
  });

  it('ends the intent and audits while the thread is remembered, and returns once it is', async () => {
    const h = harness({ remembers: true });
    await performAction(h.ports, request());
    expect(h.journal.slice(2, 7)).toEqual([
      'intent i1 telling done',
      'told done',
      'intent i1 ended',
      'audited done',
      'thread remembered',
    ]);
    expect(h.journal.at(-1)).toBe('slot given');
  });

  it('tells a done action while its record is written, and gives the slot back only once it is', async () => {
    const h = harness();
    let finishWrite = () => {};
    const recorded = new Promise<void>((resolve) => {
      finishWrite = () => {
        h.journal.push('record written');
        resolve();
      };
    });
    h.ports.run = async (r) => {
      h.journal.push('run');
      return { ...done(r), recorded } as LifecycleOutcome;
    };
    const performing = performAction(h.ports, request());
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(h.journal).toContain('told done');
    expect(h.journal).not.toContain('slot given');
    finishWrite();
    await performing;
    const at = (step: string) => h.journal.indexOf(step);
    expect(at('told done')).toBeLessThan(at('record written'));
    expect(at('record written')).toBeLessThan(at('slot given'));
  });

  it('audits a done action once, whatever follows its telling', async () => {
    const h = harness();
    h.ports.notifySubscribers = async () => {
      throw new Error('a notifier that breaks its promise not to throw');
    };
    const performed = await performAction(h.ports, request());
    expect(performed.kind).toBe('crashed');
    // It was done and told before the flow broke: the trail says done, once.
    expect(h.audited).toEqual([expect.objectContaining({ outcome: 'done' })]);
  });

  it('reminds of an expiring token once a day per workspace', async () => {
    const claimed = new Set<string>();
    const soon = (r: LifecycleRequest) => done(r, 2 * DAY_MS);
    const first = harness({ outcome: soon, claimed });
    await performAction(first.ports, request());
    const second = harness({ outcome: soon, claimed });
    await performAction(second.ports, request());
    expect(first.journal).toContain('told expiring in 2d');
    expect(second.journal.filter((s) => s.startsWith('told expiring'))).toEqual([]);
    expect([...claimed]).toEqual(['expiry-reminder:T1:2026-03-01']);
  });

  it('refuses without a slot: nothing runs, the refusal is told and audited as busy', async () => {
    const h = harness({ slots: createActionSlots(0) });
    const performed = await performAction(h.ports, request());
    expect(performed).toEqual({ kind: 'busy', told: 'line:busy' });
    expect(h.journal).toEqual(['slot refused', 'told busy', 'audited busy']);
    expect(h.audited).toEqual([
      expect.objectContaining({ decision: 'refused', rule: 'busy', outcome: 'busy' }),
    ]);
  });

  it('gives back a slot its caller took, without taking another', async () => {
    const slots = createActionSlots(1);
    expect(slots.tryTake('T1')).toBe(true);
    const h = harness({ slots });
    await performAction(h.ports, request(), true);
    expect(h.journal).not.toContain('slot taken');
    expect(h.journal).toContain('slot given');
    expect(slots.inUse).toBe(0);
  });

  it('tells and ends a refused action but alerts nobody', async () => {
    const h = harness({
      outcome: (r) => ({
        kind: 'conflict',
        intent: 'i2',
        request: r,
        error: new StatusConflictError('conflict', {
          status: 400,
          method: 'POST',
          path: '/experiments/v1/7/stop',
          experimentId: 7,
          action: 'stop',
          currentStatus: 'archived',
        }),
        identity: 'personal',
        view,
      }),
    });
    const performed = await performAction(h.ports, request());
    expect(performed).toEqual({ kind: 'conflict', told: 'line:conflict', identity: 'personal' });
    expect(h.journal).toEqual([
      'slot taken',
      'run',
      'intent i2 telling not-done',
      'told conflict',
      'intent i2 ended',
      'audited conflict',
      'counted conflict',
      'slot given',
    ]);
  });

  it('writes no intent step for an outcome where nothing was sent', async () => {
    const h = harness({ outcome: (r) => ({ kind: 'not-connected', request: r }) });
    await performAction(h.ports, request());
    expect(h.journal).toEqual([
      'slot taken',
      'run',
      'told not-connected',
      'audited not-connected',
      'counted not-connected',
      'slot given',
    ]);
  });

  it('audits a crash of the action itself, and the approval it ran under; alerts it as unknown', async () => {
    const approved = request();
    const h = harness({
      outcome: () => {
        throw new TypeError('a programming error');
      },
    });
    const performed = await performAction(h.ports, {
      ...approved,
      grant: issueGrant({ ...approved.grant, approval: { requestId: 'R1', requestedBy: 'U2' } }),
    });
    expect(performed.kind).toBe('crashed');
    expect(h.journal).toEqual([
      'slot taken',
      'run',
      'logged lifecycle flow failed',
      'told crashed',
      'subscribers notified',
      'counted crashed',
      'slot given',
      'audited crashed',
    ]);
    // It may have been sent: the experiment's subscribers hear that its outcome is unknown.
    expect(h.notified).toEqual([
      { event: expect.objectContaining({ action: approved.action, unknown: true }), view: undefined },
    ]);
    expect(h.audited).toEqual([
      expect.objectContaining({
        decision: 'allowed',
        outcome: 'crashed',
        approval: { requestId: 'R1', state: 'approved', requestedBy: 'U2' },
      }),
    ]);
  });
});

describe('performAction when the store goes away once the platform has answered', () => {
  let o: LifecycleOnOutage | undefined;
  afterEach(async () => {
    await o?.close();
    o = undefined;
  });

  /** The real action, intents and audit trail on the store that is cut; the teller says what it got. */
  function realPorts(on: LifecycleOnOutage) {
    const h = harness();
    h.ports.run = (r, hooks) => runLifecycleAction(on.deps, r, hooks);
    h.ports.intents = on.deps.intents;
    h.ports.audit = createAuditLog({
      logs: on.outage.store.logs,
      retentionMs: DAY_MS,
      now: () => new Date(),
      logger: createMemoryLogger(),
    });
    h.ports.expiry = {
      now: () => new Date(),
      claim: (key, ttlMs) => on.outage.store.locks.claim(key, ttlMs),
    };
    h.ports.tell.outcome = async (outcome) => {
      const status = 'view' in outcome ? outcome.view.record.status?.value : undefined;
      h.journal.push(`told ${outcome.kind} ${status}`);
      return `line:${outcome.kind}:${status}`;
    };
    return h;
  }

  it('tells a conflict with the status the platform named, and ends its intent once the store is back', async () => {
    o = await lifecycleOnOutage();
    const h = realPorts(o);
    o.cutWhenAnswered();
    const performed = await performAction(h.ports, o.request('start', 1));
    expect(performed).toEqual({ kind: 'conflict', told: 'line:conflict:running', identity: 'workspace' });
    expect(h.journal).not.toContain('told crashed');
    expect(await o.storedIntents()).toHaveLength(1);
    o.outage.restore();
    expect(await o.deps.intents.writeKept()).toBe(0);
    expect(await o.storedIntents()).toEqual([]);
  });

  it('tells a done action as done though the expiry reminder cannot be claimed', async () => {
    o = await lifecycleOnOutage({ tokenExpiresAt: new Date(Date.now() + 3 * DAY_MS) });
    const h = realPorts(o);
    o.cutWhenAnswered();
    const performed = await performAction(h.ports, o.request('start', 4));
    expect(performed).toEqual({ kind: 'done', told: 'line:done:running', identity: 'workspace' });
    expect(h.journal).not.toContain('told crashed');
    expect(h.journal).toContain('logged token expiry reminder skipped: its claim failed');
  });
});
