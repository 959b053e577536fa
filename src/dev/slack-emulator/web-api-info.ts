import { fail, type MethodHandler, missing, resolveChannel, str } from './api-context.js';

const authTest: MethodHandler = (_args, ctx) => {
  const { identity } = ctx;
  return {
    ok: true,
    url: `${ctx.baseUrl}/`,
    team: identity.teamName,
    user: ctx.users.get(identity.botUserId)?.name ?? 'bot',
    team_id: identity.teamId,
    user_id: identity.botUserId,
    bot_id: identity.botId,
    is_enterprise_install: false,
    ...(identity.enterpriseId === undefined ? {} : { enterprise_id: identity.enterpriseId }),
  };
};

const usersInfo: MethodHandler = (args, ctx) => {
  const id = str(args.user);
  if (id === undefined) return missing('user');
  const user = ctx.users.get(id);
  if (!user) return fail('user_not_found');
  // The seeded people belong to every emulated workspace: each workspace's token sees them as its
  // own members. Someone given another team_id is from another organisation (Slack Connect).
  const teamId = user.team_id === ctx.primary.teamId ? ctx.identity.teamId : user.team_id;
  return {
    ok: true,
    user: {
      deleted: false,
      is_bot: false,
      ...user,
      team_id: teamId,
      profile: { real_name: user.real_name, display_name: user.name },
    },
  };
};

const conversationsInfo: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  if (!channel) return fail('channel_not_found');
  const isIm = channel.is_im === true;
  return {
    ok: true,
    channel: {
      id: channel.id,
      name: channel.name,
      is_channel: !isIm && !channel.is_private,
      is_group: !isIm && channel.is_private,
      is_im: isIm,
      is_private: channel.is_private,
      is_archived: channel.is_archived === true,
      is_member: channel.botIsMember,
    },
  };
};

/** Members a page holds at most (Slack caps `limit` at 1,000). */
const MEMBERS_PAGE_MAX = 1000;

/**
 * conversations.members, paged by cursor as Slack pages it. A private channel (or a DM) the bot is
 * not in is channel_not_found, as Slack answers a token that cannot see it.
 */
const conversationsMembers: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  if (!channel || (channel.is_private && !channel.botIsMember)) return fail('channel_not_found');
  const limit = Math.min(Math.max(Number(args.limit) || 100, 1), MEMBERS_PAGE_MAX);
  const start = Number(str(args.cursor) ? Buffer.from(String(args.cursor), 'base64').toString() : 0) || 0;
  const everyone = channel.is_im ? [...channel.members, ctx.identity.botUserId] : channel.members;
  const page = everyone.slice(start, start + limit);
  const next = start + limit < everyone.length ? Buffer.from(String(start + limit)).toString('base64') : '';
  return { ok: true, members: page, response_metadata: { next_cursor: next } };
};

/** usergroups.list: the workspace's groups (include_users adds members, as Slack does). */
const usergroupsList: MethodHandler = (args, ctx) => ({
  ok: true,
  usergroups: [...ctx.usergroups.values()].map((g) => ({
    id: g.id,
    team_id: ctx.identity.teamId,
    handle: g.handle,
    name: g.name,
    ...(args.include_users === true || args.include_users === 'true' ? { users: [...g.users] } : {}),
  })),
});

const usergroupsUsersList: MethodHandler = (args, ctx) => {
  const id = str(args.usergroup);
  if (id === undefined) return missing('usergroup');
  const group = ctx.usergroups.get(id);
  if (!group) return fail('no_such_subteam');
  return { ok: true, users: [...group.users] };
};

export const infoMethods: Record<string, MethodHandler> = {
  'usergroups.list': usergroupsList,
  'usergroups.users.list': usergroupsUsersList,
  'auth.test': authTest,
  'users.info': usersInfo,
  'conversations.info': conversationsInfo,
  'conversations.members': conversationsMembers,
};
