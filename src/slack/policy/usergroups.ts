import type { webApi } from '@slack/bolt';

export interface UserGroup {
  id: string;
  handle: string;
  name: string;
}

/** The workspace's user groups (usergroups.list, which needs `usergroups:read`); none when Slack says no. */
export async function listUserGroups(client: webApi.WebClient): Promise<UserGroup[]> {
  const result = await client.usergroups.list({});
  return (result.usergroups ?? [])
    .filter((g): g is typeof g & { id: string } => typeof g.id === 'string')
    .map((g) => ({ id: g.id, handle: String(g.handle ?? ''), name: String(g.name ?? g.handle ?? g.id) }));
}
