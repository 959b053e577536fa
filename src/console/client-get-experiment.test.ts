import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Sandbox, startSandbox } from '../dev/sandbox/server.js';
import { createConsoleClient } from './client.js';
import { ExperimentNotFoundError, InvalidRequestError } from './errors.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox?.close();
});

describe('getExperiment (assumed GET /experiments/v1/{id})', () => {
  it('returns the record as the platform sent it, and classifies a missing one', async () => {
    const api = createConsoleClient({
      connection: { baseUrl: sandbox.url, token: await sandbox.issueToken() },
    });
    const record = (await api.getExperiment(2)) as Record<string, unknown>;
    expect(record).toMatchObject({ id: 2, label: 'checkout_one_click' });
    await expect(api.getExperiment(98765)).rejects.toBeInstanceOf(ExperimentNotFoundError);
    await expect(api.getExperiment(-1)).rejects.toBeInstanceOf(InvalidRequestError);
  });
});
