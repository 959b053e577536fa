import { api, ShownError } from './api.js';
import { byId } from './dom.js';
import type { ApiAnswer } from './page-state.js';
import { session } from './session.js';
import { toast } from './toast.js';

// The sample workflow: its form, then the app's step. A failed step is shown to the person with
// the step's own reason, as Slack shows it; a completed one shows its outcome.

interface WorkflowAnswer extends ApiAnswer {
  state?: 'running' | 'completed' | 'failed';
  outputs?: Record<string, unknown>;
  error?: string;
}

function outcomeText(answer: WorkflowAnswer): string {
  if (answer.state === 'failed') return `Stop experiment failed: ${answer.error ?? 'no reason given'}`;
  if (answer.state === 'running') return 'The Stop experiment step is still running.';
  return answer.outputs?.outcome === 'approval_requested'
    ? 'Stop experiment completed: the stop waits for approval in the channel.'
    : 'Stop experiment completed: the experiment is stopped.';
}

async function run(form: HTMLFormElement, dialog: HTMLDialogElement, error: HTMLElement): Promise<void> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const answer = await api<WorkflowAnswer>('/api/workflow/run', {
    userId: session.userId,
    teamId: session.teamId,
    channelId: session.channelId,
    workflow: form.dataset.workflow,
    form: { experimentId: text('experimentId'), reason: text('reason'), comment: text('comment') },
  });
  const said = outcomeText(answer);
  if (answer.state === 'failed') {
    // The form stays open with the step's reason, so the person can correct an answer.
    error.textContent = said;
    error.hidden = false;
    return;
  }
  dialog.close();
  toast(said);
}

export function initWorkflows(): void {
  const dialog = byId('workflow-dialog', HTMLDialogElement);
  const form = byId('workflow-form', HTMLFormElement);
  const error = byId('workflow-error', HTMLElement);
  byId('workflow-list', HTMLElement).addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('button[data-workflow]');
    if (!button) return;
    form.reset();
    form.dataset.workflow = button.dataset.workflow ?? '';
    error.hidden = true;
    dialog.showModal();
  });
  byId('workflow-cancel', HTMLElement).addEventListener('click', () => dialog.close());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    run(form, dialog, error).catch((failure: unknown) => {
      if (!(failure instanceof ShownError)) toast(String(failure), 'error');
    });
  });
}
