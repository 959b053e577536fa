import type * as z from 'zod';
import type { SlackDriver } from '../slack-emulator/driver.js';
import { isRecord } from '../slack-emulator/request-body.js';
import type {
  EmulatedChannel,
  EmulatedMessage,
  EmulatedView,
  SlackEmulator,
} from '../slack-emulator/types.js';
import { BUILTIN_COMMANDS, runInvite } from './builtin-commands.js';
import { escapeChannelNames } from './escape-channels.js';
import { openHome } from './home.js';
import { PlaygroundRequestError } from './http-io.js';
import type { LanguageChoices } from './languages.js';
import { sendMessageAction, suggestMessageOptions } from './message-interactions.js';
import {
  AddUserRequest,
  ClickRequest,
  CommandRequest,
  HomeActionRequest,
  HomeOpenRequest,
  MessageActionRequest,
  MessageRequest,
  OptionsRequest,
  ViewActionRequest,
  ViewCloseRequest,
  ViewSubmitRequest,
} from './request-schemas.js';
import { runSampleWorkflow, WorkflowRunRequest } from './sample-workflow.js';
import { visibleMessages } from './state.js';
import { ensureTeamChannels, teamOfChannel } from './teams.js';
import { addPlaygroundUser } from './users.js';

export interface RouteDeps {
  emulator: SlackEmulator;
  driverFor(teamId: string): SlackDriver | undefined;
  /** The playground's own workspaces (people of other teams are from another organisation). */
  teamIds: readonly string[];
  /** The emulator reports its own changes; a change the playground makes itself is announced here. */
  notify(): void;
  /** What each person chose as their language through the page. */
  languages: LanguageChoices;
}

export type ApiRoute = (body: unknown) => Promise<Record<string, unknown>>;

export function parseRequest<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`);
  throw new PlaygroundRequestError(400, 'invalid_request', `The request is not valid: ${issues[0]}`, issues);
}

/** POST /api/* handlers: each validates its body, acts through the driver and says what Slack saw. */
export function createApiRoutes(deps: RouteDeps): Record<string, ApiRoute> {
  const { emulator } = deps;
  const acting = (input: { userId: string; teamId?: string | undefined }) => {
    const user = emulator.users.get(input.userId);
    if (!user || user.is_bot || user.deleted) {
      throw new PlaygroundRequestError(400, 'unknown_user', `There is no user ${input.userId} to act as.`);
    }
    const teamId = input.teamId ?? emulator.identity.teamId;
    const driver = deps.driverFor(teamId);
    if (!driver) throw new PlaygroundRequestError(400, 'unknown_team', `There is no workspace ${teamId}.`);
    // People of the emulated workspaces act as members of the one chosen on the page: the app reads
    // that from users.info. Someone from another organisation (Slack Connect) stays so.
    if (deps.teamIds.includes(user.team_id)) user.team_id = teamId;
    return { userId: user.id, teamId, driver };
  };
  // Each workspace has its own channels: acting from one, the other's are not there.
  const channelIn = (teamId: string, channelId: string): EmulatedChannel => {
    ensureTeamChannels(emulator);
    const channel = emulator.channels.get(channelId);
    if (!channel || teamOfChannel(emulator, channel) !== teamId) {
      throw new PlaygroundRequestError(
        400,
        'unknown_channel',
        `There is no channel ${channelId} in this workspace.`,
      );
    }
    return channel;
  };
  // Only what this user can see can be clicked: another person's ephemeral message is not there.
  const message = (channelId: string, ts: string, userId: string, teamId: string): EmulatedMessage => {
    channelIn(teamId, channelId);
    const found = visibleMessages(emulator, channelId, userId).find((m) => m.ts === ts);
    if (!found)
      throw new PlaygroundRequestError(404, 'message_not_found', `No message ${ts} in ${channelId}.`);
    return found;
  };
  const ownView = (viewId: string, userId: string): EmulatedView => {
    const view = emulator.views.get(viewId);
    if (!view || view.userId !== userId) {
      throw new PlaygroundRequestError(404, 'view_not_open', `View ${viewId} is not open for ${userId}.`);
    }
    return view;
  };

  return {
    async '/api/command'(body) {
      const input = parseRequest(CommandRequest, body);
      const { userId, teamId, driver } = acting(input);
      channelIn(teamId, input.channelId);
      if (input.command !== undefined && BUILTIN_COMMANDS.has(input.command)) {
        // Slack runs it itself; the app hears nothing (status 0: nothing was sent).
        const { joined } = runInvite(emulator, { text: input.text, userId, channelId: input.channelId });
        return { ok: true, status: 0, joined };
      }
      // Remembered as sent, before the app's reply arrives: the page switches with the reply.
      deps.languages.heard({ teamId, userId, command: input.command, text: input.text });
      const res = await driver.command({
        text: escapeChannelNames(emulator, { text: input.text, teamId, userId }),
        userId,
        channelId: input.channelId,
        ...(input.command === undefined ? {} : { command: input.command }),
      });
      return { ok: res.status === 200, status: res.status };
    },
    async '/api/message'(body) {
      const input = parseRequest(MessageRequest, body);
      const { userId, teamId, driver } = acting(input);
      channelIn(teamId, input.channelId);
      // The driver posts the message, then tells the app of links on its unfurl domains.
      const shared = await driver.shareLink({
        text: input.text,
        channelId: input.channelId,
        userId,
        ...(input.threadTs === undefined ? {} : { threadTs: input.threadTs }),
      });
      const status = shared.response?.status ?? 0;
      return {
        ok: status === 0 || status === 200,
        status,
        ts: shared.message.ts,
        linkShared: shared.event !== undefined,
      };
    },
    async '/api/click'(body) {
      const input = parseRequest(ClickRequest, body);
      const { userId, teamId, driver } = acting(input);
      const target = message(input.channelId, input.ts, userId, teamId);
      const res = await driver.clickButton(target, input.actionId, {
        userId,
        ...(input.value === undefined ? {} : { value: input.value }),
      });
      return { ok: res.status === 200, status: res.status };
    },
    async '/api/home/open'(body) {
      const { userId, teamId, driver } = acting(parseRequest(HomeOpenRequest, body));
      const res = await openHome(emulator, driver, { userId, teamId });
      return { ok: res.status === 200, status: res.status };
    },
    async '/api/home/action'(body) {
      const input = parseRequest(HomeActionRequest, body);
      const { userId, driver } = acting(input);
      const res = await driver.homeAction(userId, input.blockId, input.actionId);
      return { ok: res.status === 200, status: res.status };
    },
    async '/api/message/action'(body) {
      const input = parseRequest(MessageActionRequest, body);
      const { userId, teamId, driver } = acting(input);
      const target = message(input.channelId, input.ts, userId, teamId);
      const where = { message: target, blockId: input.blockId, actionId: input.actionId, userId, teamId };
      const res = await sendMessageAction(emulator, driver, where, input.action);
      return { ok: res.status === 200, status: res.status };
    },
    async '/api/view/submit'(body) {
      const input = parseRequest(ViewSubmitRequest, body);
      const { userId, driver } = acting(input);
      ownView(input.viewId, userId);
      const res = await driver.submitView(input.viewId, input.values, { userId });
      return {
        ok: res.status === 200 && res.outcome.kind !== 'rejected',
        status: res.status,
        outcome: res.outcome,
      };
    },
    async '/api/view/close'(body) {
      const input = parseRequest(ViewCloseRequest, body);
      const { userId, driver } = acting(input);
      const view = ownView(input.viewId, userId);
      const clear = input.clear === true || view.view.clear_on_close === true;
      const res = await driver.closeView(input.viewId, { clear });
      return { ok: true, sent: res.sent, status: res.status };
    },
    async '/api/view/action'(body) {
      const input = parseRequest(ViewActionRequest, body);
      const { userId, driver } = acting(input);
      ownView(input.viewId, userId);
      const res = await driver.viewAction(input.viewId, input.blockId, input.actionId, input.action, {
        ...(input.values === undefined ? {} : { values: input.values }),
      });
      return { ok: res.status === 200, status: res.status };
    },
    async '/api/options'(body) {
      const input = parseRequest(OptionsRequest, body);
      const { userId, teamId, driver } = acting(input);
      let res: { status: number; json?: unknown; breaches?: string[] };
      if (input.viewId !== undefined) {
        ownView(input.viewId, userId);
        res = await driver.suggestOptions(input.viewId, input.blockId, input.actionId, input.value);
      } else {
        const target = message(input.channelId ?? '', input.ts ?? '', userId, teamId);
        const where = { message: target, blockId: input.blockId, actionId: input.actionId, userId, teamId };
        res = await suggestMessageOptions(emulator, driver, where, input.value);
      }
      const json = isRecord(res.json) ? res.json : {};
      return {
        ok: res.status === 200,
        status: res.status,
        options: Array.isArray(json.options) ? json.options : [],
        option_groups: Array.isArray(json.option_groups) ? json.option_groups : [],
        breaches: res.breaches ?? [],
      };
    },
    async '/api/workflow/run'(body) {
      // The sample workflow: its form's answers go to the app's Stop experiment step.
      const input = parseRequest(WorkflowRunRequest, body);
      const { userId, teamId, driver } = acting(input);
      channelIn(teamId, input.channelId);
      return runSampleWorkflow(emulator, driver, {
        userId,
        teamId,
        channelId: input.channelId,
        form: input.form,
      });
    },
    async '/api/users'(body) {
      const input = parseRequest(AddUserRequest, body);
      const user = addPlaygroundUser(emulator, input);
      deps.notify();
      return { ok: true, user };
    },
  };
}
