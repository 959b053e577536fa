import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

// What the benchmarks read of a subject process from Linux's /proc: CPU used and resident memory.

function statusKb(child: ChildProcess, field: 'VmHWM' | 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
/** User and system CPU the process has used, in ms each (Linux /proc; 0 elsewhere). */
export function cpuSplitMs(child: ChildProcess): { user: number; system: number } {
  try {
    // Fields 14 and 15 of /proc/PID/stat, after the command name in parentheses.
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      user: (Number(fields[11]) * 1000) / CLOCK_TICKS,
      system: (Number(fields[12]) * 1000) / CLOCK_TICKS,
    };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** User + system CPU the process has used, in ms (Linux /proc; 0 elsewhere). */
export function cpuMs(child: ChildProcess): number {
  const { user, system } = cpuSplitMs(child);
  return user + system;
}
// sysconf(_SC_CLK_TCK): 100 on every Linux this runs on; Node has no binding for it.
const CLOCK_TICKS = 100;

/** Waits until the process has stopped using CPU (its work after the acks is done), at most `maxMs`. */
export async function settledCpuMs(child: ChildProcess, maxMs = 15_000): Promise<number> {
  const deadline = Date.now() + maxMs;
  let last = cpuMs(child);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(child);
    // Idle timers and GC use a little; under 2 % of one core over half a second is settled.
    if (now - last < 10) return now;
    last = now;
  }
  return last;
}

/**
 * Waits until none of the processes is using CPU. The app's work after its acks goes on after a
 * load run ends; left running, it would slow the next subject's run (making bare Bolt look slower)
 * or its own next run. Settled: under 2 % of a core over a quarter of a second, each.
 */
export async function settleAll(children: readonly ChildProcess[], maxMs = 30_000): Promise<void> {
  const deadline = Date.now() + maxMs;
  let last = children.map(cpuMs);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = children.map(cpuMs);
    if (now.every((ms, i) => ms - (last[i] ?? 0) < 5)) return;
    last = now;
  }
}

export const peakRssKb = (child: ChildProcess) => statusKb(child, 'VmHWM');
export const rssKb = (child: ChildProcess) => statusKb(child, 'VmRSS');
