/**
 * What the app's own bot token serves, as auth.test says: one workspace, or on an org-wide install
 * (Enterprise Grid) every workspace of one organisation.
 */
export interface TokenInstallation {
  teamId: string | undefined;
  enterpriseId: string | undefined;
  orgWide: boolean;
}

/** Where a request comes from, as Bolt reads it off the body (context.teamId and enterpriseId). */
export interface RequestOrigin {
  teamId?: string | undefined;
  enterpriseId?: string | undefined;
}

export type Served = 'served' | 'other' | 'unknown';

/** How long a request waits for auth.test the first time: the ack must still leave within 3 s. */
const FIRST_LOOKUP_BUDGET_MS = 1_500;

/**
 * Whether a request is one the token serves. Team ids are Slack-wide, but a workspace of an
 * organisation also names its organisation: both must agree, as the view seal and the admin list
 * compare them.
 */
export function servesOrigin(
  installation: TokenInstallation,
  origin: RequestOrigin,
  alsoServed: ReadonlySet<string> = new Set(),
): boolean {
  const enterprise = origin.enterpriseId || undefined;
  if (installation.orgWide)
    return installation.enterpriseId !== undefined && enterprise === installation.enterpriseId;
  if (enterprise !== (installation.enterpriseId || undefined) || origin.teamId === undefined) return false;
  return origin.teamId === installation.teamId || alsoServed.has(origin.teamId);
}

export interface ServedWorkspaces {
  /** Answered at once once auth.test has answered, so the requests after the first wait for nothing. */
  check(origin: RequestOrigin): Served | Promise<Served>;
}

/**
 * `installation`: the token's workspace from auth.test, remembered where it is asked (undefined
 * while Slack cannot say). `alsoServed`: the playground's emulator lets its one token reach a second
 * emulated workspace (src/dev/playground/teams.ts); real Slack never does.
 */
export function createServedWorkspaces(input: {
  installation: () => Promise<TokenInstallation | undefined>;
  alsoServed?: readonly string[] | undefined;
  budgetMs?: number;
}): ServedWorkspaces {
  const alsoServed = new Set(input.alsoServed ?? []);
  let known: TokenInstallation | undefined;
  const verdict = (installation: TokenInstallation, origin: RequestOrigin): Served =>
    servesOrigin(installation, origin, alsoServed) ? 'served' : 'other';
  return {
    check(origin) {
      if (known) return verdict(known, origin);
      return withinBudget(input.installation(), input.budgetMs ?? FIRST_LOOKUP_BUDGET_MS).then(
        (installation) => {
          if (!installation) return 'unknown';
          known = installation;
          return verdict(installation, origin);
        },
        () => 'unknown',
      );
    },
  };
}

async function withinBudget<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
