import { randomBytes } from 'node:crypto';
import { type ApiContext, fail, type MethodHandler, missing, str } from './api-context.js';
import { isRecord } from './request-body.js';

// Custom workflow steps: Slack sends the app a function_executed event carrying the step's inputs
// and a bot_access_token for this one execution, then waits until the app calls
// functions.completeSuccess (with outputs matching the step's output_parameters) or
// functions.completeError (with a message the person is shown). Error codes are those of the
// methods' reference pages; the token staying valid after completion is this emulator's choice.

/** One parameter as the event's `function` lists it (the manifest's map, flattened to a list). */
interface FunctionParameter {
  name: string;
  type: string;
  title?: string;
  description?: string;
  is_required: boolean;
}

export interface FunctionDefinition {
  title: string;
  description?: string;
  input_parameters: FunctionParameter[];
  output_parameters: FunctionParameter[];
}

export interface FunctionExecution {
  /** function_execution_id, like Slack's Fx…. */
  id: string;
  workflowExecutionId: string;
  callbackId: string;
  teamId: string;
  /** The execution's own bot token (the event's bot_access_token). */
  token: string;
  inputs: Record<string, unknown>;
  definition: FunctionDefinition | undefined;
  state: 'running' | 'completed' | 'failed';
  outputs?: Record<string, unknown>;
  error?: string;
  startedAt: number;
}

export interface FunctionExecutionStore {
  start(input: {
    callbackId: string;
    teamId: string;
    inputs: Record<string, unknown>;
    definition?: FunctionDefinition | undefined;
  }): FunctionExecution;
  get(id: string): FunctionExecution | undefined;
  /** The team whose execution token this is, while the store knows it. */
  teamOfToken(token: string): string | undefined;
  list(): FunctionExecution[];
  clear(): void;
}

export function createFunctionExecutionStore(changed: () => void): FunctionExecutionStore {
  const executions = new Map<string, FunctionExecution>();
  const id = (prefix: string) => `${prefix}${randomBytes(5).toString('hex').toUpperCase()}`;
  return {
    start(input) {
      const execution: FunctionExecution = {
        id: id('Fx'),
        workflowExecutionId: id('Wx'),
        callbackId: input.callbackId,
        teamId: input.teamId,
        token: `xwfp-${randomBytes(12).toString('hex')}`,
        inputs: input.inputs,
        definition: input.definition,
        state: 'running',
        startedAt: Date.now(),
      };
      executions.set(execution.id, execution);
      changed();
      return execution;
    },
    get: (executionId) => executions.get(executionId),
    teamOfToken: (token) => [...executions.values()].find((e) => e.token === token)?.teamId,
    list: () => [...executions.values()],
    clear: () => executions.clear(),
  };
}

/** The execution a completion names, if this caller may complete it (its team's tokens may). */
function runningExecution(
  args: Record<string, unknown>,
  ctx: ApiContext,
): FunctionExecution | Record<string, unknown> {
  const executionId = str(args.function_execution_id);
  if (executionId === undefined) return missing('function_execution_id');
  const execution = ctx.functions.get(executionId);
  const teamId = ctx.identity.teamId;
  if (!execution) return fail('function_execution_not_found');
  // Another installed workspace's token may not complete it; a workspace served by the first one's may.
  if (execution.teamId !== teamId && ctx.team(execution.teamId) !== undefined) return fail('access_denied');
  if (execution.state !== 'running') return fail('execution_not_in_running_state');
  return execution;
}

const isExecution = (value: unknown): value is FunctionExecution =>
  isRecord(value) && typeof value.callbackId === 'string' && typeof value.token === 'string';

/** What is wrong with the outputs against the declared output_parameters, if anything. */
function outputProblems(outputs: Record<string, unknown>, params: readonly FunctionParameter[]): string[] {
  const problems: string[] = [];
  for (const param of params) {
    const value = outputs[param.name];
    if (value === undefined || value === null) {
      if (param.is_required) problems.push(`missing required output: ${param.name}`);
      continue;
    }
    if (!matchesType(value, param.type)) problems.push(`${param.name} is not of type ${param.type}`);
  }
  return problems;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    default:
      // Slack's own types (user ids, channel ids, …) are strings or objects; not checked here.
      return true;
  }
}

export const functionMethods: Record<string, MethodHandler> = {
  'functions.completeSuccess': (args, ctx) => {
    const found = runningExecution(args, ctx);
    if (!isExecution(found)) return found;
    const outputs = args.outputs;
    if (!isRecord(outputs)) return missing('outputs');
    const problems = outputProblems(outputs, found.definition?.output_parameters ?? []);
    if (problems.length > 0) return fail('parameter_validation_failed', problems);
    found.state = 'completed';
    found.outputs = outputs;
    return { ok: true };
  },
  'functions.completeError': (args, ctx) => {
    const found = runningExecution(args, ctx);
    if (!isExecution(found)) return found;
    const error = str(args.error);
    if (error === undefined) return missing('error');
    found.state = 'failed';
    found.error = error;
    return { ok: true };
  },
};

interface ManifestParameters {
  properties: Record<string, Record<string, unknown>>;
  required?: readonly string[];
}

/**
 * A step as the manifest writes it (`{properties, required}`, as Slack's Bolt guides do) in the
 * shape the function_executed event lists it: parameters as a list, each with its name and
 * is_required.
 */
export function definitionFromManifest(fn: {
  title: string;
  description?: string;
  input_parameters: ManifestParameters;
  output_parameters: ManifestParameters;
}): FunctionDefinition {
  const list = (params: ManifestParameters): FunctionParameter[] =>
    Object.entries(params.properties).map(([name, param]) => ({
      ...param,
      name,
      type: String(param.type),
      is_required: (params.required ?? []).includes(name),
    }));
  return {
    title: fn.title,
    ...(fn.description === undefined ? {} : { description: fn.description }),
    input_parameters: list(fn.input_parameters),
    output_parameters: list(fn.output_parameters),
  };
}
