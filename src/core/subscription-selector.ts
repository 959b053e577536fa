import { createHash } from 'node:crypto';

/**
 * Which experiments a subscription hears about. Every field narrows; none means every experiment.
 * team and type hold the dictionary value chosen when subscribing, plus its label (an inbound event
 * may name a team by either).
 */
export interface AlertSelector {
  team?: { value: string; label: string } | undefined;
  type?: string | undefined;
  experimentId?: number | undefined;
  /**
   * `alerts:ops`: the workspace's operational notices (the platform token expiring or refused)
   * instead of experiment alerts.
   */
  ops?: true | undefined;
}

/** What an alert is about, as the app's record knows it when it is routed. */
export interface AlertSubject {
  experimentId: number | undefined;
  /** The team as recorded (a dictionary value, or whatever an inbound event said); undefined: unknown. */
  team: string | undefined;
  type: string | undefined;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * An experiment whose team (or type) is unknown reaches only subscriptions without a team (or type)
 * filter: guessing would send a team's alerts to another team.
 */
export function selectorMatches(selector: AlertSelector, subject: AlertSubject): boolean {
  if (selector.ops) return false;
  if (selector.experimentId !== undefined && selector.experimentId !== subject.experimentId) return false;
  if (selector.team !== undefined) {
    const team = subject.team;
    if (team === undefined) return false;
    if (!same(team, selector.team.value) && !same(team, selector.team.label)) return false;
  }
  if (selector.type !== undefined) {
    if (subject.type === undefined || !same(subject.type, selector.type)) return false;
  }
  return true;
}

/** Two subscriptions of a channel with equal selectors are one (re-subscribing changes its events). */
function selectorKey(selector: AlertSelector): string {
  return JSON.stringify([
    selector.team?.value.toLowerCase() ?? null,
    selector.type?.toLowerCase() ?? null,
    selector.experimentId ?? null,
    ...(selector.ops ? ['ops'] : []),
  ]);
}

/** A short stable id for buttons: the same selector in the same channel always gets the same id. */
export function selectorId(selector: AlertSelector): string {
  return createHash('sha256').update(selectorKey(selector)).digest('hex').slice(0, 12);
}
