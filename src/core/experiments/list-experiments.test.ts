import { describe, expect, it } from 'vitest';
import type { ConnectionResolver } from '../connections.js';
import type { ExperimentKnowledge } from './knowledge.js';
import { listExperiments } from './list-experiments.js';
import { applyUpdate, emptyRecord } from './record.js';
import { DEFAULT_TRANSITIONS } from './transitions.js';

const AT = '2026-11-01T10:00:00.000Z';
const records = [
  applyUpdate(emptyRecord(1, AT), { status: 'running', name: 'Search' }, 'platform-read', AT),
  applyUpdate(emptyRecord(2, AT), { status: 'draft', name: 'Checkout' }, 'platform-read', AT),
  applyUpdate(emptyRecord(3, AT), { status: 'constructor', name: 'Odd' }, 'platform-read', AT),
];
const knowledge = {
  records: { all: async () => records, learnt: async () => ({}) },
  transitions: DEFAULT_TRANSITIONS,
} as unknown as ExperimentKnowledge;
const connections = {} as ConnectionResolver;

const ids = async (filter: string, statusNames?: Readonly<Record<string, string>>) =>
  (
    await listExperiments(knowledge, connections, {
      workspace: { teamId: 'T1' },
      filter,
      statusNames,
      page: 1,
      refresh: false,
      budgetMs: 0,
    })
  ).views.map((v) => v.record.experimentId);

describe('listExperiments filter', () => {
  it('matches a status by the platform’s value', async () => {
    expect(await ids('running')).toEqual([1]);
  });

  it('matches a status by the word the reader’s list shows for it', async () => {
    expect(await ids('запущен', { running: 'Запущен', draft: 'Черновик' })).toEqual([1]);
    expect(await ids('Черновик', { running: 'Запущен', draft: 'Черновик' })).toEqual([2]);
  });

  it('reads only the names given, never what an object inherits', async () => {
    expect(await ids('function', { running: 'Запущен' })).toEqual([]);
  });
});
