import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The V8 CPU profile a `--cpu-prof` run wrote in `dir`, as text: self time by package (or the
// app's own code, or the engine), then the functions with the most self time.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  endTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Where a frame's code lives: a package, the app's own folder, Node itself (a module of its own, or
 * a folder of its internals), or the engine.
 */
function packageOf(url: string, functionName: string): string {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (inModules) return inModules;
  // The app runs compiled (dist/, as production does): its folders are src/'s.
  const app = /\/(?:src|dist)\/([^/]+)/.exec(url);
  if (app) return `app: src/${app[1]}`;
  if (url.startsWith('node:')) return `node: ${url.slice(5).split('/').slice(0, 2).join('/')}`;
  return functionName.startsWith('(') ? functionName : '(native)';
}

/** Self time (µs) of a profile's samples, by function and by where its code lives, idle excluded. */
interface SelfTime {
  byFunction: Map<string, number>;
  byPackage: Map<string, number>;
  total: number;
  file: string;
}

/** `lastMs`: only the samples of the profile's last that many ms (the measured load, not start-up). */
function selfTime(dir: string, lastMs = Number.POSITIVE_INFINITY): SelfTime {
  const name = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!name) throw new Error(`no profile written in ${dir}`);
  const file = join(dir, name);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfUs = new Map<number, number>();
  // Sample times from the deltas, counted back from the end.
  let at = profile.endTime;
  const from = profile.endTime - lastMs * 1000;
  for (let i = profile.samples.length - 1; i >= 0 && at >= from; i--) {
    const id = profile.samples[i] ?? 0;
    const delta = profile.timeDeltas[i] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    at -= delta;
  }
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    // The idle loop is not work.
    if (functionName === '(idle)' || functionName === '(program)') continue;
    total += us;
    const where = url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(src|bench)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  }
  return { byFunction, byPackage, total, file };
}

export function summariseProfile(dir: string, top = 40, lastMs = Number.POSITIVE_INFINITY): string {
  const { byFunction, byPackage, total, file } = selfTime(dir, lastMs);
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  const lines = ['self time by package (idle excluded):'];
  for (const [pkg, us] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
    lines.push(`${pct(us)}  ${pkg}`);
  lines.push('', 'functions:');
  for (const [key, us] of [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    lines.push(`${pct(us)}  ${key}`);
  lines.push(`profile: ${file}`, '');
  return lines.join('\n');
}
