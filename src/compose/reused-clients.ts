import type { ConsoleApi, ConsoleConnection } from '../console/types.js';

/** Most scopes one connection object keeps a client for (the default connection serves every workspace without its own). */
const CLIENTS_PER_CONNECTION = 1_000;

/**
 * A client is stateless (connection, pool, timeouts), but building one is about twenty closures and
 * 6 kB a look-up, twice a `/exp start`. The same connection object (the server's default one; a
 * stored connection is read afresh each time) gets the same client per scope, for as long as the
 * object lives; nothing holds a token that the connection object does not already hold.
 */
export function reusedPerConnection(
  make: (connection: ConsoleConnection, scope: string) => ConsoleApi,
): (connection: ConsoleConnection, scope: string) => ConsoleApi {
  const clients = new WeakMap<ConsoleConnection, Map<string, ConsoleApi>>();
  return (connection, scope) => {
    let byScope = clients.get(connection);
    if (!byScope) {
      byScope = new Map();
      clients.set(connection, byScope);
    }
    let client = byScope.get(scope);
    if (!client) {
      if (byScope.size >= CLIENTS_PER_CONNECTION) byScope.clear();
      client = make(connection, scope);
      byScope.set(scope, client);
    }
    return client;
  };
}
