import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ExperimentInterruptReason } from '../src/core/stop-reason.js';
import { BOT_SCOPES } from '../src/slack/app.js';
import { GET_EXPERIMENT_STEP, INPUT, LIFECYCLE_STEPS, OUTPUT } from '../src/slack/workflow-steps/ids.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Parameters = { properties: Record<string, Record<string, unknown>>; required?: string[] };
type StepFunction = {
  title: string;
  description: string;
  input_parameters: Parameters;
  output_parameters: Parameters;
};

type Manifest = {
  display_information: Record<string, unknown>;
  features: {
    bot_user: Record<string, unknown>;
    slash_commands: Array<Record<string, unknown>>;
    app_home?: Record<string, unknown>;
    unfurl_domains?: string[];
  };
  oauth_config: { scopes: { bot: string[] }; redirect_urls: string[] };
  settings: {
    interactivity: Record<string, unknown>;
    event_subscriptions: { request_url: string; bot_events: string[] };
    socket_mode_enabled: boolean;
    org_deploy_enabled: boolean;
    function_runtime?: string;
  };
  functions: Record<string, StepFunction>;
};

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const manifest = () => parse(read('../manifest.yml')) as Manifest;

/**
 * The manifest writes a step's parameters as Slack's Bolt guides do,
 * `input_parameters: {properties: {name: {...}}, required: [name]}`, while Slack's published schema
 * (1.0.0) accepts them only as a flat map, `input_parameters: {name: {..., is_required: true}}`.
 * The manifest keeps the documented form; this reads it as the flat map before validating, so the
 * rest of the manifest is still checked against the published schema.
 */
function asPublishedSchema(m: Manifest): Record<string, unknown> {
  const flat = (params: Parameters) =>
    Object.fromEntries(
      Object.entries(params.properties).map(([name, param]) => [
        name,
        { ...param, is_required: (params.required ?? []).includes(name) },
      ]),
    );
  const functions = Object.fromEntries(
    Object.entries(m.functions).map(([id, fn]) => [
      id,
      { ...fn, input_parameters: flat(fn.input_parameters), output_parameters: flat(fn.output_parameters) },
    ]),
  );
  return { ...m, functions };
}
let validate: ReturnType<Ajv['compile']>;

beforeAll(() => {
  const schema = JSON.parse(read('./fixtures/slack/manifest.schema.1.0.0.json'));
  expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  // strictTypes off: the published schema omits `type: array` beside some minItems (hermes section).
  const ajv = new Ajv({ allErrors: true, strictTypes: false });
  addFormats(ajv);
  // The published schema uses two non-standard keywords: `regex` (meant as `pattern`, on
  // background_color) is enforced as a pattern; `_note` is a comment.
  ajv.addKeyword({
    keyword: 'regex',
    type: 'string',
    schemaType: 'string',
    validate: (pattern: string, data: string) => new RegExp(pattern).test(data),
  });
  ajv.addKeyword({ keyword: '_note' });
  validate = ajv.compile(schema);
});

describe('manifest.yml', () => {
  it('is valid against Slack’s manifest schema', () => {
    const valid = validate(asPublishedSchema(manifest()));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('declares /exp pointing at the events endpoint', () => {
    const m = manifest();
    expect(m.display_information.name).toBe('exp-chatops');
    expect(m.features.bot_user).toEqual({ display_name: 'exp-chatops', always_online: true });
    // Console links unfurl into cards: the deployment puts CONSOLE_WEB_URL's host here.
    expect(m.features.unfurl_domains).toEqual(['console.example.com']);
    // Home is published on app_home_opened; the app's DMs show in a read-only Messages tab.
    expect(m.features.app_home).toEqual({
      home_tab_enabled: true,
      messages_tab_enabled: true,
      messages_tab_read_only_enabled: true,
    });
    expect(m.features.slash_commands).toEqual([
      expect.objectContaining({
        command: '/exp',
        usage_hint: 'show 123 | start 123 | stop 123 | list | dict layers | help',
        // Mentions, channels and links arrive as ids (`<@U…|name>`), which the parsers read.
        should_escape: true,
        url: 'https://example.com/slack/events',
      }),
    ]);
  });

  it('asks for the scopes the app uses', () => {
    const m = manifest();
    expect([...m.oauth_config.scopes.bot].sort()).toEqual([
      'channels:read',
      'chat:write',
      'chat:write.public',
      'commands',
      'groups:read',
      'im:read',
      'links:read',
      'links:write',
      'mpim:read',
      'usergroups:read',
      'users:read',
    ]);
    // The OAuth install asks for exactly what the manifest declares.
    expect([...BOT_SCOPES].sort()).toEqual([...m.oauth_config.scopes.bot].sort());
    expect(m.oauth_config.redirect_urls).toEqual(['https://example.com/slack/oauth_redirect']);
  });

  it('routes interactivity, options loads and events over HTTP', () => {
    const { settings } = manifest();
    expect(settings.interactivity).toEqual({
      is_enabled: true,
      request_url: 'https://example.com/slack/events',
      message_menu_options_url: 'https://example.com/slack/events',
    });
    expect(settings.event_subscriptions.request_url).toBe('https://example.com/slack/events');
    expect([...settings.event_subscriptions.bot_events].sort()).toEqual([
      'app_home_opened',
      'app_uninstalled',
      'function_executed',
      'link_shared',
      'tokens_revoked',
    ]);
    expect(settings.socket_mode_enabled).toBe(false);
  });

  it('declares the Workflow Builder steps the app listens for, in an org-ready app', () => {
    const m = manifest();
    // Custom steps exist only in org-ready apps that run them themselves.
    expect(m.settings.org_deploy_enabled).toBe(true);
    expect(m.settings.function_runtime).toBe('remote');
    expect(Object.keys(m.functions).sort()).toEqual(
      [...Object.values(LIFECYCLE_STEPS), GET_EXPERIMENT_STEP].sort(),
    );
    const person = { type: 'slack#/types/user_context' };
    for (const callbackId of Object.values(LIFECYCLE_STEPS)) {
      const fn = m.functions[callbackId] as StepFunction;
      expect(fn.input_parameters.properties[INPUT.experimentId]).toMatchObject({ type: 'string' });
      expect(fn.input_parameters.properties[INPUT.channelId]).toMatchObject({
        type: 'slack#/types/channel_id',
      });
      // The person is Slack's user_context, which a workflow's author cannot set to someone else.
      expect(fn.input_parameters.properties[INPUT.userContext]).toMatchObject(person);
      expect(fn.input_parameters.required).toEqual([INPUT.experimentId, INPUT.channelId, INPUT.userContext]);
      expect(fn.output_parameters.properties[OUTPUT.experimentId]).toMatchObject({ type: 'integer' });
      expect(fn.output_parameters.properties[OUTPUT.outcome]).toMatchObject({ type: 'string' });
    }
    const stop = m.functions[LIFECYCLE_STEPS.stop] as StepFunction;
    expect(stop.input_parameters.properties[INPUT.reason]?.enum).toEqual(ExperimentInterruptReason.options);
    expect(stop.input_parameters.properties[INPUT.comment]).toMatchObject({ type: 'string' });
    const get = m.functions[GET_EXPERIMENT_STEP] as StepFunction;
    expect(get.input_parameters.properties[INPUT.userContext]).toMatchObject(person);
    expect(Object.keys(get.output_parameters.properties).sort()).toEqual(
      [OUTPUT.experimentId, OUTPUT.link, OUTPUT.name, OUTPUT.status, OUTPUT.team, OUTPUT.type].sort(),
    );
  });

  it('needs the documented parameter form read as the schema’s flat map', () => {
    // Validated as written, the published schema refuses the documented {properties, required}.
    expect(validate(manifest())).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toContain(
      '/functions/start_experiment/input_parameters/properties',
    );
    // And a step broken in the documented form is still caught once read as the flat map.
    const badStep = manifest();
    (badStep.functions.start_experiment as StepFunction).input_parameters.properties.channel_id = {
      title: 'no type',
    };
    expect(validate(asPublishedSchema(badStep))).toBe(false);
  });

  it('fails validation when the manifest is broken', () => {
    const badCommand = manifest();
    badCommand.features.slash_commands[0] = { ...badCommand.features.slash_commands[0], command: 'exp' };
    expect(validate(asPublishedSchema(badCommand))).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toContain('/features/slash_commands/0/command');

    const badColor = manifest();
    badColor.display_information.background_color = 'teal';
    expect(validate(asPublishedSchema(badColor))).toBe(false);

    const shortDescription = manifest();
    shortDescription.display_information.long_description = 'too short';
    expect(validate(asPublishedSchema(shortDescription))).toBe(false);

    const unknownField = { ...asPublishedSchema(manifest()), surprise: true };
    expect(validate(unknownField)).toBe(false);
  });
});
