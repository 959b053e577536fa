import type { SafeText } from '../blocks/escape.js';

/** The App Home tab. */
export interface HomeMessages {
  header: string;
  connectionTitle: SafeText;
  connection(p: { host: SafeText; state: SafeText; expires?: SafeText | undefined }): SafeText;
  notConnected: SafeText;
  identityTitle: SafeText;
  recentTitle: SafeText;
  noRecent: SafeText;
  alertsTitle: SafeText;
  alertsLine(p: { channel: SafeText; filter: SafeText }): SafeText;
  noAlerts: SafeText;
  moreAlerts(p: { count: number }): SafeText;
  adminTitle: SafeText;
  adminHook(p: { path: SafeText }): SafeText;
  adminPolicy(p: { restricted: number; approvals: number; personal: number }): SafeText;
  /** ≤75 */
  connectButton: string;
  /** ≤75 */
  disconnectButton: string;
  disconnectConfirm: { title: string; text: SafeText; confirm: string; deny: string };
  /** DM after a disconnect from the Home tab. */
  disconnected(p: { user: SafeText }): SafeText;
  notConnectedAnyMore: SafeText;
  footer: SafeText;
}
