import { Keyv } from 'keyv';
import { describe, expect, it } from 'vitest';
import {
  createDictionaryCache,
  type DictionaryCache,
  type DictionaryFetcher,
} from '../../console/dictionaries/cache.js';
import { normaliseDictionary } from '../../console/dictionaries/normalise.js';
import type { ConsoleApi } from '../../console/types.js';
import type { ConnectionLookup, ConnectionResolver } from '../../core/connections.js';
import { createMemoryLogger } from '../../observability/logger.js';
import { en } from '../messages/index.js';
import { LABEL_NAME_MAX, labelledValue, labelsFromItems, NO_DICTIONARY_LABELS } from './dictionary-labels.js';
import { LABELS_BUDGET_MS, readDictionaryLabels } from './read-dictionary-labels.js';

const TEAMS = {
  data: [{ id: 20, name: 'Fintech', children: [{ id: 211, name: 'Checkout', children: [] }] }],
};
const LAYERS = [
  { id: 201, title: 'Checkout flow' },
  { id: 202, title: '202' },
];
const items = (name: 'teams' | 'layers', json: unknown) => normaliseDictionary(name, json).items;
const WORKSPACE = { teamId: 'T1' };

describe('labelledValue', () => {
  const labels = labelsFromItems({ teams: items('teams', TEAMS), layers: items('layers', LAYERS) });

  it('puts a known name beside its value, matching numbers and their text alike', () => {
    expect(labelledValue(labels, 'teams', '211', en)).toBe('Checkout (`211`)');
    expect(labelledValue(labels, 'teams', 211, en)).toBe('Checkout (`211`)');
    expect(labelledValue(labels, 'teams', '20', en)).toBe('Fintech (`20`)');
  });

  it('shows an unknown value bare, and a "name" that only repeats the value too', () => {
    expect(labelledValue(labels, 'teams', '999', en)).toBe('`999`');
    expect(labelledValue(labels, 'layers', '202', en)).toBe('`202`');
    // A dictionary that was not read at all.
    expect(labelledValue(labels, 'types', 'regular', en)).toBe('`regular`');
  });

  it('shows every value bare when nothing is known or the dictionary is empty', () => {
    expect(labelledValue(NO_DICTIONARY_LABELS, 'teams', '211', en)).toBe('`211`');
    expect(labelledValue(labelsFromItems({ teams: [] }), 'teams', '211', en)).toBe('`211`');
  });

  it('never throws: a failing source leaves the value bare', () => {
    const broken = {
      nameOf: () => {
        throw new Error('boom');
      },
    };
    expect(labelledValue(broken, 'teams', '211', en)).toBe('`211`');
  });

  it('escapes platform names and bounds them, so a name cannot mention, link, format or overflow', () => {
    const hostile = labelsFromItems({
      teams: [
        { value: 1, label: '<!channel> *urgent*\n> quoted <https://evil.example|click>', raw: {} },
        { value: 2, label: 'x'.repeat(5_000), raw: {} },
      ],
    });
    const one = labelledValue(hostile, 'teams', '1', en);
    expect(one).not.toContain('<!channel>');
    expect(one).not.toContain('<https://');
    expect(one).not.toContain('\n');
    expect(one).toContain('&lt;!channel&gt;');
    expect(one.endsWith('(`1`)')).toBe(true);
    const long = labelledValue(hostile, 'teams', '2', en);
    // The name cut to LABEL_NAME_MAX (ending with an ellipsis), then " (`2`)".
    expect(long).toBe(`${'x'.repeat(LABEL_NAME_MAX - 1)}… (\`2\`)`);
  });
});

/** A resolver that always answers with one connection (or throws, for a store that is down). */
function connections(api: DictionaryFetcher | 'store-down'): ConnectionResolver {
  const lookup = async (): Promise<ConnectionLookup> => {
    if (api === 'store-down') throw new Error('connection store unavailable');
    return {
      kind: 'connected',
      api: api as unknown as ConsoleApi,
      baseUrl: 'http://platform.invalid',
      origin: 'default',
      identity: 'default',
      owner: undefined,
      scope: 'T1',
      expiresAt: undefined,
    };
  };
  return { lookup, markInvalid: async () => {} } as unknown as ConnectionResolver;
}

function deps(fetcher: DictionaryFetcher | 'store-down', dictionaries?: DictionaryCache) {
  return {
    connections: connections(fetcher),
    dictionaries: dictionaries ?? createDictionaryCache({ keyv: new Keyv(), ttlMs: 60_000 }),
    logger: createMemoryLogger('debug'),
  };
}

const answering = (json: Record<string, unknown>): DictionaryFetcher => ({
  getDictionary: async (name) => json[name],
});

describe('readDictionaryLabels', () => {
  it('reads the names through the dictionary cache, once', async () => {
    let fetched = 0;
    const d = deps({
      getDictionary: async (name) => {
        fetched += 1;
        return name === 'teams' ? TEAMS : LAYERS;
      },
    });
    const first = await readDictionaryLabels(d, WORKSPACE, ['teams', 'layers']);
    expect(first.nameOf('teams', '211')).toBe('Checkout');
    expect(first.nameOf('layers', 201)).toBe('Checkout flow');
    const again = await readDictionaryLabels(d, WORKSPACE, ['teams', 'layers', 'teams']);
    expect(again.nameOf('teams', '211')).toBe('Checkout');
    expect(fetched).toBe(2);
  });

  it('knows no names for an empty dictionary, or when none is asked for', async () => {
    const empty = await readDictionaryLabels(deps(answering({ teams: [] })), WORKSPACE, ['teams']);
    expect(empty.nameOf('teams', '211')).toBeUndefined();
    const none = await readDictionaryLabels(deps('store-down'), WORKSPACE, []);
    expect(none.nameOf('teams', '211')).toBeUndefined();
  });

  it('never throws when the platform, the cache or the connection store fails', async () => {
    const refusing = deps({
      getDictionary: async () => {
        throw new Error('platform down');
      },
    });
    expect((await readDictionaryLabels(refusing, WORKSPACE, ['teams'])).nameOf('teams', '211')).toBe(
      undefined,
    );
    const cacheDown: DictionaryCache = {
      get: async () => {
        throw new Error('store unavailable');
      },
      peek: async () => undefined,
      drop: async () => {},
    };
    const failingCache = deps(answering({ teams: TEAMS }), cacheDown);
    expect((await readDictionaryLabels(failingCache, WORKSPACE, ['teams'])).nameOf('teams', '211')).toBe(
      undefined,
    );
    const storeDown = deps('store-down');
    expect((await readDictionaryLabels(storeDown, WORKSPACE, ['teams'])).nameOf('teams', '211')).toBe(
      undefined,
    );
    expect(storeDown.logger.lines.join('\n')).toContain('dictionary names unavailable');
  });

  it('waits no longer than its budget for a slow platform, whose answer then fills the cache', async () => {
    let release: (json: unknown) => void = () => {};
    const d = deps({ getDictionary: () => new Promise((resolve) => (release = resolve)) });
    const started = Date.now();
    const slow = await readDictionaryLabels(d, WORKSPACE, ['teams'], { budgetMs: 50 });
    expect(Date.now() - started).toBeLessThan(LABELS_BUDGET_MS);
    expect(slow.nameOf('teams', '211')).toBeUndefined();
    release(TEAMS);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const later = await readDictionaryLabels(d, WORKSPACE, ['teams'], { budgetMs: 50 });
    expect(later.nameOf('teams', '211')).toBe('Checkout');
  });

  it('leaves only a slow dictionary bare: those that answered in time are named', async () => {
    const d = deps({
      getDictionary: (name) => (name === 'teams' ? new Promise(() => {}) : Promise.resolve(LAYERS)),
    });
    const labels = await readDictionaryLabels(d, WORKSPACE, ['teams', 'layers'], { budgetMs: 50 });
    expect(labels.nameOf('teams', '211')).toBeUndefined();
    expect(labels.nameOf('layers', 201)).toBe('Checkout flow');
  });

  it('waits no longer than its budget for a connection store that hangs', async () => {
    const hanging = {
      ...deps(answering({ teams: TEAMS })),
      connections: { lookup: () => new Promise<never>(() => {}) } as unknown as ConnectionResolver,
    };
    const started = Date.now();
    const labels = await readDictionaryLabels(hanging, WORKSPACE, ['teams'], { budgetMs: 20 });
    expect(Date.now() - started).toBeLessThan(LABELS_BUDGET_MS);
    expect(labels.nameOf('teams', '211')).toBeUndefined();
  });
});
