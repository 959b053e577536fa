import { packageOf } from './profile-summary.js';

// A V8 sampling heap profile (HeapProfiler.stopSampling, every collected object kept) as text:
// what was allocated per command by package or app folder, the functions that allocated most
// themselves, and everything allocated under each of the app's functions nearest to it (what a
// call of the app's caused, libraries included).

interface HeapNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: HeapNode[];
}
export interface HeapProfile {
  head: HeapNode;
}

/** A frame's file: its path under dist/ or in its package, else where it lives. */
function fileOf(url: string): string {
  const file = /(?:\/dist\/|node_modules\/)(.+)$/.exec(url)?.[1];
  return file ?? packageOf(url, '');
}

const placeOf = (node: HeapNode) => packageOf(node.callFrame.url, node.callFrame.functionName);

const frameName = (node: HeapNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${fileOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`;

function add(totals: Map<string, number>, key: string, bytes: number): void {
  totals.set(key, (totals.get(key) ?? 0) + bytes);
}

function table(title: string, totals: Map<string, number>, per: number, top: number): string[] {
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `\n${title}`,
    ...rows.map(([key, bytes]) => `${(bytes / 1024 / per).toFixed(1).padStart(8)} kB  ${key}`),
  ];
}

/** `per`: the commands the profile covered, so that figures read per command. */
export function summariseAllocations(profile: HeapProfile, per: number, top = 25): string {
  const byPlace = new Map<string, number>();
  const bySelf = new Map<string, number>();
  const byAppCaller = new Map<string, number>();
  let total = 0;
  // Iterative: a deep async stack would overflow a recursive walk.
  const pending: { node: HeapNode; appCaller: string | undefined }[] = [
    { node: profile.head, appCaller: undefined },
  ];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { node } = item;
    const name = frameName(node);
    const appCaller = placeOf(node).startsWith('app: ') ? name : item.appCaller;
    total += node.selfSize;
    add(byPlace, placeOf(node), node.selfSize);
    add(bySelf, name, node.selfSize);
    if (appCaller) add(byAppCaller, appCaller, node.selfSize);
    for (const child of node.children) pending.push({ node: child, appCaller });
  }
  return [
    `allocated: ${(total / 1024 / per).toFixed(1)} kB a command (every object, collected or not)`,
    ...table('by package or app folder', byPlace, per, top),
    ...table('by function, its own allocations', bySelf, per, top),
    ...table("by the app's function nearest up the stack (what its calls allocated)", byAppCaller, per, top),
  ].join('\n');
}
