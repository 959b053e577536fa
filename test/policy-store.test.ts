import { afterAll, describe, expect, it } from 'vitest';
import { applyChange } from '../src/core/policy/change.js';
import { DEFAULT_POLICY, POLICY_ACTIONS } from '../src/core/policy/policy.js';
import { createPolicyStore } from '../src/core/policy/policy-store.js';
import { backendFixture, uniqueName } from '../src/store/backends.test-helper.js';

// keyv has no compare-and-set: two replicas changing one workspace's policy at the same moment must
// not lose either change (each read the same policy; the second write must not overwrite the first).

describe.each(['redis', 'postgres'] as const)('the policy store across two %s replicas', (kind) => {
  const fixture = backendFixture(kind);
  const prefix = uniqueName('policies');
  afterAll(() => fixture.dispose(prefix));

  it('keeps every one of concurrent changes to different rules', async () => {
    const replicas = await Promise.all([fixture.open(), fixture.open()]);
    const stores = replicas.map((store) =>
      createPolicyStore(store.keyv(prefix), { claim: (key, ttlMs) => store.locks.claim(key, ttlMs) }),
    );
    const scope = `${prefix}-T0CAS`;
    const actions = POLICY_ACTIONS.filter((a) => DEFAULT_POLICY.actions[a].who.kind !== 'nobody');
    await Promise.all(
      actions.map((action, i) =>
        stores[i % 2]?.update(
          scope,
          (policy) => applyChange(policy, { kind: 'who', action, who: { kind: 'nobody' } }),
          `U0ADMIN0${i}`,
        ),
      ),
    );
    const stored = await stores[0]?.get(scope);
    expect(actions.map((a) => stored?.actions[a].who.kind)).toEqual(actions.map(() => 'nobody'));
  });

  it('stores nothing when the change leaves the policy as it is', async () => {
    const [replica] = await Promise.all([fixture.open()]);
    if (!replica) throw new Error('no store');
    const store = createPolicyStore(replica.keyv(prefix), {
      claim: (key, ttlMs) => replica.locks.claim(key, ttlMs),
    });
    const scope = `${prefix}-T0SAME`;
    const policy = await store.update(scope, (p) => p, 'U0ADMIN01');
    expect(policy.updatedBy).toBeUndefined();
    expect(await replica.keyv(prefix).get(`policy:${scope}`)).toBeUndefined();
  });
});
