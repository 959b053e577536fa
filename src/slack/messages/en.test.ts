import { describe, expect, it } from 'vitest';
import { escapeMrkdwn, userMention } from '../blocks/escape.js';
import { LIMITS } from '../blocks/limits.js';
import { SUBCOMMANDS } from '../command/parse-command.js';
import { experimentRef } from '../labels/label.js';
import { en } from './index.js';

describe('English messages', () => {
  it('label the four interrupt reasons as agreed', () => {
    expect(en.labels.interruptReasons).toEqual({
      sequential_testing_significant_change: 'Significant change (sequential testing)',
      critical_metric_impact: 'Critical metric impact',
      bug: 'Bug',
      other: 'Other',
    });
    for (const label of Object.values(en.labels.interruptReasons))
      expect(label.length).toBeLessThanOrEqual(LIMITS.optionText);
  });

  it('keep view titles, submit and close texts within 24 characters', () => {
    const texts = [
      en.modals.stop.title,
      en.modals.stop.submit,
      en.modals.connect.title,
      en.modals.connect.submit,
      en.modals.cancel,
      en.modals.loadingTitle,
      en.modals.notDoneTitle,
    ];
    for (const text of texts) {
      expect(text.length, text).toBeGreaterThan(0);
      expect(text.length, text).toBeLessThanOrEqual(LIMITS.viewTitle);
    }
  });

  it('keep buttons and confirm dialogs within their limits, even for the largest id', () => {
    const id = Number.MAX_SAFE_INTEGER;
    for (const text of Object.values(en.actions.button)) expect(text.length).toBeLessThanOrEqual(30);
    for (const confirm of [en.actions.startConfirm, en.actions.archiveConfirm]) {
      expect(confirm.title(id).length).toBeLessThanOrEqual(LIMITS.confirmTitle);
      expect(confirm.text(id).length).toBeLessThanOrEqual(LIMITS.confirmText);
      expect(confirm.confirm.length).toBeLessThanOrEqual(LIMITS.confirmButton);
      expect(confirm.deny.length).toBeLessThanOrEqual(LIMITS.confirmButton);
    }
  });

  it('document every command of the contract in the help', () => {
    const usage = en.help.commands.map((c) => c.usage).join('\n');
    for (const command of SUBCOMMANDS) expect(usage, command).toContain(command);
    expect(usage).toContain('/exp stop ID REASON');
    expect(en.help.examples.length).toBeGreaterThan(0);
  });

  it('say the agreed sentences', () => {
    const user = userMention('U1');
    expect(
      en.lifecycle.success({ action: 'start', user, experiment: experimentRef(123, 'Checkout copy') }),
    ).toBe('<@U1> started experiment *Checkout copy* (#123)');
    expect(en.lifecycle.success({ action: 'start', user, experiment: experimentRef(123, undefined) })).toBe(
      '<@U1> started experiment *123*',
    );
    expect(en.errors.notFound({ experimentId: 123 })).toBe('Experiment 123 was not found. Nothing changed.');
    expect(en.errors.notConnected).toBe(
      'This workspace is not connected to the experiment platform. An admin can run `/exp connect`.',
    );
    expect(en.errors.invalidToken).toBe(
      'The platform token is invalid, expired or revoked. Nothing changed. An admin must reconnect with `/exp connect`.',
    );
    expect(en.errors.server({ status: 503 })).toBe('The platform failed (HTTP 503). Nothing changed.');
    expect(en.errors.timeout).toBe('The platform did not answer in time. Nothing changed.');
    expect(en.errors.outcomeUnknown({ action: 'start', experimentId: 123, cause: 'timeout' })).toBe(
      'The platform did not answer in time: the outcome of *start* on experiment *123* is unknown — it may or may not have been applied. Check with `/exp show 123` before retrying.',
    );
    expect(en.input.unknownCommand({ word: escapeMrkdwn('strat'), suggestion: 'start' })).toContain(
      'did you mean `/exp start`?',
    );
    expect(en.modals.stop.commentRequiredForOther).toBe('A comment is required when the reason is Other.');
  });

  it('warn about expiry in days', () => {
    expect(en.connection.expiringSoon({ days: 3 })).toContain('expires in 3 days');
    expect(en.connection.expiringSoon({ days: 1 })).toContain('expires in 1 day.');
    expect(en.connection.expiringSoon({ days: 0 })).toContain('less than a day');
  });
});
