import { randomBytes } from 'node:crypto';

export interface IdSource {
  /** Message ts like Slack's "1548261231.000200": unique and increasing within one emulator. */
  ts(): string;
  viewId(): string;
  /** View hash like Slack's "156663117.cd33ad1f"; a new one on every change. */
  hash(): string;
  triggerId(): string;
  responseUrlId(): string;
}

export function createIdSource(teamNumber = '47445629121'): IdSource {
  let counter = 0;
  const next = () => {
    counter += 1;
    return counter;
  };
  const seconds = () => Math.floor(Date.now() / 1000);
  return {
    ts: () => `${seconds()}.${String(next() % 1_000_000).padStart(6, '0')}`,
    viewId: () => `V${next().toString(36).toUpperCase().padStart(10, '0')}`,
    hash: () => `${seconds()}.${randomBytes(4).toString('hex')}`,
    triggerId: () => `${next()}.${teamNumber}.${randomBytes(16).toString('hex')}`,
    responseUrlId: () => `${next()}-${randomBytes(12).toString('hex')}`,
  };
}
