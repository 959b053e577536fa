import type { CommandHandlers } from '../command/handlers.js';
import { runSubscribe, runUnsubscribe, showSubscriptions } from './commands.js';

/** `/exp subscribe|unsubscribe|subscriptions`; alerts are sent by notify-subscribers.ts. */
export function registerSubscriptions() {
  return {
    subscribe: (ctx, parsed) => runSubscribe(ctx, parsed.args),
    unsubscribe: (ctx, parsed) => runUnsubscribe(ctx, parsed.args),
    subscriptions: (ctx) => showSubscriptions(ctx),
  } satisfies Pick<CommandHandlers, 'subscribe' | 'unsubscribe' | 'subscriptions'>;
}
