import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HELP_BLOCKS } from './command/ids.js';
import { CONNECT_MODAL, CONNECTION_BLOCKS, ConnectModalMetadata } from './connection/ids.js';
import { DICT_ACTIONS, DICT_BLOCKS } from './dictionaries/ids.js';
import { EXPERIMENT_MODAL } from './experiment-form/ids.js';
import { BLOCKS, LOADING_MODAL } from './ids.js';
import {
  decodeButtonValue,
  encodeButtonValue,
  LIFECYCLE_ACTION_ID_PATTERN,
  LIFECYCLE_ACTION_IDS,
  LIFECYCLE_BLOCKS,
} from './lifecycle/ids.js';
import { decodeMetadata, encodeMetadata, SlackPayloadError } from './payload.js';
import { EXPOSE_ACTIONS, SPLITTER_BLOCKS } from './splitter/ids.js';
import { STOP_MODAL, StopModalMetadata } from './stop/ids.js';
import { SUBSCRIPTION_BLOCKS } from './subscriptions/ids.js';

function caught(fn: () => unknown): SlackPayloadError {
  try {
    fn();
  } catch (error) {
    if (error instanceof SlackPayloadError) return error;
    throw error;
  }
  throw new Error('expected a SlackPayloadError');
}

/** Every id string of every feature's ids.ts: one list, so two features can never collide. */
function everyId(): string[] {
  const tables: unknown[] = [
    BLOCKS,
    LOADING_MODAL,
    LIFECYCLE_ACTION_IDS,
    LIFECYCLE_BLOCKS,
    HELP_BLOCKS,
    STOP_MODAL,
    CONNECT_MODAL,
    CONNECTION_BLOCKS,
    DICT_BLOCKS,
    DICT_ACTIONS,
    SPLITTER_BLOCKS,
    EXPOSE_ACTIONS,
    EXPERIMENT_MODAL,
    SUBSCRIPTION_BLOCKS,
  ];
  const out: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') out.push(value);
    else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v);
  };
  for (const table of tables) collect(table);
  return out;
}

describe('ids', () => {
  it('are unique across features, short and matched by the lifecycle pattern', () => {
    const all = everyId();
    expect(all.length).toBeGreaterThan(80);
    expect(new Set(all).size).toBe(all.length);
    for (const id of all) expect(id.length).toBeLessThanOrEqual(255);
    const lifecycle = new Set<string>(Object.values(LIFECYCLE_ACTION_IDS));
    for (const id of all) expect(LIFECYCLE_ACTION_ID_PATTERN.test(id)).toBe(lifecycle.has(id));
    for (const [action, id] of Object.entries(LIFECYCLE_ACTION_IDS)) {
      expect(LIFECYCLE_ACTION_ID_PATTERN.exec(id)?.[1]).toBe(action);
    }
    expect(LIFECYCLE_ACTION_ID_PATTERN.test(STOP_MODAL.actions.reason)).toBe(false);
  });
});

describe('private_metadata', () => {
  it('round-trips through JSON with the schema', () => {
    const value = { experimentId: 12, channelId: 'C1', responseUrl: 'https://hooks.slack.com/x' };
    const text = encodeMetadata(StopModalMetadata, value);
    expect(JSON.parse(text)).toEqual(value);
    expect(decodeMetadata(StopModalMetadata, text)).toEqual(value);
    expect(decodeMetadata(ConnectModalMetadata, '{"channelId":"C9"}')).toEqual({ channelId: 'C9' });
  });

  it('refuses values the schema refuses, before sending them', () => {
    const error = caught(() => encodeMetadata(StopModalMetadata, { experimentId: 0, channelId: 'C1' }));
    expect(error.reason).toBe('invalid');
    expect(error.field).toBe('private_metadata');
  });

  it('refuses more than 3000 characters both ways', () => {
    const big = { channelId: 'C1', responseUrl: `https://x.example/${'a'.repeat(900)}` };
    expect(encodeMetadata(ConnectModalMetadata, big).length).toBeLessThan(3000);
    const schema = StopModalMetadata.extend({ note: z.string() });
    const tooBig = { experimentId: 1, channelId: 'C1', note: 'n'.repeat(3000) };
    expect(caught(() => encodeMetadata(schema, tooBig)).reason).toBe('too-large');
    expect(caught(() => decodeMetadata(StopModalMetadata, ' '.repeat(3001))).reason).toBe('too-large');
  });

  it('reports text that is not JSON or does not match', () => {
    expect(caught(() => decodeMetadata(StopModalMetadata, 'shhh-its-secret')).reason).toBe('not-json');
    const mismatch = caught(() =>
      decodeMetadata(StopModalMetadata, '{"experimentId":"12","channelId":"C1"}'),
    );
    expect(mismatch.reason).toBe('invalid');
    expect(mismatch.issues.join(' ')).toContain('experimentId');
    expect(
      caught(() => decodeMetadata(StopModalMetadata, '{"experimentId":1,"channelId":"C1","x":1}')).reason,
    ).toBe('invalid');
  });
});

describe('button values', () => {
  it('carry the action and the experiment id', () => {
    const text = encodeButtonValue({ action: 'archive', experimentId: 77 });
    expect(text).toBe('{"action":"archive","experimentId":77}');
    expect(decodeButtonValue(text)).toEqual({ action: 'archive', experimentId: 77 });
  });

  it('refuse forged or damaged values', () => {
    expect(caught(() => decodeButtonValue('{"action":"delete","experimentId":1}')).reason).toBe('invalid');
    expect(caught(() => decodeButtonValue('{"action":"start","experimentId":-1}')).reason).toBe('invalid');
    expect(caught(() => decodeButtonValue('{"action":"start","experimentId":1.5}')).reason).toBe('invalid');
    expect(caught(() => decodeButtonValue('start:1')).reason).toBe('not-json');
    expect(caught(() => decodeButtonValue('x'.repeat(2001))).reason).toBe('too-large');
  });
});
