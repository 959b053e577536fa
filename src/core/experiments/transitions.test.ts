import { describe, expect, it } from 'vitest';
import type { LifecycleAction } from '../lifecycle-action.js';
import {
  allows,
  createdStatus,
  DEFAULT_TRANSITIONS,
  learnRefusal,
  offeredActions,
  parseTransitionTable,
  statusAfter,
  TransitionTableError,
} from './transitions.js';

describe('the default transition table', () => {
  // (action that succeeded, status before) → status after → offered actions.
  it.each<[LifecycleAction, string | undefined, string | undefined, LifecycleAction[]]>([
    ['start', 'draft', 'running', ['stop']],
    ['start', undefined, 'running', ['stop']],
    ['stop', 'running', 'stopped', ['archive']],
    ['stop', undefined, 'stopped', ['archive']],
    ['archive', 'stopped', 'archived', ['unarchive']],
    ['unarchive', 'archived', 'stopped', ['archive']],
  ])('after %s from %s the status is %s and %j is offered', (action, before, after, offered) => {
    const status = statusAfter(DEFAULT_TRANSITIONS, before, action);
    expect(status).toBe(after);
    expect(offeredActions(DEFAULT_TRANSITIONS, {}, status)).toEqual(offered);
  });

  // (action refused, status the platform reported) → offered actions (the refusal is learnt).
  it.each<[LifecycleAction, string, LifecycleAction[]]>([
    ['start', 'running', ['stop']],
    ['start', 'stopped', ['archive']],
    ['start', 'archived', ['unarchive']],
    ['archive', 'archived', ['unarchive']],
    ['archive', 'running', ['stop']],
    ['stop', 'draft', ['start']],
    ['unarchive', 'running', ['stop']],
    ['stop', 'paused (manual)', []],
  ])('a %s refused in status %s offers %j', (action, reported, offered) => {
    const learnt = learnRefusal({}, reported, action);
    expect(offeredActions(DEFAULT_TRANSITIONS, learnt, reported)).toEqual(offered);
    expect(offeredActions(DEFAULT_TRANSITIONS, learnt, reported)).not.toContain(action);
  });

  it('guesses nothing for an unknown or unnamed status', () => {
    expect(offeredActions(DEFAULT_TRANSITIONS, {}, undefined)).toEqual([]);
    expect(offeredActions(DEFAULT_TRANSITIONS, {}, 'RUNNING_WITH_ERRORS')).toEqual([]);
    expect(allows(DEFAULT_TRANSITIONS, {}, undefined, 'stop')).toBe('unknown');
    expect(allows(DEFAULT_TRANSITIONS, {}, 'weird', 'stop')).toBe('unknown');
  });

  it('refuses forms the table rules out: stop from draft or archived, edit of archived', () => {
    expect(allows(DEFAULT_TRANSITIONS, {}, 'draft', 'stop')).toBe('no');
    expect(allows(DEFAULT_TRANSITIONS, {}, 'archived', 'stop')).toBe('no');
    expect(allows(DEFAULT_TRANSITIONS, {}, 'archived', 'edit')).toBe('no');
    expect(allows(DEFAULT_TRANSITIONS, {}, 'running', 'edit')).toBe('yes');
    expect(allows(DEFAULT_TRANSITIONS, {}, 'running', 'stop')).toBe('yes');
  });

  it('stops offering what the platform refused, from that status only', () => {
    const learnt = learnRefusal({}, 'stopped', 'archive');
    expect(offeredActions(DEFAULT_TRANSITIONS, learnt, 'stopped')).toEqual([]);
    expect(offeredActions(DEFAULT_TRANSITIONS, learnt, 'archived')).toEqual(['unarchive']);
    expect(learnRefusal(learnt, 'stopped', 'archive')).toBe(learnt);
  });

  it('keeps what it learns bounded', () => {
    let learnt = {};
    for (let i = 0; i < 200; i++) learnt = learnRefusal(learnt, `s${i}`, 'start');
    expect(Object.keys(learnt).length).toBeLessThanOrEqual(50);
  });

  it('knows a new experiment as a draft only where the table names drafts', () => {
    expect(createdStatus(DEFAULT_TRANSITIONS)).toBe('draft');
    expect(createdStatus({ new: { start: 'live' } })).toBeUndefined();
  });
});

describe('EXPERIMENT_TRANSITIONS', () => {
  it('replaces the defaults', () => {
    const table = parseTransitionTable(
      '{"new":{"start":"live","edit":"new"},"live":{"stop":"done"},"done":{}}',
    );
    expect(offeredActions(table, {}, 'new')).toEqual(['start']);
    expect(statusAfter(table, 'new', 'start')).toBe('live');
    expect(offeredActions(table, {}, 'running')).toEqual([]);
    expect(parseTransitionTable(undefined)).toBe(DEFAULT_TRANSITIONS);
  });

  it.each(['not json', '[]', '{}', '{"draft":{"launch":"running"}}', '{"draft":{"start":""}}', '{"":{}}'])(
    'refuses %s with a message',
    (json) => {
      expect(() => parseTransitionTable(json)).toThrow(TransitionTableError);
    },
  );
});

describe('a status named like a property every object has', () => {
  it('is an unknown status, offered nothing, learnt and read back as any other', () => {
    for (const status of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(allows(DEFAULT_TRANSITIONS, {}, status, 'stop')).toBe('unknown');
      expect(offeredActions(DEFAULT_TRANSITIONS, {}, status)).toEqual([]);
      expect(statusAfter(DEFAULT_TRANSITIONS, status, 'start')).toBe('running');
      const learnt = learnRefusal({}, status, 'stop');
      expect(Object.hasOwn(learnt, status)).toBe(true);
      expect(learnRefusal(learnt, status, 'stop')).toBe(learnt);
    }
  });
});
