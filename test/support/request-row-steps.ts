import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { definitionFromManifest } from '../../src/dev/slack-emulator/functions.js';
import { EMULATOR_DEFAULTS } from '../../src/dev/slack-emulator/seed.js';
import type { EmulatedMessage } from '../../src/dev/slack-emulator/types.js';
import type { Harness } from './harness.js';
import { postedButton } from './posted-button.js';
import type { End, Row, Told } from './request-oracle.js';
import { approvalIdOf, atTime } from './requests.js';

// How the composition test drives one row through the real entry points: it asks on its surface
// (a command, a card's button, the stop form, a workflow step), then someone decides (Approve,
// Reject… and its form, `/exp unschedule`). Each row has its own experiment and its own people,
// so rows can run side by side.

export const GENERAL = EMULATOR_DEFAULTS.channelId;
const TIMEOUT_MS = 10_000;

const manifest = parse(readFileSync(new URL('../../manifest.yml', import.meta.url), 'utf8')) as {
  functions: { stop_experiment: Parameters<typeof definitionFromManifest>[0] };
};
/** The stop step as the manifest declares it (the emulator checks its outputs against it, as Slack does). */
const STOP_STEP = definitionFromManifest(manifest.functions.stop_experiment);

/** One row as it is run. */
export interface RowRun {
  row: Row;
  experimentId: number;
  requester: string;
  approver: string;
  /** The card its Start button is on (the card surface). */
  cardTs?: string;
  /** The stored request, once one was stored. */
  requestId?: string;
  /** This step showed the requester something no message holds (a form's errors, a step's end). */
  shown: boolean;
  /** The blocks the stop form was refused under, when it was. */
  formErrors?: string[] | undefined;
  /** What the row came to, once its last step is done. */
  observed?: { calls: number; end: End; told: Told[] } | { error: string };
}

/** The stop reason the row gives: Other with no comment where the rule is about that comment. */
const reasonOf = (row: Row) => (row.rule === 'other-comment' ? 'other' : 'bug');

/** Before the step that asks: the card surface's card is posted (it is no news to anyone). */
export async function prepare(h: Harness, run: RowRun): Promise<void> {
  if (run.row.surface === 'card') run.cardTs = (await postedButton(h, GENERAL, 'start', run.experimentId)).ts;
}

/** The row's person asks on the row's surface, for `at` when given. */
export async function ask(h: Harness, run: RowRun, at: Date | undefined): Promise<void> {
  const { experimentId: id, requester } = run;
  const reason = reasonOf(run.row);
  switch (run.row.surface) {
    case 'command': {
      const when = at ? ` ${atTime(at)}` : '';
      await h.driver.command({ text: `stop ${id}${when} ${reason}`, userId: requester, channelId: GENERAL });
      return;
    }
    case 'card': {
      const card = h.emulator.messages(GENERAL).find((m) => m.ts === run.cardTs);
      if (!card) throw new Error('no card');
      await h.driver.clickButton(card, 'exp_lifecycle_start', { userId: requester });
      return;
    }
    case 'form':
      return askThroughForm(h, run, reason, at);
    case 'workflow':
      return askThroughStep(h, run, reason);
  }
}

async function askThroughForm(h: Harness, run: RowRun, reason: string, at: Date | undefined): Promise<void> {
  const { requester } = run;
  const views = new Set(h.emulator.views.keys());
  const replies = new Set(h.emulator.messages(GENERAL).map((m) => m.ts));
  await h.driver.command({ text: `stop ${run.experimentId}`, userId: requester, channelId: GENERAL });
  // The form opens, or the command is refused before it does.
  const opened = await h.emulator.waitFor(
    () =>
      [...h.emulator.views.values()].find(
        (v) => !views.has(v.id) && v.userId === requester && v.view.callback_id === 'exp_stop_modal',
      ) ??
      (h.emulator
        .messages(GENERAL)
        .some((m) => !replies.has(m.ts) && m.ephemeral && m.targetUserId === requester) &&
        'refused'),
    { timeoutMs: TIMEOUT_MS, message: `no stop form nor answer for ${requester}` },
  );
  if (opened === 'refused') return;
  const submitted = await h.driver.submitView(
    opened.id,
    {
      exp_stop_reason: {
        exp_stop_reason_select: { type: 'static_select', selected_option: { value: reason } },
      },
      ...(at
        ? { exp_stop_when: { exp_stop_when_input: { type: 'plain_text_input', value: atTime(at) } } }
        : {}),
    },
    { userId: requester },
  );
  if (submitted.outcome.kind === 'errors') {
    run.shown = true;
    run.formErrors = Object.keys(submitted.outcome.errors);
  }
}

async function askThroughStep(h: Harness, run: RowRun, reason: string): Promise<void> {
  const started = await h.driver.runStep({
    definition: STOP_STEP,
    callbackId: 'stop_experiment',
    ranBy: run.requester,
    inputs: { experiment_id: String(run.experimentId), channel_id: GENERAL, reason },
  });
  const execution = await h.emulator.waitFor(
    () => {
      const e = h.emulator.functionExecution(started.execution.id);
      return e && e.state !== 'running' ? e : undefined;
    },
    { timeoutMs: TIMEOUT_MS, message: `the step of ${run.requester} never ended` },
  );
  // What a step ends with is said to whoever ran it, but for a plain "done": its result is the channel's.
  if (execution.state === 'failed' || execution.outputs?.outcome !== 'done') run.shown = true;
}

/** The row's approval request in the channel. */
function approvalMessage(h: Harness, run: RowRun): Promise<EmulatedMessage> {
  const carries = (m: EmulatedMessage) => {
    try {
      return approvalIdOf(m) === run.requestId;
    } catch {
      return false;
    }
  };
  return h.emulator.waitFor(() => h.emulator.messages(GENERAL).find((m) => !m.ephemeral && carries(m)), {
    timeoutMs: TIMEOUT_MS,
    message: `no approval request for experiment ${run.experimentId}`,
  });
}

/** Someone decides on the row's waiting request: its approver approves or rejects, its requester takes it back. */
export async function decide(
  h: Harness,
  run: RowRun,
  decision: 'approve' | 'reject' | 'cancel',
): Promise<void> {
  if (decision === 'cancel') {
    await h.driver.command({
      text: `unschedule ${run.experimentId}`,
      userId: run.requester,
      channelId: GENERAL,
    });
    return;
  }
  const request = await approvalMessage(h, run);
  if (decision === 'approve') {
    await h.driver.clickButton(request, 'exp_approval_approve', { userId: run.approver });
    return;
  }
  const views = new Set(h.emulator.views.keys());
  await h.driver.clickButton(request, 'exp_approval_reject', { userId: run.approver });
  const form = await h.emulator.waitFor(
    () =>
      [...h.emulator.views.values()].find(
        (v) => !views.has(v.id) && v.userId === run.approver && v.view.callback_id === 'exp_reject_modal',
      ),
    { timeoutMs: TIMEOUT_MS, message: `no reject form for ${run.approver}` },
  );
  await h.driver.submitView(
    form.id,
    { exp_reject_reason: { exp_reject_reason_input: { type: 'plain_text_input', value: 'Not now' } } },
    { userId: run.approver },
  );
}
