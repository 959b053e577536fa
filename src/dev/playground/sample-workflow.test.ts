import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { definitionFromManifest } from '../slack-emulator/functions.js';
import { SAMPLE_WORKFLOW, STOP_STEP_DEFINITION } from './sample-workflow.js';

describe('the playground’s sample workflow', () => {
  it('runs the Stop experiment step exactly as the manifest declares it', () => {
    const manifest = parse(readFileSync(new URL('../../../manifest.yml', import.meta.url), 'utf8')) as {
      functions: Record<string, Parameters<typeof definitionFromManifest>[0]>;
    };
    const declared = manifest.functions[SAMPLE_WORKFLOW.callbackId];
    expect(declared).toBeDefined();
    const fromManifest = definitionFromManifest(declared as Parameters<typeof definitionFromManifest>[0]);
    const shape = (params: typeof STOP_STEP_DEFINITION.input_parameters) =>
      params.map(({ name, type, title, is_required }) => ({ name, type, title, is_required }));
    expect(STOP_STEP_DEFINITION.title).toBe(fromManifest.title);
    expect(shape(STOP_STEP_DEFINITION.input_parameters)).toEqual(shape(fromManifest.input_parameters));
    expect(shape(STOP_STEP_DEFINITION.output_parameters)).toEqual(shape(fromManifest.output_parameters));
  });
});
