import { escapeHtml } from '../render/html.js';
import { SAMPLE_WORKFLOW } from '../sample-workflow.js';

// The sidebar's Workflows entry and the sample workflow's form, as Slack shows a workflow's form
// step: the person answers, then the app's Stop experiment step runs in the channel being viewed.

const REASONS: ReadonlyArray<[string, string]> = [
  ['', 'No reason'],
  ['sequential_testing_significant_change', 'Significant change (sequential testing)'],
  ['critical_metric_impact', 'Critical metric impact'],
  ['bug', 'Bug'],
  ['other', 'Other'],
];

export const WORKFLOWS_SECTION = `<h2 data-text="workflows">Workflows</h2><ul id="workflow-list"><li><button type="button" class="channel" data-workflow="${SAMPLE_WORKFLOW.id}"><span class="channel-name">${escapeHtml(SAMPLE_WORKFLOW.title)}</span></button></li></ul>`;

export const WORKFLOW_DIALOG = `<dialog id="workflow-dialog" class="confirm-dialog" aria-labelledby="workflow-title">
  <form id="workflow-form">
    <h3 id="workflow-title" class="cf-title">${escapeHtml(SAMPLE_WORKFLOW.title)}</h3>
    <p class="workflow-note">A sample workflow: this form, then the app's <strong>Stop experiment</strong> step, run as you in the channel you are viewing.</p>
    <label class="bk-label" for="workflow-experiment">Experiment id</label>
    <input id="workflow-experiment" name="experimentId" class="bk-control" maxlength="200" required placeholder="123">
    <label class="bk-label" for="workflow-reason">Reason</label>
    <select id="workflow-reason" name="reason" class="bk-control">${REASONS.map(([value, label]) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`).join('')}</select>
    <label class="bk-label" for="workflow-comment">Comment</label>
    <textarea id="workflow-comment" name="comment" class="bk-control" maxlength="4000" rows="3"></textarea>
    <p id="workflow-error" class="composer-note" role="alert" hidden></p>
    <div class="cf-buttons">
      <button type="button" id="workflow-cancel" class="bk-button">Cancel</button>
      <button type="submit" class="bk-button bk-style-primary">Submit</button>
    </div>
  </form>
</dialog>`;
