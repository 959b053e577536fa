import { describe, expect, it } from 'vitest';
import type { ConsoleApi, ConsoleConnection } from '../console/types.js';
import { reusedPerConnection } from './reused-clients.js';

describe('console clients reused per connection', () => {
  it('builds one client per connection object and scope, and bounds what one connection keeps', () => {
    const built: string[] = [];
    const make = (connection: ConsoleConnection, scope: string) => {
      built.push(`${connection.baseUrl} ${scope}`);
      return { scope } as unknown as ConsoleApi;
    };
    const clientFor = reusedPerConnection(make);
    const shared = { baseUrl: 'https://default.example.test', token: 'default-token' };
    const a = clientFor(shared, 'T1');
    expect(clientFor(shared, 'T1')).toBe(a);
    expect(clientFor(shared, 'T2')).not.toBe(a);
    // A stored connection is read afresh each time: an equal but new object gets a client of its own.
    expect(clientFor({ ...shared }, 'T1')).not.toBe(a);
    expect(built).toEqual([
      'https://default.example.test T1',
      'https://default.example.test T2',
      'https://default.example.test T1',
    ]);
    for (let i = 0; i < 1_000; i++) clientFor(shared, `W${i}`);
    const afterBound = built.length;
    clientFor(shared, 'T1');
    expect(built.length).toBe(afterBound + 1);
  });
});
