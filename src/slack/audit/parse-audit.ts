import { parseExperimentId } from '../command/parse-args.js';

// `/exp audit [ID] [--user @someone]`. Slack sends mentions escaped (`<@U123|alice>`, the manifest
// sets should_escape); a bare user id is accepted too, for scripts. Total: never throws.

type AuditQuery = { experimentId?: number; userId?: string };
export type AuditArgs = { ok: true; query: AuditQuery } | { ok: false; word: string };

const MENTION = /^<@([UW][A-Z0-9]{2,20})(?:\|[^>]*)?>$/;
const USER_ID = /^[UW][A-Z0-9]{2,20}$/;

function userOf(word: string): string | undefined {
  const mention = MENTION.exec(word);
  if (mention) return mention[1];
  return USER_ID.test(word) ? word : undefined;
}

export function parseAuditArgs(args: readonly string[]): AuditArgs {
  const query: AuditQuery = {};
  for (let i = 0; i < args.length; i++) {
    const word = args[i] ?? '';
    const flag = /^(?:--user=|--user|user:)(.*)$/i.exec(word);
    if (flag) {
      const value = flag[1] === '' ? args[++i] : flag[1];
      const user = value === undefined ? undefined : userOf(value);
      if (user === undefined || query.userId !== undefined) return { ok: false, word: value ?? word };
      query.userId = user;
      continue;
    }
    const mentioned = MENTION.exec(word);
    if (mentioned?.[1] && query.userId === undefined) {
      query.userId = mentioned[1];
      continue;
    }
    const id = parseExperimentId(word);
    if (id !== undefined && query.experimentId === undefined) {
      query.experimentId = id;
      continue;
    }
    return { ok: false, word };
  }
  return { ok: true, query };
}
