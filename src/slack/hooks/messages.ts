import type { SafeText } from '../blocks/escape.js';

/** `/exp hooks`: the workspace's inbound lifecycle hook, for admins. */
export interface HookMessages {
  adminOnly: SafeText;
  header: string;
  url(p: { url: SafeText; complete: boolean }): SafeText;
  secret(p: { secret: SafeText }): SafeText;
  previous(p: { until: SafeText }): SafeText;
  howToSign: SafeText;
  rotated(p: { until: SafeText }): SafeText;
  usage(p: { word: SafeText }): SafeText;
}
