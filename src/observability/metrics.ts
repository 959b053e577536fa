/**
 * A minimal Prometheus text-format registry: counters with labels. Enough for /metrics without a
 * dependency; label values are escaped per the exposition format.
 */
export interface Metrics {
  inc(name: string, labels?: Record<string, string>, by?: number): void;
  render(): string;
}

export function createMetrics(help: Record<string, string> = {}): Metrics {
  const counters = new Map<string, Map<string, number>>();
  return {
    inc(name, labels = {}, by = 1) {
      const series = counters.get(name) ?? new Map<string, number>();
      counters.set(name, series);
      const key = Object.entries(labels)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
        .join(',');
      series.set(key, (series.get(key) ?? 0) + by);
    },
    render() {
      const lines: string[] = [];
      for (const [name, series] of [...counters.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        if (help[name]) lines.push(`# HELP ${name} ${help[name]}`);
        lines.push(`# TYPE ${name} counter`);
        for (const [labels, value] of series) lines.push(`${name}${labels ? `{${labels}}` : ''} ${value}`);
      }
      return `${lines.join('\n')}\n`;
    },
  };
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}
