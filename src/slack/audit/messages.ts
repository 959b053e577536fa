import type { SafeText } from '../blocks/escape.js';
import type { ViewForgedReason } from '../view-seal/view-seal.js';

/** `/exp audit`: the trail of attempts to act, for admins. */
export interface AuditMessages {
  adminOnly: SafeText;
  header: string;
  /** Above the rows: the filter, and that the newest come first. */
  summary(p: { shown: number; experimentId?: number | undefined; user?: SafeText | undefined }): SafeText;
  empty(p: { experimentId?: number | undefined; user?: SafeText | undefined; older: boolean }): SafeText;
  /** One attempt: when, who, what, where, and what came of it. */
  row(p: {
    when: SafeText;
    user: SafeText;
    action: SafeText;
    experimentId?: number | undefined;
    channel?: SafeText | undefined;
    result: SafeText;
    approval?: SafeText | undefined;
    identity?: SafeText | undefined;
    detail?: SafeText | undefined;
  }): SafeText;
  allowed(p: { outcome?: SafeText | undefined }): SafeText;
  refused(p: { rule?: SafeText | undefined }): SafeText;
  /** Rule view-forged: a form the app did not open for this person, or altered; why, when known. */
  viewForged(p: { reason?: ViewForgedReason | undefined }): SafeText;
  approval(p: {
    state: 'requested' | 'approved' | 'rejected' | 'expired';
    requestedBy?: SafeText | undefined;
  }): SafeText;
  identity(p: { identity: 'workspace' | 'channel' | 'personal' | 'default' }): SafeText;
  retention(p: { days: number }): SafeText;
  olderButton: string;
  newestButton: string;
  usage(p: { problem: SafeText }): SafeText;
  badWord(p: { word: SafeText }): SafeText;
}
