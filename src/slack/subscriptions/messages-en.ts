import type { LifecycleAction } from '../../core/lifecycle-action.js';
import { joinSafe, md, type SafeText } from '../blocks/escape.js';
import { cmd, word } from '../messages/en-format.js';
import type { AlertMessages, SubscriptionMessages } from './messages.js';

// English texts of the subscription commands and of the alerts they route.

const where = (origin: SafeText | undefined): SafeText => (origin === undefined ? md`` : md` in ${origin}`);

const VERBS: Record<LifecycleAction, SafeText> = {
  start: md`started`,
  stop: md`stopped`,
  archive: md`archived`,
  unarchive: md`unarchived`,
};

export function subscriptionMessagesEn(): SubscriptionMessages {
  return { ...changeRepliesEn(), ...refusalsEn(), ...listAndFollowEn() };
}

/** What a subscribe or unsubscribe did. */
function changeRepliesEn() {
  return {
    allActions: md`all`,
    recommended: ({ list }) => md`the recommended (${list})`,
    describe: ({ actions, team, type, experiment }) => {
      const narrowers = [
        team === undefined ? undefined : md`team ${team}`,
        type === undefined ? undefined : md`type ${type}`,
        experiment === undefined ? undefined : md`experiment ${experiment}`,
      ].filter((n): n is SafeText => n !== undefined);
      const of = narrowers.length === 0 ? md`every experiment` : joinSafe(narrowers, md`, `);
      return md`${actions} alerts of ${of}`;
    },
    opsDescribe: md`the workspace's operational notices (the platform token expiring or refused)`,
    opsAlone: md`\`alerts:ops\` takes no other filter: it sends the workspace's operational notices, not experiment alerts. Run it alone, in the channel that should get them: ${cmd('subscribe alerts:ops')}. Nothing was changed.`,
    subscribed: ({ user, what, changed }) =>
      changed
        ? md`${user} changed this channel's subscription: ${what}. To stop it: ${cmd('unsubscribe')} with the same filter, or ${cmd('subscriptions')}.`
        : md`${user} subscribed this channel to ${what}. To stop them: ${cmd('unsubscribe')} with the same filter, or ${cmd('subscriptions')}.`,
    subscribedThere: ({ channel, what }) => md`Subscribed ${channel} to ${what}. A note was posted there.`,
    unsubscribed: ({ user, what }) =>
      what.length === 1
        ? md`${user} unsubscribed this channel from ${what[0] ?? md``}.`
        : md`${user} unsubscribed this channel from all its experiment alerts:\n${lines(what)}`,
    unsubscribedThere: ({ channel, count }) =>
      md`Removed ${count} ${count === 1 ? md`subscription` : md`subscriptions`} of ${channel}. A note was posted there.`,
    narrowed: ({ user, removed, remaining }) =>
      remaining.length === 0
        ? md`${user} turned off ${removed} alerts in this channel; it gets no experiment alerts now.`
        : md`${user} turned off ${removed} alerts in this channel. It still gets:\n${lines(remaining)}`,
    notSubscribed: md`This channel is not subscribed to experiment alerts, so nothing changed. To subscribe it: ${cmd('subscribe')}.`,
    noSuchSubscription: ({ what, others }) =>
      others.length === 0
        ? md`This channel has no subscription to ${what}, and no other subscription either, so nothing changed.`
        : md`This channel has no subscription to ${what}, so nothing changed. Its subscriptions:\n${lines(others)}\nName the same filter to remove one, or run ${cmd('unsubscribe')} alone to remove them all.`,
    unchanged: ({ named, remaining }) =>
      md`This channel does not get ${named} alerts, so nothing changed. It gets:\n${lines(remaining)}`,
  } satisfies Partial<SubscriptionMessages>;
}

/** Why nothing was changed. */
function refusalsEn() {
  return {
    unknownActions: ({ words, allowed }) =>
      md`Unknown alert action ${words}. Choose from ${allowed}, \`recommended\` (the default) or \`all\`. Nothing was changed.`,
    unknownWord: ({ word }) =>
      md`${word} is not a filter. Use \`#channel\`, \`team:NAME\`, \`type:TYPE\`, \`experiment:ID\` and \`events:stop,archive\`, for example ${cmd('subscribe events:stop,archive')}; ${cmd('dict teams')} lists the team names. Nothing was changed.`,
    repeated: ({ key }) =>
      md`${key} is given twice; give it once (run the command again for another subscription). Nothing was changed.`,
    emptyValue: ({ key }) => md`${key} needs a value, such as \`${key}:growth\`. Nothing was changed.`,
    badExperiment: ({ value }) =>
      md`\`experiment:\` takes an experiment id (a positive number), not ${value}. Nothing was changed.`,
    unlinkedChannel: ({ word }) =>
      md`Slack did not recognise ${word} as a channel. Pick it from the list Slack offers as you type \`#\` (for a private channel, add the app to it first). Nothing was changed.`,
    unknownTeam: ({ typed, suggestion }) =>
      suggestion === undefined
        ? md`There is no team ${typed} in the platform's teams. See them with ${cmd('dict teams')}. Nothing was changed.`
        : md`There is no team ${typed} in the platform's teams. Did you mean ${suggestion}? See them all with ${cmd('dict teams')}. Nothing was changed.`,
    unknownType: ({ typed, allowed }) =>
      md`There is no experiment type ${typed}. Choose from ${allowed}. Nothing was changed.`,
    teamsUnavailable: md`The platform's teams could not be read just now, so \`team:\` could not be checked. Nothing was changed; try again in a moment.`,
    limitReached: ({ max }) =>
      md`This channel has ${max} subscriptions, the most one channel can have. Remove one with ${cmd('subscriptions')} first. Nothing was changed.`,
    channelsOnly: md`Alerts go to channels: run ${cmd('subscribe')} in the channel that should get them, or name it: ${cmd('subscribe #channel')}. Nothing was changed.`,
    cannotPost: ({ error, channel }) =>
      md`The app cannot post in ${channel} (${error}), so alerts could not reach it either. Nothing was changed. Add the app to the channel (mention it or use \`/invite\`), then subscribe again.`,
    saveFailed: md`The subscriptions could not be read or saved just now. Nothing was changed; try again in a moment.`,
  } satisfies Partial<SubscriptionMessages>;
}

/** The list of subscriptions, delivery problems, and following an experiment in direct messages. */
function listAndFollowEn() {
  return {
    listHeader: 'Experiment alerts in this workspace',
    listLine: ({ channel, what, here }) => md`${channel}: ${what}${here ? md` _(this channel)_` : md``}`,
    removeButton: 'Remove',
    removedNote: ({ user, what }) => md`${user} removed this channel's subscription to ${what}.`,
    alreadyRemoved: md`That subscription was already removed; the list below is current.`,
    listEmpty: md`No channel gets experiment alerts yet. Run ${cmd('subscribe')} in a channel, or narrow it to a team (${cmd('dict teams')} lists them) and some events: ${cmd('subscribe team:NAME events:stop,archive')}.`,
    listHint: md`Add one with ${cmd('subscribe [#channel] [team:NAME] [type:TYPE] [experiment:ID] [events:LIST]')}; a channel can have several.`,
    moreNotShown: ({ count }) => md`…and ${count} more subscriptions not shown.`,
    deliveryStopped: ({ channel, error, dropped }) =>
      dropped
        ? md`Experiment alerts can no longer be posted in ${channel} (${error}), so its subscriptions were removed. Subscribe another channel with ${cmd('subscribe #channel')}.`
        : md`Experiment alerts could not be posted in ${channel} (${error}). Add the app to the channel (mention it or use \`/invite\`) so the next alerts arrive.`,
    yourDms: md`your direct messages`,
    followed: ({ experimentId, experiment, already }) =>
      already
        ? md`You already follow experiment ${experiment}: its lifecycle comes to you in direct messages. To stop: ${cmd(`unfollow ${experimentId}`)}.`
        : md`You now follow experiment ${experiment}: who starts, stops, archives or edits it comes to you in direct messages (not your own actions). To stop: ${cmd(`unfollow ${experimentId}`)}.`,
    unfollowed: ({ experiment }) => md`You no longer follow experiment ${experiment}.`,
    notFollowing: ({ experiment }) =>
      md`You do not follow experiment ${experiment}, so nothing changed. See what you follow with ${cmd('follow')}.`,
    following: ({ experiments }) =>
      md`You follow ${joinSafe(experiments, md`, `)}. To stop one: ${cmd('unfollow ID')}.`,
    followingNone: md`You follow no experiment. Follow one with ${cmd('follow ID')}: its lifecycle then comes to you in direct messages.`,
  } satisfies Partial<SubscriptionMessages>;
}

const lines = (items: readonly SafeText[]): SafeText => joinSafe(items.map((i) => md`• ${i}`));

export function alertMessagesEn(): AlertMessages {
  return {
    lifecycle: ({ action, user, experiment, origin }) =>
      md`${user} ${VERBS[action]} experiment ${experiment}${where(origin)}.`,
    unknownOutcome: ({ action, user, experiment, origin, id, appStopped }) => {
      const why = appStopped ? md`the app stopped before it heard back` : md`the platform did not answer`;
      return md`:warning: ${user} asked to ${word(action)} experiment ${experiment}${where(origin)}, and ${why}: whether it happened is unknown. ${cmd(`show ${id}`)} says where it stands.`;
    },
    created: ({ user, experiment, origin }) => md`${user} created experiment ${experiment}${where(origin)}.`,
    updated: ({ user, experiment, fields, origin }) =>
      md`${user} updated experiment ${experiment}${where(origin)}: ${fields}.`,
    statusChanged: ({ user, experiment, status }) =>
      user === undefined
        ? md`Experiment ${experiment} is now ${status}.`
        : md`${user} reported experiment ${experiment} as ${status}.`,
    outsideActor: ({ actor }) => (actor === undefined ? md`Someone outside Slack` : md`*${actor}*`),
    viaEvent: md`_via platform event_`,
    source: ({ event, when }) =>
      event
        ? when === undefined
          ? md`_via platform event_`
          : md`_via platform event, ${when}_`
        : when === undefined
          ? md``
          : md`_${when}_`,
    footer: md`Experiment alert for this channel. ${cmd('subscriptions')} lists where alerts go; ${cmd('unsubscribe')} stops them here.`,
  };
}
