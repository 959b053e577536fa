import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionFromManifest } from './functions.js';
import { type SlackEmulator, startSlackEmulator } from './server.js';

// functions.completeSuccess / completeError as their reference pages describe them, over HTTP.

let emu: SlackEmulator;
beforeAll(async () => {
  emu = await startSlackEmulator();
});
afterAll(async () => {
  await emu?.close();
});

const definition = definitionFromManifest({
  title: 'Get experiment',
  input_parameters: { properties: { experiment_id: { type: 'string' } }, required: ['experiment_id'] },
  output_parameters: {
    properties: { experiment_id: { type: 'integer' }, name: { type: 'string' } },
    required: ['experiment_id'],
  },
});

async function call(method: string, token: string, args: Record<string, unknown>) {
  const res = await fetch(`${emu.apiUrl}${method}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
    // As @slack/web-api sends it: form-encoded, objects as JSON.
    body: new URLSearchParams(
      Object.entries(args).map(([k, v]): [string, string] => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    ),
  });
  return (await res.json()) as Record<string, unknown>;
}

const start = () =>
  emu.startFunctionExecution({
    callbackId: 'get_experiment',
    teamId: emu.identity.teamId,
    inputs: {},
    definition,
  });

describe('function executions', () => {
  it('lists parameters as the event does, with is_required', () => {
    expect(definition.output_parameters).toEqual([
      { name: 'experiment_id', type: 'integer', is_required: true },
      { name: 'name', type: 'string', is_required: false },
    ]);
  });

  it('completes once, with outputs matching the step’s output parameters', async () => {
    const execution = start();
    const bad = await call('functions.completeSuccess', execution.token, {
      function_execution_id: execution.id,
      outputs: { experiment_id: '7' },
    });
    expect(bad).toMatchObject({ ok: false, error: 'parameter_validation_failed' });
    const missing = await call('functions.completeSuccess', execution.token, {
      function_execution_id: execution.id,
      outputs: { name: 'x' },
    });
    expect(missing).toMatchObject({ ok: false, error: 'parameter_validation_failed' });
    expect(emu.functionExecution(execution.id)?.state).toBe('running');
    const ok = await call('functions.completeSuccess', execution.token, {
      function_execution_id: execution.id,
      outputs: { experiment_id: 7, name: 'x' },
    });
    expect(ok).toEqual({ ok: true });
    expect(emu.functionExecution(execution.id)).toMatchObject({
      state: 'completed',
      outputs: { experiment_id: 7, name: 'x' },
    });
    const again = await call('functions.completeError', execution.token, {
      function_execution_id: execution.id,
      error: 'late',
    });
    expect(again).toEqual({ ok: false, error: 'execution_not_in_running_state' });
  });

  it('fails with the person-facing error, from the execution’s token or the bot’s', async () => {
    const execution = start();
    expect(
      await call('functions.completeError', emu.identity.botToken, { function_execution_id: execution.id }),
    ).toMatchObject({
      ok: false,
      error: 'invalid_arguments',
    });
    expect(
      await call('functions.completeError', emu.identity.botToken, {
        function_execution_id: execution.id,
        error: 'Nope.',
      }),
    ).toEqual({ ok: true });
    expect(emu.functionExecution(execution.id)).toMatchObject({ state: 'failed', error: 'Nope.' });
  });

  it('knows no execution it did not start, and no token after reset', async () => {
    const execution = start();
    expect(
      await call('functions.completeSuccess', emu.identity.botToken, {
        function_execution_id: 'Fx000',
        outputs: {},
      }),
    ).toEqual({ ok: false, error: 'function_execution_not_found' });
    emu.reset();
    expect(await call('auth.test', execution.token, {})).toMatchObject({ ok: false, error: 'invalid_auth' });
  });

  it('refuses a completion from another installed workspace', async () => {
    const other = emu.addTeam({ id: 'T0SECOND1' });
    const execution = start();
    expect(
      await call('functions.completeError', other.botToken, {
        function_execution_id: execution.id,
        error: 'x',
      }),
    ).toEqual({ ok: false, error: 'access_denied' });
  });
});
