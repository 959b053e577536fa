import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLog } from '../src/core/audit/audit-log.js';
import { EMULATOR_DEFAULTS } from '../src/dev/slack-emulator/seed.js';
import { type Harness, messageText, startHarness } from './support/harness.js';
import {
  ACTION_OF,
  approvalWhenAsked,
  asksForTime,
  compositionRows,
  oracle,
  RULES,
  type Rule,
  type State,
  type Told,
} from './support/request-oracle.js';
import { auditTrail, observe, snapshot, storedRequestId, toldSince } from './support/request-row-reading.js';
import { ask, decide, GENERAL, prepare, type RowRun } from './support/request-row-steps.js';
import { atTime, experiments, movableClock, secondsFromNow, storedRequest } from './support/requests.js';

// Every way of asking × every policy rule × every state a request goes through, through the real
// entry points, against one oracle (support/request-oracle.ts): the platform calls made, how the
// request ended, and who was told. Rows that share a policy run side by side, each with its own
// experiment and people; a rule's rows are asked under it, and those waiting for a time meet it
// when the clock the due pass reads is moved past it.

const ADMIN = EMULATOR_DEFAULTS.adminUserId;
const RANDOM = EMULATOR_DEFAULTS.publicChannelWithoutBot;
const HOUR = 60 * 60 * 1000;
/** Rows acting at once: enough to overlap, few enough that a form's 3 s trigger never lapses. */
const WIDTH = 4;

const clock = movableClock();
let h: Harness;
let audit: AuditLog;
const fresh = experiments(() => h, 9_000);

const runs: RowRun[] = compositionRows().map((row, i) => ({
  row,
  // A fresh experiment each, made once the sandbox runs.
  experimentId: 0,
  requester: `U0RQ${String(i).padStart(3, '0')}`,
  approver: `U0AP${String(i).padStart(3, '0')}`,
  shown: false,
}));

/** The admin commands that put each rule in force, and take it back. */
const RULE_COMMANDS: Record<Exclude<Rule, 'none'>, { on: string[]; off: string[] }> = {
  who: { on: ['set start admins', 'set stop admins'], off: ['set start members', 'set stop members'] },
  channel: {
    on: [`channels start <#${RANDOM}|random>`, `channels stop <#${RANDOM}|random>`],
    off: ['channels start any', 'channels stop any'],
  },
  personal: {
    on: ['personal start on', 'personal stop on'],
    off: ['personal start off', 'personal stop off'],
  },
  approval: {
    on: ['approval start on', 'approval stop on'],
    off: ['approval start off', 'approval stop off'],
  },
  schedule: { on: ['set schedule admins'], off: ['set schedule action'] },
  'other-comment': { on: ['other-comment required'], off: ['other-comment optional'] },
};
const inForce = new Set<Exclude<Rule, 'none'>>();

async function policyTo(rules: Rule[]): Promise<void> {
  const wanted = new Set(rules.filter((r): r is Exclude<Rule, 'none'> => r !== 'none'));
  for (const rule of RULES) {
    if (rule === 'none' || wanted.has(rule) === inForce.has(rule)) continue;
    const { on, off } = RULE_COMMANDS[rule];
    for (const text of wanted.has(rule) ? on : off)
      await h.driver.command({ text: `policy ${text}`, userId: ADMIN, channelId: GENERAL });
    if (wanted.has(rule)) inForce.add(rule);
    else inForce.delete(rule);
  }
  await h.app.idle();
}

async function inTurns(items: readonly RowRun[], act: (run: RowRun) => Promise<void>): Promise<void> {
  const queue = [...items];
  const turn = async () => {
    for (let run = queue.shift(); run; run = queue.shift()) await act(run);
  };
  await Promise.all(Array.from({ length: WIDTH }, turn));
}

const live = (selected: readonly RowRun[]) => selected.filter((run) => run.observed === undefined);

/** One step of each row, side by side; who heard of each row during it. */
async function step(selected: readonly RowRun[], act: (run: RowRun) => Promise<void>) {
  const before = snapshot(h, selected);
  await inTurns(selected, async (run) => {
    run.shown = false;
    try {
      await act(run);
    } catch (error) {
      run.observed = { error: String(error) };
    }
  });
  await h.app.idle();
  return new Map(selected.map((run) => [run, toldSince(h, before, run)]));
}

async function finish(run: RowRun, told: Told[] | undefined): Promise<void> {
  if (run.observed === undefined) run.observed = await observe(h, audit, run, told ?? []);
}

/** The rows ask (for `at` where they ask for a time); a row that stored nothing, or asked now, ends here. */
async function askAll(selected: readonly RowRun[], at?: Date): Promise<void> {
  const rows = live(selected);
  for (const run of rows) await prepare(h, run);
  const told = await step(rows, (run) => ask(h, run, asksForTime(run.row) ? at : undefined));
  for (const run of live(rows)) {
    run.requestId = await storedRequestId(h, audit, run);
    if (run.requestId === undefined || run.row.state === 'now') await finish(run, told.get(run));
  }
}

const DECISION: Partial<Record<State, 'approve' | 'reject' | 'cancel'>> = {
  approved: 'approve',
  rejected: 'reject',
  cancelled: 'cancel',
};

/** Each waiting row is decided as its state says: approved, rejected, or taken back. */
async function decideAll(selected: readonly RowRun[]): Promise<void> {
  const rows = live(selected).filter((run) => DECISION[run.row.state] !== undefined);
  const told = await step(rows, (run) => decide(h, run, DECISION[run.row.state] ?? 'cancel'));
  for (const run of live(rows)) await finish(run, told.get(run));
}

/**
 * The clock the due pass reads moves past `dueAt`, until the pass has acted on everything due by
 * then: an admin's archive scheduled a second later has run (the pass takes requests in time order).
 */
async function passBy(dueAt: Date): Promise<void> {
  const sentinel = fresh('stopped');
  const at = new Date(dueAt.getTime() + 1_000);
  await h.driver.command({ text: `archive ${sentinel} ${atTime(at)}`, userId: ADMIN, channelId: GENERAL });
  await h.app.idle();
  clock.set(at.getTime() + 1_000 - Date.now());
  try {
    await h.emulator.waitFor(
      () =>
        h.emulator
          .messages(GENERAL)
          .find(
            (m) =>
              !m.ephemeral &&
              messageText(m).includes(`archived experiment *Asked ${sentinel}* (#${sentinel})`),
          ),
      { timeoutMs: 20_000, message: `the due pass did not reach ${at.toISOString()}` },
    );
    await h.app.idle();
  } finally {
    clock.set(0);
  }
}

/** The waiting rows meet `dueAt`; what the pass did to each is their last step. */
async function whenDue(selected: readonly RowRun[], dueAt: Date): Promise<void> {
  const rows = live(selected);
  const before = snapshot(h, rows);
  await passBy(dueAt);
  for (const run of rows) await finish(run, toldSince(h, before, run));
}

/**
 * One rule's rows: those whose policy changes are asked with none in force, then the rule comes
 * in; its rows are asked under it, taken back, and meet their time; then approval is switched on
 * beside it for the approval states, decided at once (an expiry waits for the end).
 */
async function rulePhase(rule: Rule): Promise<void> {
  const mine = runs.filter((run) => run.row.rule === rule);
  const inState = (...states: State[]) => mine.filter((run) => states.includes(run.row.state));
  const due = secondsFromNow(HOUR);
  await policyTo([]);
  await askAll(inState('policy-changed'), due);
  await policyTo([rule]);
  const underRule = mine.filter(
    (run) => run.row.state !== 'policy-changed' && (rule === 'approval' || !approvalWhenAsked(run.row)),
  );
  await askAll(underRule, due);
  await decideAll(underRule);
  await whenDue(inState('scheduled', 'policy-changed'), due);
  const withApproval = mine.filter((run) => rule !== 'approval' && approvalWhenAsked(run.row));
  if (withApproval.length === 0) return;
  await policyTo([rule, 'approval']);
  await askAll(withApproval);
  await decideAll(withApproval);
}

/** Nobody answered the rows that expire: the clock moves past the last of their approvals' validity. */
async function expiryPhase(): Promise<void> {
  await policyTo([]);
  const rows = live(runs.filter((run) => run.row.state === 'expired'));
  const validity = await Promise.all(
    rows.map(async (run) =>
      Date.parse((await storedRequest(h, run.requestId ?? ''))?.approval?.validUntil ?? ''),
    ),
  );
  const latest = Math.max(...validity.filter(Number.isFinite));
  if (!Number.isFinite(latest)) return;
  await whenDue(rows, new Date(latest));
}

beforeAll(async () => {
  h = await startHarness({ start: { scheduleClock: clock.now, workingNoteAfterMs: 60_000 } });
  audit = auditTrail(h);
  const member = h.emulator.users.get(EMULATOR_DEFAULTS.userId);
  const general = h.emulator.channels.get(GENERAL);
  if (!member || !general) throw new Error('no member or #general in the emulator');
  for (const run of runs) {
    run.experimentId = fresh(ACTION_OF[run.row.surface] === 'stop' ? 'running' : 'draft');
    h.emulator.users.set(run.requester, { ...member, id: run.requester, name: run.requester.toLowerCase() });
    h.emulator.users.set(run.approver, {
      ...member,
      id: run.approver,
      name: run.approver.toLowerCase(),
      is_admin: true,
    });
    general.members.push(run.requester, run.approver);
  }
  for (const rule of RULES) await rulePhase(rule);
  await expiryPhase();
}, 150_000);
afterAll(async () => {
  await h?.close();
});

describe('a request on every surface, under every rule, in every state, against one oracle', () => {
  it.each(runs.map((run) => [`${run.row.surface} × ${run.row.rule} × ${run.row.state}`, run] as const))(
    '%s',
    (_name, run) => {
      expect(run.observed).toEqual(oracle(run.row));
    },
  );
});
