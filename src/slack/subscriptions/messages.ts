import type { LifecycleAction } from '../../core/lifecycle-action.js';
import type { SafeText } from '../blocks/escape.js';

/**
 * Texts of the subscription commands. `actions` arrive as a ready list of code spans (or `all`),
 * `channel` as a channel link built from an id.
 */
export interface SubscriptionMessages {
  /** `events:recommended`, with the actions it sends. */
  recommended(p: { list: SafeText }): SafeText;
  /** The whole set, shown where a filter is `all`. */
  allActions: SafeText;
  /** A subscription in words: its actions, then what narrows it (team, type, experiment). */
  describe(p: {
    actions: SafeText;
    team: SafeText | undefined;
    type: SafeText | undefined;
    /** The experiment, named first when the app knows its name (labels/label.ts experimentRef). */
    experiment: SafeText | undefined;
  }): SafeText;
  /** What an `alerts:ops` subscription sends. */
  opsDescribe: SafeText;
  /** `alerts:ops` was given with experiment filters. */
  opsAlone: SafeText;
  /** In-channel note; `what` is describe's text. */
  subscribed(p: { user: SafeText; what: SafeText; changed: boolean }): SafeText;
  /** Ephemeral, to the person, when the subscribed channel is not the one they typed in. */
  subscribedThere(p: { channel: SafeText; what: SafeText }): SafeText;
  /** In-channel note: these subscriptions were removed. */
  unsubscribed(p: { user: SafeText; what: readonly SafeText[] }): SafeText;
  /** Ephemeral, to the person, when the channel is not the one they typed in. */
  unsubscribedThere(p: { channel: SafeText; count: number }): SafeText;
  /** In-channel note: some actions removed, others kept. */
  narrowed(p: { user: SafeText; removed: SafeText; remaining: readonly SafeText[] }): SafeText;
  notSubscribed: SafeText;
  /** No subscription with that filter; others lists what the channel has. */
  noSuchSubscription(p: { what: SafeText; others: readonly SafeText[] }): SafeText;
  unchanged(p: { named: SafeText; remaining: readonly SafeText[] }): SafeText;
  unknownActions(p: { words: SafeText; allowed: SafeText }): SafeText;
  /** A word that is no filter. */
  unknownWord(p: { word: SafeText }): SafeText;
  repeated(p: { key: SafeText }): SafeText;
  emptyValue(p: { key: SafeText }): SafeText;
  badExperiment(p: { value: SafeText }): SafeText;
  /** `#name` Slack did not link: a channel the app cannot see, or typed in a way Slack ignores. */
  unlinkedChannel(p: { word: SafeText }): SafeText;
  unknownTeam(p: { typed: SafeText; suggestion: SafeText | undefined }): SafeText;
  unknownType(p: { typed: SafeText; allowed: SafeText }): SafeText;
  /** The teams dictionary could not be read, so `team:` could not be checked. */
  teamsUnavailable: SafeText;
  limitReached(p: { max: number }): SafeText;
  /** Run in a DM or somewhere that is not a channel. */
  channelsOnly: SafeText;
  /** The subscribe note could not be posted: alerts could not be either, so nothing was kept. */
  cannotPost(p: { error: SafeText; channel: SafeText }): SafeText;
  saveFailed: SafeText;
  /** ≤150 */
  listHeader: string;
  listLine(p: { channel: SafeText; what: SafeText; here: boolean }): SafeText;
  /** ≤75 */
  removeButton: string;
  /** In-channel note after a Remove click. */
  removedNote(p: { user: SafeText; what: SafeText }): SafeText;
  /** Ephemeral: the subscription was already gone when Remove was clicked. */
  alreadyRemoved: SafeText;
  listEmpty: SafeText;
  listHint: SafeText;
  moreNotShown(p: { count: number }): SafeText;
  /** DM to the person who subscribed a channel the app can no longer post in. */
  deliveryStopped(p: { channel: SafeText; error: SafeText; dropped: boolean }): SafeText;
  /** Where a person's own follows go, in the list: their DMs with the app. */
  yourDms: SafeText;
  /**
   * `experiment`: its name first and its id after where the name is known (labels/label.ts
   * experimentRef); `experimentId` for the command that undoes it.
   */
  followed(p: { experimentId: number; experiment: SafeText; already: boolean }): SafeText;
  unfollowed(p: { experiment: SafeText }): SafeText;
  notFollowing(p: { experiment: SafeText }): SafeText;
  /** The experiments the person follows, each as `experiment` above. */
  following(p: { experiments: readonly SafeText[] }): SafeText;
  followingNone: SafeText;
}

/**
 * Alerts in subscribed channels; `origin` is the channel the action came from, when known.
 * `experiment` names it first and gives its id after where its name is known (experimentRef).
 */
export interface AlertMessages {
  lifecycle(p: {
    action: LifecycleAction;
    user: SafeText;
    experiment: SafeText;
    origin: SafeText | undefined;
  }): SafeText;
  /**
   * Whether the action applied is unknown (how to check: `/exp show id`): it was sent and not
   * answered, or (`appStopped`) the app stopped before it heard back.
   */
  unknownOutcome(p: {
    action: LifecycleAction;
    user: SafeText;
    experiment: SafeText;
    origin: SafeText | undefined;
    id: number;
    appStopped: boolean;
  }): SafeText;
  created(p: { user: SafeText; experiment: SafeText; origin: SafeText | undefined }): SafeText;
  updated(p: {
    user: SafeText;
    experiment: SafeText;
    fields: SafeText;
    origin: SafeText | undefined;
  }): SafeText;
  /** A status reported by an inbound event, with no action named. */
  statusChanged(p: { user: SafeText | undefined; experiment: SafeText; status: SafeText }): SafeText;
  /** Who, for an inbound event: the sender's `actor` text, or nobody named. */
  outsideActor(p: { actor: SafeText | undefined }): SafeText;
  /** Appended to an alert that came from an inbound event, not from Slack. */
  viaEvent: SafeText;
  /** The alert's last line: where it came from (a platform event) and when it happened. */
  source(p: { event: boolean; when: SafeText | undefined }): SafeText;
  footer: SafeText;
}
