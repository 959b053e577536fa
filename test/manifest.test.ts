import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { BOT_SCOPES } from '../src/slack/app.js';

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

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
  };
};

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const manifest = () => parse(read('../manifest.yml')) as Manifest;
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
    const valid = validate(manifest());
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
      'chat:write',
      'chat:write.public',
      'commands',
      'links:read',
      'links:write',
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
      'link_shared',
      'tokens_revoked',
    ]);
    expect(settings.socket_mode_enabled).toBe(false);
  });

  it('fails validation when the manifest is broken', () => {
    const badCommand = manifest();
    badCommand.features.slash_commands[0] = { ...badCommand.features.slash_commands[0], command: 'exp' };
    expect(validate(badCommand)).toBe(false);
    expect(validate.errors?.map((e) => e.instancePath)).toContain('/features/slash_commands/0/command');

    const badColor = manifest();
    badColor.display_information.background_color = 'teal';
    expect(validate(badColor)).toBe(false);

    const shortDescription = manifest();
    shortDescription.display_information.long_description = 'too short';
    expect(validate(shortDescription)).toBe(false);

    const unknownField = { ...manifest(), surprise: true };
    expect(validate(unknownField)).toBe(false);
  });
});
