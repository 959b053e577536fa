import { describe, expect, it } from 'vitest';
import { parseSubscriptionArgs } from './parse-subscription-args.js';

const parse = (text: string) => parseSubscriptionArgs(text.split(/\s+/).filter(Boolean));
const none = {
  channelId: undefined,
  team: undefined,
  type: undefined,
  experimentId: undefined,
  actions: undefined,
  ops: false,
};

describe('parseSubscriptionArgs', () => {
  it.each([
    ['', none],
    ['stop archive', { ...none, actions: ['stop', 'archive'] }],
    ['events:stop,START', { ...none, actions: ['start', 'stop'] }],
    ['events:all', { ...none, actions: 'all' }],
    ['<#C0GROWTH1|growth> team:growth', { ...none, channelId: 'C0GROWTH1', team: 'growth' }],
    ['<#C0GROWTH1>', { ...none, channelId: 'C0GROWTH1' }],
    ['Team:"Growth Analytics" type:ab', { ...none, team: 'Growth Analytics', type: 'ab' }],
    ['experiment:42 events:stop', { ...none, experimentId: 42, actions: ['stop'] }],
    ['experiment:#42', { ...none, experimentId: 42 }],
    ['status', { ...none, actions: ['status'] }],
    ['alerts:OPS', { ...none, ops: true }],
  ])('%j', (text, args) => {
    expect(parse(text)).toEqual({ ok: true, args });
  });

  it.each([
    ['foo', { kind: 'unknown-actions', unknown: ['foo'] }],
    ['events:stop,explode', { kind: 'unknown-actions', unknown: ['explode'] }],
    ['teem:growth', { kind: 'unknown-word', word: 'teem:growth' }],
    ['alerts:everything', { kind: 'unknown-word', word: 'alerts:everything' }],
    ['team:a team:b', { kind: 'repeated', key: 'team' }],
    ['<#C1AAAAA> <#C2BBBBB>', { kind: 'repeated', key: '#channel' }],
    ['team:', { kind: 'empty-value', key: 'team' }],
    ['experiment:0', { kind: 'bad-experiment', value: '0' }],
    ['experiment:12abc', { kind: 'bad-experiment', value: '12abc' }],
    ['#growth', { kind: 'unlinked-channel', word: '#growth' }],
    [`team:${'x'.repeat(101)}`, { kind: 'unknown-word', word: `team:${'x'.repeat(101)}` }],
  ])('refuses %j', (text, problem) => {
    expect(parse(text)).toEqual({ ok: false, problem });
  });
});
