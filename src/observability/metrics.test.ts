import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.js';

describe('metrics', () => {
  it('renders counters with sorted, escaped labels in Prometheus text format', () => {
    const metrics = createMetrics({ exp_commands_total: 'Slash commands received' });
    metrics.inc('exp_commands_total', { subcommand: 'start' });
    metrics.inc('exp_commands_total', { subcommand: 'start' });
    metrics.inc('exp_commands_total', { subcommand: 'we"ird\\' });
    metrics.inc('exp_platform_calls_total', { outcome: 'ok', action: 'stop' }, 3);
    expect(metrics.render()).toBe(
      [
        '# HELP exp_commands_total Slash commands received',
        '# TYPE exp_commands_total counter',
        'exp_commands_total{subcommand="start"} 2',
        'exp_commands_total{subcommand="we\\"ird\\\\"} 1',
        '# TYPE exp_platform_calls_total counter',
        'exp_platform_calls_total{action="stop",outcome="ok"} 3',
        '',
      ].join('\n'),
    );
  });
});
