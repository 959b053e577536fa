import type { SlackDeps } from '../deps.js';

/** What the identity feature's listeners use of the app's dependencies. */
export type IdentityDeps = Pick<
  SlackDeps,
  'audit' | 'connecting' | 'connections' | 'logger' | 'messages' | 'metrics' | 'now' | 'viewSeal'
>;
