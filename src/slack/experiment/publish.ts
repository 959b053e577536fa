import type { ExperimentView } from '../../core/experiments/knowledge.js';
import { type WorkspaceRef, workspaceKey } from '../../core/workspace.js';
import type { SafeText } from '../blocks/escape.js';
import { textMessage } from '../blocks/message.js';
import type { SlackDeps } from '../deps.js';
import type { ReadLabelsOptions } from '../dictionaries/read-dictionary-labels.js';
import type { LifecycleSurface } from '../lifecycle/surface.js';
import { inWorkspaceLanguage } from '../locale/scope.js';
import type { Messages } from '../messages/types.js';
import { experimentCard } from './card.js';
import { cardLabels } from './card-labels.js';
import { postToExperimentThread } from './thread-poster.js';

type PublishEventDeps = Pick<
  SlackDeps,
  'connections' | 'consoleLinks' | 'dictionaries' | 'knowledge' | 'locale' | 'logger' | 'messages'
>;

interface PublishedEvent {
  workspace: WorkspaceRef;
  line: SafeText | ((messages: Messages) => SafeText);
  /**
   * For an event that changed nothing (a refusal): what the channel's card keeps as its headline
   * (thread-poster.ts). The person who acted at the card is then told the line themselves.
   */
  cardLine?: ((messages: Messages) => SafeText | undefined) | undefined;
  view: ExperimentView;
  /** The channel's connection when the caller holds it (an action's team connection): names read through it. */
  readVia?: ReadLabelsOptions['connection'];
}

/** What publishing left running: a new thread parent being remembered (never rejects). */
export interface Published {
  remembered: Promise<void>;
}

/**
 * An event about an experiment, for the channel it happened in: into the experiment's thread there
 * (the parent shows the current state); the message whose button started it is refreshed to the new
 * state. When the bot cannot post in the channel (not invited to a private one), the card goes
 * through the response_url instead, which needs no membership. Resolves once it has been said.
 */
export function publishEvent(
  deps: PublishEventDeps,
  surface: LifecycleSurface,
  event: PublishedEvent,
): Promise<Published> {
  // Read in the channel by many: the card speaks the workspace's language, whoever clicked. A line
  // given as a function is written in it too.
  return publishCard(inWorkspaceLanguage(deps), surface, event, deps.messages);
}

async function publishCard(
  deps: PublishEventDeps,
  surface: LifecycleSurface,
  event: PublishedEvent,
  /** The person's own language, for what only they are told. */
  theirs: Messages,
): Promise<Published> {
  const { view } = event;
  const line = typeof event.line === 'function' ? event.line(deps.messages) : event.line;
  const experimentId = view.record.experimentId;
  const linkOf = (id: number) => deps.consoleLinks?.urlOf(id);
  const labels = await cardLabels(deps, event.workspace, [view.record], {
    channelId: surface.channelId,
    connection: event.readVia,
  });
  const card = experimentCard({
    view,
    headline: line,
    link: linkOf(experimentId),
    labels,
    messages: deps.messages,
  });
  let parentTs: string | undefined;
  let remembered: Promise<void> = Promise.resolve();
  try {
    const posted = await postToExperimentThread(
      { records: deps.knowledge.records, messages: deps.messages, logger: deps.logger, linkOf },
      {
        client: surface.client,
        scope: workspaceKey(event.workspace),
        channelId: surface.channelId,
        event: line,
        view,
        labels,
        broadcast: surface.awayFromCard,
        parentHeadline: event.cardLine && (() => event.cardLine?.(deps.messages)),
      },
    );
    parentTs = posted.parentTs;
    remembered = posted.remembered;
    const atTheCard = posted.ts !== posted.parentTs && surface.originTs === posted.parentTs;
    if (event.cardLine && atTheCard)
      await surface.tell(textMessage(typeof event.line === 'function' ? event.line(theirs) : line));
  } catch (error) {
    deps.logger.info('the bot could not post in the channel; answering through the response_url', {
      error,
      channelId: surface.channelId,
    });
    if (surface.inChannelFallback) await surface.inChannelFallback(card);
    else await surface.tell(card);
  }
  if (surface.refreshOrigin && surface.originTs !== parentTs) await surface.refreshOrigin(card);
  await surface.settled();
  return { remembered };
}
