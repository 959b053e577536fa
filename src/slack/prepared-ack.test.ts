import { describe, expect, it } from 'vitest';
import type { SlackMessage } from './blocks/message.js';
import { constantReply, ephemeralAckBody, preparedJsonOf } from './prepared-ack.js';

const frozenReply = (text: string): SlackMessage =>
  Object.freeze({ text, blocks: Object.freeze([]) as unknown as SlackMessage['blocks'] });

describe('replies prepared once', () => {
  it('builds a constant reply’s ack body and its JSON once, the same value as serialising it', () => {
    const reply = constantReply(frozenReply('Usage… · /exp'));
    const body = ephemeralAckBody(reply);
    expect(ephemeralAckBody(reply)).toBe(body);
    expect(body).toEqual({ response_type: 'ephemeral', text: 'Usage… · /exp', blocks: [] });
    expect(Object.isFrozen(body)).toBe(true);
    expect(preparedJsonOf(body)).toBe(JSON.stringify(body));
  });

  it('builds a new body for any other reply, with nothing prepared', () => {
    const reply = { text: 'Started', blocks: [] };
    const body = ephemeralAckBody(reply);
    expect(body).toEqual({ response_type: 'ephemeral', text: 'Started', blocks: [] });
    expect(ephemeralAckBody(reply)).not.toBe(body);
    expect(preparedJsonOf(body)).toBeUndefined();
    expect(preparedJsonOf(undefined)).toBeUndefined();
    expect(preparedJsonOf('text')).toBeUndefined();
  });

  it('refuses to hold a reply that can still change', () => {
    expect(() => constantReply({ text: 'x', blocks: [] })).toThrow('frozen');
  });
});
