import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

// What the benchmarks read of a subject process from Linux's /proc: CPU used and resident memory.

/** Resident memory now, kB (0 when unreadable). */
export function rssKb(child: ChildProcess): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

// sysconf(_SC_CLK_TCK): 100 on every Linux this runs on; Node has no binding for it.
const CLOCK_TICKS = 100;

/** User + system CPU the process has used, ms (0 when unreadable). */
function cpuMs(child: ChildProcess): number {
  try {
    // Fields 14 and 15 of /proc/PID/stat, after the command name in parentheses.
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

const SETTLE_POLL_MS = 250;
/** Under 2 % of a core over one poll counts as idle (timers and GC use a little). */
const IDLE_CPU_MS = 5;

/**
 * Waits until none of the processes is using CPU (a subject's work after its acks goes on after
 * the load ends, and left running it would weigh on the next run), at most `maxMs`; returns each
 * one's CPU then, ms.
 */
export async function settle(children: readonly ChildProcess[], maxMs = 30_000): Promise<number[]> {
  const deadline = Date.now() + maxMs;
  let last = children.map(cpuMs);
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
    const now = children.map(cpuMs);
    const idle = now.every((ms, i) => ms - (last[i] ?? 0) < IDLE_CPU_MS);
    last = now;
    if (idle) break;
  }
  return last;
}

/** Runs `load` while sampling the process's resident memory every 100 ms; the highest sample, kB. */
export async function peakRssDuring(child: ChildProcess, load: () => Promise<void>): Promise<number> {
  let peak = rssKb(child);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(child));
  }, 100);
  try {
    await load();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, rssKb(child));
}
