import { describe, expect, it } from 'vitest';
import { createServedWorkspaces, servesOrigin, type TokenInstallation } from './served.js';

const workspace: TokenInstallation = { teamId: 'T1', enterpriseId: undefined, orgWide: false };
const gridWorkspace: TokenInstallation = { teamId: 'T1', enterpriseId: 'E1', orgWide: false };
const orgWide: TokenInstallation = { teamId: undefined, enterpriseId: 'E1', orgWide: true };

describe('servesOrigin', () => {
  it('serves its own workspace only', () => {
    expect(servesOrigin(workspace, { teamId: 'T1' })).toBe(true);
    expect(servesOrigin(workspace, { teamId: 'T2' })).toBe(false);
    expect(servesOrigin(workspace, {})).toBe(false);
  });

  it('asks a workspace of an organisation for both its team and its organisation', () => {
    expect(servesOrigin(gridWorkspace, { teamId: 'T1', enterpriseId: 'E1' })).toBe(true);
    expect(servesOrigin(gridWorkspace, { teamId: 'T1', enterpriseId: 'E2' })).toBe(false);
    expect(servesOrigin(gridWorkspace, { teamId: 'T1' })).toBe(false);
    expect(servesOrigin(workspace, { teamId: 'T1', enterpriseId: 'E1' })).toBe(false);
  });

  it('serves every workspace of its organisation on an org-wide install, and none elsewhere', () => {
    expect(servesOrigin(orgWide, { teamId: 'T7', enterpriseId: 'E1' })).toBe(true);
    expect(servesOrigin(orgWide, { enterpriseId: 'E1' })).toBe(true);
    expect(servesOrigin(orgWide, { teamId: 'T7', enterpriseId: 'E2' })).toBe(false);
    expect(servesOrigin(orgWide, { teamId: 'T7' })).toBe(false);
  });

  it('serves the workspaces named besides its own (the playground’s), in its organisation', () => {
    const also = new Set(['T2']);
    expect(servesOrigin(workspace, { teamId: 'T2' }, also)).toBe(true);
    expect(servesOrigin(workspace, { teamId: 'T2', enterpriseId: 'E9' }, also)).toBe(false);
    expect(servesOrigin(workspace, { teamId: 'T3' }, also)).toBe(false);
  });
});

describe('createServedWorkspaces', () => {
  it('answers at once once the installation is known', async () => {
    let asked = 0;
    const served = createServedWorkspaces({
      installation: async () => {
        asked += 1;
        return workspace;
      },
    });
    expect(await served.check({ teamId: 'T1' })).toBe('served');
    expect(served.check({ teamId: 'T1' })).toBe('served');
    expect(served.check({ teamId: 'T2' })).toBe('other');
    expect(asked).toBe(1);
  });

  it('cannot say while Slack does not answer, and asks again on the next request', async () => {
    let answer: TokenInstallation | undefined;
    const served = createServedWorkspaces({ installation: async () => answer });
    expect(await served.check({ teamId: 'T1' })).toBe('unknown');
    answer = workspace;
    expect(await served.check({ teamId: 'T1' })).toBe('served');
  });

  it('cannot say when auth.test fails or is late', async () => {
    const failing = createServedWorkspaces({ installation: () => Promise.reject(new Error('down')) });
    expect(await failing.check({ teamId: 'T1' })).toBe('unknown');
    const late = createServedWorkspaces({ installation: () => new Promise(() => {}), budgetMs: 20 });
    expect(await late.check({ teamId: 'T1' })).toBe('unknown');
  });
});
