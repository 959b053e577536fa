import type { webApi } from '@slack/bolt';
import type { WorkspaceRef } from '../../core/workspace.js';
import type { Speaking } from '../locale/scope.js';

export type HomeClient = Pick<webApi.WebClient, 'views' | 'users' | 'usergroups'>;

/** A person's Home tab: what they can do here, kept current by the features that change it. */
export interface HomeTab {
  /** Builds and publishes the person's Home tab in the language given; never throws (a failure is logged). */
  publish(speaking: Speaking, client: HomeClient, workspace: WorkspaceRef, userId: string): Promise<void>;
}
