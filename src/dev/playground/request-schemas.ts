import * as z from 'zod';
import { DOCUMENTED_LIMITS } from '../slack-emulator/block-kit/documented-limits.js';

/**
 * The most a person may type in one message. Slack does not document its client's cap; the
 * playground takes the 4,000 characters Slack's docs set for message text (chat.postMessage keeps
 * to it, chat.update refuses more), which the emulator applies to people's messages too. The page
 * refuses longer text with a plain sentence before sending; this schema is the backstop.
 */
export const MAX_MESSAGE_CHARS = DOCUMENTED_LIMITS.messageText;
const TOO_LONG = `A message holds at most ${MAX_MESSAGE_CHARS.toLocaleString('en-US')} characters: shorten it and send it again.`;

// Bodies of the playground's JSON API. Ids follow Slack's shape (upper-case letters and digits), so
// a typo is refused here with a clear message instead of reaching the app as a strange payload.

const SlackId = z.string().regex(/^[A-Z0-9]{2,40}$/, 'must be a Slack id such as U0MEMBER1');
const MessageTs = z.string().regex(/^\d{1,12}\.\d{1,8}$/, 'must be a message ts such as 1700000000.000100');
const ElementId = z.string().min(1).max(255);
const Action = z.record(z.string(), z.unknown());

const acting = { userId: SlackId, teamId: SlackId.optional() };

export const StateQuery = z.object(acting);
export type StateQuery = z.infer<typeof StateQuery>;

export const CommandRequest = z.object({
  ...acting,
  channelId: SlackId,
  text: z.string().max(MAX_MESSAGE_CHARS, TOO_LONG),
  command: z
    .string()
    .regex(/^\/[a-z0-9_-]{1,31}$/, 'must be a slash command such as /exp')
    .optional(),
});

/** A message a person types that is not a slash command, in the channel or in a thread. */
export const MessageRequest = z.object({
  ...acting,
  channelId: SlackId,
  text: z.string().trim().min(1, 'An empty message cannot be sent.').max(MAX_MESSAGE_CHARS, TOO_LONG),
  threadTs: MessageTs.optional(),
});

/** The person opens the app's Home tab: Slack sends app_home_opened. */
export const HomeOpenRequest = z.object(acting);

/** A button on the person's Home tab, as the app last published it. */
export const HomeActionRequest = z.object({ ...acting, blockId: ElementId, actionId: ElementId });

export const ClickRequest = z.object({
  ...acting,
  channelId: SlackId,
  ts: MessageTs,
  actionId: ElementId,
  value: z.string().max(2000).optional(),
});

export const MessageActionRequest = z.object({
  ...acting,
  channelId: SlackId,
  ts: MessageTs,
  blockId: ElementId,
  actionId: ElementId,
  action: Action,
});

export const ViewSubmitRequest = z.object({
  ...acting,
  viewId: SlackId,
  values: z.record(z.string(), z.record(z.string(), Action)),
});

export const ViewCloseRequest = z.object({ ...acting, viewId: SlackId, clear: z.boolean().optional() });

export const ViewActionRequest = z.object({
  ...acting,
  viewId: SlackId,
  blockId: ElementId,
  actionId: ElementId,
  action: Action,
  /** The modal's inputs as they are now: Slack sends them as view.state.values with the action. */
  values: z.record(z.string(), z.record(z.string(), Action)).optional(),
});

export const OptionsRequest = z
  .object({
    ...acting,
    viewId: SlackId.optional(),
    channelId: SlackId.optional(),
    ts: MessageTs.optional(),
    blockId: ElementId,
    actionId: ElementId,
    value: z.string().max(2000),
  })
  .refine((r) => r.viewId !== undefined || (r.channelId !== undefined && r.ts !== undefined), {
    message: 'name the view (viewId) or the message (channelId and ts) the select is in',
  });

export const AddUserRequest = z.object({
  name: z.string().trim().min(1).max(80),
  isAdmin: z.boolean().optional(),
});
