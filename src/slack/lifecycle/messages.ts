import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { SafeText } from '../blocks/escape.js';

/** Confirm dialog texts: title ≤100, text ≤300, confirm/deny ≤30. */
export interface ConfirmTexts {
  title(experimentId: number): string;
  text(experimentId: number): string;
  confirm: string;
  deny: string;
}

/** The four lifecycle actions as buttons and confirm dialogs (their names: labels/messages.ts). */
export interface ActionMessages {
  /** Button labels, ≤75 (Slack may cut at ~30). */
  button: Record<LifecycleAction, string>;
  startConfirm: ConfirmTexts;
  archiveConfirm: ConfirmTexts;
}

/** Outcomes of start, stop, archive and unarchive, and of actions the app was interrupted in. */
export interface LifecycleMessages {
  /** `experiment`: its name first and its id after where the name is known (labels/label.ts experimentRef). */
  success(p: { action: LifecycleAction; user: SafeText; experiment: SafeText }): SafeText;
  stopDetails(p: { reason: SafeText | undefined; comment: SafeText | undefined }): SafeText;
  /**
   * The app stopped between sending an action and hearing back: reported once, afterwards.
   * `experiment` as in `success`; `experimentId` for the command that shows it.
   */
  interrupted(p: {
    user: SafeText;
    action: LifecycleAction;
    experimentId: number;
    experiment: SafeText;
    when: SafeText;
  }): SafeText;
  /**
   * The platform answered and the process died while telling it: the known outcome, said again
   * (the first telling may or may not have arrived).
   */
  interruptedWhileTelling(p: {
    user: SafeText;
    action: LifecycleAction;
    experimentId: number;
    experiment: SafeText;
    when: SafeText;
    done: boolean;
  }): SafeText;
  /** The process died after acknowledging the request and before sending it: nothing was sent. */
  interruptedBeforeSending(p: {
    user: SafeText;
    action: LifecycleAction;
    experiment: SafeText;
    when: SafeText;
  }): SafeText;
  /** `experiment` as in `success`. */
  conflict(p: {
    action: LifecycleAction;
    user: SafeText;
    experiment: SafeText;
    status: SafeText | undefined;
  }): SafeText;
  working(p: { action: LifecycleAction; experimentId: number }): SafeText;
  duplicateClick: SafeText;
}
