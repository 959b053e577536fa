import { describe, expect, it } from 'vitest';
import { counterCatalogue, histogramCatalogue } from './metric-catalogue.js';
import { createMetrics } from './metrics.js';
import { recordPlatformRequest } from './platform-request-metrics.js';

describe('metrics', () => {
  it('lists every metric of the catalogue with HELP and TYPE before any sample, process metrics included', async () => {
    const metrics = createMetrics();
    const text = await metrics.render();
    for (const [name, spec] of Object.entries(counterCatalogue)) {
      expect(text).toContain(`# HELP ${name} ${spec.help}\n# TYPE ${name} counter\n`);
    }
    for (const [name, spec] of Object.entries(histogramCatalogue)) {
      expect(text).toContain(`# HELP ${name} ${spec.help}\n# TYPE ${name} histogram\n`);
    }
    expect(text).toMatch(/^# TYPE process_cpu_user_seconds_total counter$/m);
    expect(text).toMatch(/^# TYPE nodejs_heap_size_used_bytes gauge$/m);
    expect(metrics.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('counts by label, escaping label values per the exposition format', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.inc('exp_commands_total', { kind: 'start' });
    metrics.inc('exp_commands_total', { kind: 'start' });
    metrics.inc('exp_commands_total', { kind: 'we"ird\\' });
    metrics.inc('exp_lifecycle_total', { outcome: 'ok', action: 'stop' }, 3);
    const text = await metrics.render();
    expect(text).toContain('exp_commands_total{kind="start"} 2\n');
    expect(text).toContain('exp_commands_total{kind="we\\"ird\\\\"} 1\n');
    expect(text).toContain('exp_lifecycle_total{outcome="ok",action="stop"} 3\n');
  });

  it('reads each gauge when rendered, from the reading it was given (0 without one)', async () => {
    let remembered = 3;
    const metrics = createMetrics({
      processMetrics: false,
      readings: { exp_replay_guard_requests: () => remembered },
    });
    expect(await metrics.render()).toContain(
      `# TYPE exp_replay_guard_requests gauge\nexp_replay_guard_requests 3\n`,
    );
    remembered = 7;
    expect(await metrics.render()).toContain('\nexp_replay_guard_requests 7\n');
    expect(await createMetrics({ processMetrics: false }).render()).toContain(
      '\nexp_replay_guard_requests 0\n',
    );
  });

  it('keeps one registry per instance, so two apps in one process count apart', async () => {
    const first = createMetrics();
    const second = createMetrics();
    first.inc('exp_alerts_total', { outcome: 'sent' });
    expect(await first.render()).toContain('exp_alerts_total{outcome="sent"} 1');
    expect(await second.render()).not.toContain('exp_alerts_total{outcome="sent"}');
  });

  it('observes histograms into the catalogue buckets', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.observe('exp_ack_duration_seconds', { kind: 'help' }, 0.02);
    metrics.observe('exp_ack_duration_seconds', { kind: 'help' }, 4);
    const text = await metrics.render();
    expect(text).toContain('exp_ack_duration_seconds_bucket{le="0.01",kind="help"} 0\n');
    expect(text).toContain('exp_ack_duration_seconds_bucket{le="0.025",kind="help"} 1\n');
    expect(text).toContain('exp_ack_duration_seconds_bucket{le="3",kind="help"} 1\n');
    expect(text).toContain('exp_ack_duration_seconds_bucket{le="+Inf",kind="help"} 2\n');
    expect(text).toContain('exp_ack_duration_seconds_sum{kind="help"} 4.02\n');
    expect(text).toContain('exp_ack_duration_seconds_count{kind="help"} 2\n');
  });
});

describe('recordPlatformRequest', () => {
  it('observes a client sample in seconds under its endpoint template, method and outcome', async () => {
    const metrics = createMetrics({ processMetrics: false });
    recordPlatformRequest(metrics, {
      client: 'console',
      endpoint: '/experiments/v1/{id}/start',
      method: 'POST',
      outcome: 'http_4xx',
      status: 400,
      durationMs: 180,
      attempts: 1,
    });
    recordPlatformRequest(metrics, {
      client: 'splitter',
      endpoint: '/getFeatures',
      method: 'POST',
      outcome: 'timeout',
      durationMs: 2500,
      attempts: 3,
    });
    const text = await metrics.render();
    const labels = 'client="console",endpoint="/experiments/v1/{id}/start",method="POST",outcome="http_4xx"';
    expect(text).toContain(`exp_platform_request_duration_seconds_bucket{le="0.1",${labels}} 0\n`);
    expect(text).toContain(`exp_platform_request_duration_seconds_bucket{le="0.25",${labels}} 1\n`);
    expect(text).toContain(`exp_platform_request_duration_seconds_sum{${labels}} 0.18\n`);
    expect(text).toContain(`exp_platform_request_duration_seconds_count{${labels}} 1\n`);
    expect(text).toContain(
      'exp_platform_request_duration_seconds_sum{client="splitter",endpoint="/getFeatures",method="POST",outcome="timeout"} 2.5\n',
    );
  });
});
