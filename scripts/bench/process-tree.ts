import fs from 'node:fs';

/**
 * A process and its descendants on Linux, read from /proc: the server's cluster workers (tests)
 * and the resident memory of all of them (npm run bench:start).
 */

/** Parent of each running process. */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name (in parentheses) may hold spaces: the fields after it are fixed.
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  return parentOf;
}

/** The direct children of `pid`. */
export function childPids(pid: number): number[] {
  return [...parents()].filter(([, parent]) => parent === pid).map(([child]) => child);
}

/** `pid` and every process below it. */
export function processTree(pid: number): number[] {
  const parentOf = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resident memory of one process in bytes (0 when it has gone). */
export function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of `pid` and its descendants, summed. */
export function treeRssBytes(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + rssBytes(each), 0);
}

/**
 * Proportional memory of one process in bytes (0 when it has gone): its private pages plus its
 * share of those it shares (the node binary, libraries), so summing over processes counts each
 * shared page once, unlike RSS.
 */
export function pssBytes(pid: number): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

/** Proportional memory of `pid` and its descendants, summed. */
export function treePssBytes(pid: number): number {
  return processTree(pid).reduce((sum, each) => sum + pssBytes(each), 0);
}
