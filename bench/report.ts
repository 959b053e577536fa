import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, platform, release } from 'node:os';
import { dirname } from 'node:path';
import type { Comparison, Stats } from './measure.js';

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return 'n/a';
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  return value.toFixed(2);
}

const side = (s: Stats, unit: string) => `${formatNumber(s.p50)} / ${formatNumber(s.p95)} ${unit}`;

/** name | baseline p50/p95 | candidate p50/p95 | ratio p50 (p95), padded for a terminal. */
export function formatTable(rows: readonly Comparison[]): string {
  const header = ['benchmark', 'baseline p50 / p95', 'candidate p50 / p95', 'ratio p50 (p95)'];
  const lines = rows.map((r) => [
    r.name,
    side(r.baseline, r.unit),
    side(r.candidate, r.unit),
    `${r.ratioP50.toFixed(2)}x (${r.ratioP95.toFixed(2)}x)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] as number)).join('  ');
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

export interface BenchResults {
  generatedAt: string;
  durationMs: number;
  environment: { node: string; platform: string; release: string; cpu: string; cpus: number };
  rows: Comparison[];
}

export function buildResults(rows: Comparison[], durationMs: number): BenchResults {
  const cpuList = cpus();
  return {
    generatedAt: new Date().toISOString(),
    durationMs: Math.round(durationMs),
    environment: {
      node: process.version,
      platform: platform(),
      release: release(),
      cpu: cpuList[0]?.model ?? 'unknown',
      cpus: cpuList.length,
    },
    rows,
  };
}

export async function writeResults(path: string, results: BenchResults): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
}
