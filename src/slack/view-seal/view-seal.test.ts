import { randomBytes } from 'node:crypto';
import type { ModalView } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { METADATA_JSON_MAX, SEAL_OVERHEAD } from '../payload.js';
import { slackResponseUrlOrigins } from './response-url-origins.js';
import {
  createViewSeal,
  ForgedViewError,
  unverifiedJson,
  VIEW_MAX_AGE_MS,
  type ViewBinding,
  type ViewSeal,
} from './view-seal.js';

const OLD_KEY = randomBytes(32);
const NEW_KEY = randomBytes(32);
const BINDING: ViewBinding = { purpose: 'stop', userId: 'U1', workspace: { teamId: 'T1' } };
const JSON_TEXT = JSON.stringify({ experimentId: 1, channelId: 'C1' });

let clock = new Date('2026-11-25T12:00:00Z');
const sealWith = (current: Buffer, old: Buffer[] = []) =>
  createViewSeal({
    keys: { current, old },
    responseUrlOrigins: slackResponseUrlOrigins('http://127.0.0.1:4000/api/'),
    now: () => clock,
  });

const modal = (metadata: string): ModalView => ({
  type: 'modal',
  title: { type: 'plain_text', text: 'x' },
  blocks: [],
  private_metadata: metadata,
});

function sealed(seal: ViewSeal, binding = BINDING, json = JSON_TEXT): string {
  return String(seal.seal(binding, modal(json)).private_metadata);
}

function reasonOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof ForgedViewError) return error.reason;
    throw error;
  }
}

describe('createViewSeal', () => {
  it('opens what it sealed for the same person, workspace and purpose, keeping the JSON readable', () => {
    const seal = sealWith(NEW_KEY);
    const text = sealed(seal);
    expect(text).toContain(JSON_TEXT);
    expect(unverifiedJson(text)).toBe(JSON_TEXT);
    expect(seal.open(BINDING, text)).toBe(JSON_TEXT);
    expect(text.length - JSON_TEXT.length).toBeLessThanOrEqual(SEAL_OVERHEAD);
  });

  it.each<[string, ViewBinding]>([
    ['another person', { ...BINDING, userId: 'U2' }],
    ['another workspace', { ...BINDING, workspace: { teamId: 'T2' } }],
    ['another purpose', { ...BINDING, purpose: 'login' }],
    ['an Enterprise Grid org', { ...BINDING, workspace: { teamId: 'T1', enterpriseId: 'E1' } }],
  ])('refuses it for %s', (_what, other) => {
    expect(reasonOf(() => sealWith(NEW_KEY).open(other, sealed(sealWith(NEW_KEY))))).toBe('mismatch');
  });

  it('binds a Grid org, not its workspace: a command and a view payload may name different ones', () => {
    const seal = sealWith(NEW_KEY);
    const inGrid = { ...BINDING, workspace: { teamId: 'T1', enterpriseId: 'E1' } };
    expect(
      seal.open({ ...inGrid, workspace: { teamId: 'T9', enterpriseId: 'E1' } }, sealed(seal, inGrid)),
    ).toBe(JSON_TEXT);
  });

  it('refuses unsigned, altered and re-stamped metadata', () => {
    const seal = sealWith(NEW_KEY);
    const text = sealed(seal);
    expect(reasonOf(() => seal.open(BINDING, JSON_TEXT))).toBe('unsigned');
    expect(reasonOf(() => seal.open(BINDING, ''))).toBe('unsigned');
    expect(reasonOf(() => seal.open(BINDING, text.replace('"experimentId":1', '"experimentId":2')))).toBe(
      'mismatch',
    );
    const [version, , mac, ...rest] = text.split('.');
    const restamped = [version, (Math.floor(clock.getTime() / 1000) + 60).toString(36), mac, ...rest].join(
      '.',
    );
    expect(reasonOf(() => seal.open(BINDING, restamped))).toBe('mismatch');
  });

  it('still opens what an old key sealed after a rotation, and nothing once that key is dropped', () => {
    const before = sealed(sealWith(OLD_KEY));
    expect(sealWith(NEW_KEY, [OLD_KEY]).open(BINDING, before)).toBe(JSON_TEXT);
    expect(reasonOf(() => sealWith(NEW_KEY).open(BINDING, before))).toBe('mismatch');
  });

  it('refuses a seal older than a day, or from the future', () => {
    const seal = sealWith(NEW_KEY);
    const start = clock;
    const text = sealed(seal);
    clock = new Date(start.getTime() + VIEW_MAX_AGE_MS - 1000);
    expect(seal.open(BINDING, text)).toBe(JSON_TEXT);
    clock = new Date(start.getTime() + VIEW_MAX_AGE_MS + 1000);
    expect(reasonOf(() => seal.open(BINDING, text))).toBe('expired');
    clock = new Date(start.getTime() - 60 * 60 * 1000);
    expect(reasonOf(() => seal.open(BINDING, text))).toBe('expired');
    clock = start;
  });

  it('leaves a view without metadata as it is, and fits the largest metadata JSON allowed', () => {
    const seal = sealWith(NEW_KEY);
    const bare = { type: 'modal', title: { type: 'plain_text', text: 'x' }, blocks: [] } as ModalView;
    expect(seal.seal(BINDING, bare)).toEqual(bare);
    const largest = `"${'x'.repeat(METADATA_JSON_MAX - 2)}"`;
    expect(sealed(seal, BINDING, largest).length).toBeLessThanOrEqual(3000);
  });

  it("accepts response_urls of Slack and of the configured Web API's origin only", () => {
    const seal = sealWith(NEW_KEY);
    expect(seal.isSlackResponseUrl('https://hooks.slack.com/commands/T1/1/abc')).toBe(true);
    expect(seal.isSlackResponseUrl('http://127.0.0.1:4000/response/r1')).toBe(true);
    expect(seal.isSlackResponseUrl('http://hooks.slack.com/commands/T1/1/abc')).toBe(false);
    expect(seal.isSlackResponseUrl('https://hooks.slack.com.evil.example/x')).toBe(false);
    expect(seal.isSlackResponseUrl('http://127.0.0.1:4001/response/r1')).toBe(false);
    expect(seal.isSlackResponseUrl('not a url')).toBe(false);
    expect(slackResponseUrlOrigins(undefined)).toEqual(['https://hooks.slack.com']);
  });
});
