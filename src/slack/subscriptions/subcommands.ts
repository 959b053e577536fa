import { parseSingleId } from '../command/parse-args.js';
import { declareSubcommand } from '../command/subcommand.js';
import { digestAsked, runDigest } from '../digest/digest-command.js';
import { runUnsubscribe, showSubscriptions } from './commands.js';
import { runFollow, runUnfollow } from './follow.js';
import { runSubscribe } from './subscribe.js';

/** `/exp subscribe [#channel] [filters…]` (arguments parsed by runSubscribe): alerts in a channel. */
export const subscribeSubcommand = declareSubcommand({
  name: 'subscribe',
  parse: ({ args }) => ({ kind: 'subscribe', args: [...args] }),
  access: { kind: 'policy', action: 'subscribe' },
  opensModal: false,
  changesHome: true,
  help: ['subscriptions'],
  examples: ['subscribe', 'subscribe events:stop'],
  handle: (ctx, parsed) => runSubscribe(ctx, parsed.args),
});

/** `/exp unsubscribe [#channel] [filters…]`: checked as subscribe is. */
export const unsubscribeSubcommand = declareSubcommand({
  name: 'unsubscribe',
  parse: ({ args }) => ({ kind: 'unsubscribe', args: [...args] }),
  access: { kind: 'policy', action: 'subscribe' },
  opensModal: false,
  changesHome: true,
  help: ['subscriptions'],
  examples: ['unsubscribe'],
  handle: (ctx, parsed) => runUnsubscribe(ctx, parsed.args),
});

/** `/exp subscriptions`: the workspace's subscriptions, each Remove button checked on its own. */
export const subscriptionsSubcommand = declareSubcommand({
  name: 'subscriptions',
  parse: () => ({ kind: 'subscriptions' }),
  access: { kind: 'read' },
  opensModal: false,
  changesHome: false,
  help: ['subscriptions'],
  examples: ['subscriptions'],
  handle: (ctx) => showSubscriptions(ctx),
});

/** `/exp digest [daily HH:MM | weekly DAY HH:MM | off] [tz:ZONE]`: a preview reads; setting is subscribe's rule. */
export const digestSubcommand = declareSubcommand({
  name: 'digest',
  parse: ({ args }) => ({ kind: 'digest', words: [...args] }),
  access: {
    kind: 'read-unless',
    acting: (parsed) => digestAsked(parsed.words) !== 'preview',
    rule: { kind: 'policy', action: 'subscribe' },
  },
  opensModal: false,
  changesHome: false,
  help: ['digest'],
  examples: ['digest', 'digest daily 09:00', 'digest off'],
  handle: (ctx, parsed) => runDigest(ctx, parsed.words),
});

/** `/exp follow [ID]`: an experiment's lifecycle in the person's DMs; without an id, what they follow. */
export const followSubcommand = declareSubcommand({
  name: 'follow',
  parse: (input) => {
    if (input.tokens.length === 1) return { kind: 'follow' };
    const id = parseSingleId('follow', input);
    return id.ok ? { kind: 'follow', experimentId: id.id } : id.result;
  },
  access: { kind: 'self' },
  opensModal: false,
  changesHome: true,
  help: ['follow'],
  examples: ['follow', 'follow 3'],
  handle: (ctx, parsed) => runFollow(ctx, parsed.experimentId),
});

/** `/exp unfollow ID`: the person's own follow, removed. */
export const unfollowSubcommand = declareSubcommand({
  name: 'unfollow',
  parse: (input) => {
    const id = parseSingleId('unfollow', input);
    return id.ok ? { kind: 'unfollow', experimentId: id.id } : id.result;
  },
  access: { kind: 'self' },
  opensModal: false,
  changesHome: true,
  help: ['follow'],
  examples: ['unfollow 3'],
  handle: (ctx, parsed) => runUnfollow(ctx, parsed.experimentId),
});
