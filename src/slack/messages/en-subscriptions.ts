import type { LifecycleAction } from '../../lifecycle/lifecycle-action.js';
import { escapeMrkdwn, md, type SafeText } from '../blocks/escape.js';
import type { AlertMessages, SubscriptionMessages } from './types.js';

// English texts of the subscription commands and of the alerts they route, apart from en.ts so
// that catalogue stays readable.

const cmd = (text: string): SafeText => md`\`/exp ${escapeMrkdwn(text)}\``;
const where = (origin: SafeText | undefined): SafeText => (origin === undefined ? md`` : md` in ${origin}`);

const VERBS: Record<LifecycleAction, SafeText> = {
  start: md`started`,
  stop: md`stopped`,
  archive: md`archived`,
  unarchive: md`unarchived`,
};

export function subscriptionMessages(): SubscriptionMessages {
  return {
    allActions: ({ list }) => md`all (${list})`,
    subscribed: ({ user, actions }) =>
      md`${user} subscribed this channel to experiment alerts: ${actions}. To stop them: ${cmd('unsubscribe')}.`,
    unsubscribed: ({ user }) => md`${user} unsubscribed this channel from experiment alerts.`,
    narrowed: ({ user, removed, remaining }) =>
      md`${user} turned off ${removed} alerts in this channel. It still gets: ${remaining}.`,
    notSubscribed: md`This channel is not subscribed to experiment alerts, so nothing changed. To subscribe it: ${cmd('subscribe')}.`,
    unchanged: ({ named, remaining }) =>
      md`This channel does not get ${named} alerts, so nothing changed. It gets: ${remaining}.`,
    unknownActions: ({ words, allowed }) =>
      md`Unknown alert action ${words}. Choose from ${allowed}, or \`all\` (the default). Nothing was changed.`,
    channelsOnly: md`Alerts go to channels: run ${cmd('subscribe')} in the channel that should get them. Nothing was changed.`,
    cannotPost: ({ error }) =>
      md`The app cannot post in this channel (${error}), so alerts could not reach it either. Nothing was changed. Add the app to the channel (mention it or use \`/invite\`), then subscribe again.`,
    saveFailed: md`The subscriptions could not be read or saved just now. Try again in a moment.`,
    listHeader: 'Experiment alerts in this workspace',
    listLine: ({ channel, actions, here }) =>
      md`• ${channel}: ${actions}${here ? md` _(this channel)_` : md``}`,
    listEmpty: md`No channel gets experiment alerts yet. Run ${cmd('subscribe')} in a channel, or pick actions: ${cmd('subscribe stop archive')}.`,
    listHint: md`To change a channel's alerts, run ${cmd('subscribe [ACTIONS…]')} or ${cmd('unsubscribe [ACTIONS…]')} in it.`,
    moreNotShown: ({ count }) => md`…and ${count} more channels not shown.`,
  };
}

export function alertMessages(): AlertMessages {
  return {
    lifecycle: ({ action, user, experimentId, origin }) =>
      md`${user} ${VERBS[action]} experiment *${experimentId}*${where(origin)}.`,
    created: ({ user, experimentId, name, origin }) =>
      experimentId === undefined
        ? md`${user} created experiment *${name}*${where(origin)}.`
        : md`${user} created experiment *${experimentId}* (${name})${where(origin)}.`,
    updated: ({ user, experimentId, fields, origin }) =>
      md`${user} updated experiment *${experimentId}*${where(origin)}: ${fields}.`,
    statusChanged: ({ user, experimentId, status }) =>
      user === undefined
        ? md`Experiment *${experimentId}* is now \`${status}\`.`
        : md`${user} reported experiment *${experimentId}* as \`${status}\`.`,
    outsideActor: ({ actor }) => (actor === undefined ? md`Someone outside Slack` : md`*${actor}*`),
    viaEvent: md`_via platform event_`,
    footer: md`Experiment alert for this channel. ${cmd('subscriptions')} lists where alerts go; ${cmd('unsubscribe')} stops them here.`,
  };
}
