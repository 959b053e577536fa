/** The four lifecycle endpoints of the console API; also what people ask the app to do. */
export const LIFECYCLE_ACTIONS = ['start', 'stop', 'archive', 'unarchive'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

export function isLifecycleAction(word: string): word is LifecycleAction {
  return (LIFECYCLE_ACTIONS as readonly string[]).includes(word);
}
