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
};
