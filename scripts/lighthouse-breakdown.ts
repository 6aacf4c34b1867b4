/**
 * npm run lighthouse:breakdown [-- --page products|product|login] [--runs 2] [--shrink RE=KB] [--merge RE=RE]
 *
 * Why Lighthouse's LCP and FCP are what they are. Under its default `simulate` throttling,
 * Lighthouse loads the page at full speed, builds a graph of the load (requests, and main-thread
 * tasks that start requests or parse, lay out and paint), keeps what it thinks the paint needed,
 * and replays that on a slow phone (150 ms round trips, 1.6 Mbit/s, 4x slower CPU). This prints
 * the replayed graph behind each estimate: every request with its priority, size and simulated
 * start and end, and every task with its observed length (it counts four times that). The node
 * that ends last is what the metric waits for (docs/PERFORMANCE.md, "Fifth pass").
 *
 * `--shrink 'index-.*\.js=10'` (KB off the matching files) and `--merge 'forms-=screens-'` (the
 * matching files' bytes moved into the other one, their requests gone) replay the same graph with
 * that change, to see what a change to the bundle would be worth before making it.
 *
 * It measures against the same server, session and Chromium as `npm run lighthouse`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LoadSimulator } from 'lighthouse/core/computed/load-simulator.js';
import { CHROMIUM_FLAGS } from './chromium-flags.ts';
import { ensureWebBuild } from './ensure-web-build.ts';
import { firstProductPath, signInDemoStudent, startServer } from './lighthouse-server.ts';

/** The parts of Lantern's graph nodes this reads (lighthouse/core/lib/lantern). */
interface TraceEvent {
  name: string;
  dur?: number;
}
interface GraphNode {
  type: 'network' | 'cpu';
  startTime: number;
  endTime: number;
  request?: { url: string; priority: string; resourceType?: string; transferSize: number };
  childEvents?: TraceEvent[];
  getDependencies(): GraphNode[];
  getDependents(): GraphNode[];
  addDependency(node: GraphNode): void;
  removeDependency(node: GraphNode): void;
  removeAllDependencies(): void;
  traverse(callback: (node: GraphNode) => void): void;
  cloneWithRelationships(predicate: (node: GraphNode) => boolean): GraphNode;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
  optimisticGraph: GraphNode;
  pessimisticGraph: GraphNode;
}
type ComputedMetric = { request(data: unknown, context: unknown): Promise<LanternResult> };
type Simulator = { simulate(graph: GraphNode): Estimate };

/**
 * A change to try on the replayed graph: `shrink` takes KB off the matching files; `merge` removes
 * the matching files and adds their bytes to the `into` file (as if the bundler made one of them).
 */
interface WhatIf {
  shrink: { pattern: RegExp; kb: number }[];
  merge: { pattern: RegExp; into: RegExp }[];
}

const networkNodes = (graph: GraphNode, pattern: RegExp) => {
  const found: GraphNode[] = [];
  graph.traverse((node) => {
    if (node.type === 'network' && node.request && pattern.test(node.request.url)) found.push(node);
  });
  return found;
};

/** The graph with the change made; request records are shared by every graph of the load, so each is edited once. */
function edited(graph: GraphNode, whatIf: WhatIf, editedRequests: Set<unknown>): GraphNode {
  const copy = graph.cloneWithRelationships(() => true);
  const editOnce = (request: NonNullable<GraphNode['request']>, change: (r: typeof request) => void) => {
    if (editedRequests.has(request)) return;
    editedRequests.add(request);
    change(request);
  };
  for (const { pattern, kb } of whatIf.shrink) {
    for (const node of networkNodes(copy, pattern))
      editOnce(node.request!, (request) => (request.transferSize = Math.max(0, request.transferSize - kb * 1024)));
  }
  for (const { pattern, into } of whatIf.merge) {
    const target = networkNodes(copy, into)[0];
    for (const node of networkNodes(copy, pattern)) {
      if (target) editOnce(node.request!, (request) => (target.request!.transferSize += request.transferSize));
      // What waited for the removed file now waits for what the file waited for.
      for (const dependent of node.getDependents()) {
        dependent.removeDependency(node);
        for (const dependency of node.getDependencies()) dependent.addDependency(dependency);
      }
      node.removeAllDependencies();
    }
  }
  return copy;
}

/** FCP and LCP replayed on the edited graphs, combined as Lighthouse combines them. */
function whatIfEstimate(simulator: Simulator, fcp: LanternResult, lcp: LanternResult, whatIf: WhatIf) {
  const editedRequests = new Set<unknown>();
  const fcpGraphs = [fcp.optimisticGraph, fcp.pessimisticGraph].map((graph) => edited(graph, whatIf, editedRequests));
  const lcpGraphs = [lcp.optimisticGraph, lcp.pessimisticGraph].map((graph) => edited(graph, whatIf, editedRequests));
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const lowPriorityImage = (node: GraphNode) =>
    node.request?.resourceType === 'Image' && (node.request.priority === 'Low' || node.request.priority === 'VeryLow');
  const fcpMs = mean(fcpGraphs.map((graph) => simulator.simulate(graph).timeInMs));
  const lcpMs = mean(
    lcpGraphs.map((graph) =>
      Math.max(
        ...[...simulator.simulate(graph).nodeTimings].filter(([node]) => !lowPriorityImage(node)).map(([, t]) => t.endTime),
      ),
    ),
  );
  return { fcpMs, lcpMs: Math.max(fcpMs, lcpMs) };
}

/** Task events worth naming: parsing, styles, layout, paint, script. */
const TASK_EVENTS = ['ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'FunctionCall', 'EvaluateScript', 'RunMicrotasks'];

function describeNode(node: GraphNode, origin: string): string {
  if (node.type === 'network' && node.request) {
    const { priority, resourceType, url, transferSize } = node.request;
    return `${priority.padEnd(8)} ${(resourceType ?? '').padEnd(10)} ${(transferSize / 1024).toFixed(1).padStart(5)} KB  ${url.replace(origin, '').slice(0, 80)}`;
  }
  const observedMs = (node.endTime - node.startTime) / 1000;
  const byName = new Map<string, number>();
  for (const event of node.childEvents ?? []) {
    if (TASK_EVENTS.includes(event.name)) byName.set(event.name, (byName.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
  }
  // A task with none of them is the browser's own (committing the navigation, say): name its longest event.
  const longest = [...(node.childEvents ?? [])].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  if (byName.size === 0 && longest) byName.set(longest.name, (longest.dur ?? 0) / 1000);
  const parts = [...byName].map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
  return `task     ${observedMs.toFixed(1).padStart(6)} ms observed  ${parts}`;
}

function printEstimate(label: string, estimate: Estimate, origin: string) {
  console.info(`  ${label}: ${Math.round(estimate.timeInMs)} ms`);
  const rows = [...estimate.nodeTimings].sort(([, a], [, b]) => a.startTime - b.startTime || a.endTime - b.endTime);
  for (const [node, timing] of rows) {
    console.info(
      `    ${String(Math.round(timing.startTime)).padStart(5)}–${String(Math.round(timing.endTime)).padEnd(5)} ${describeNode(node, origin)}`,
    );
  }
}

async function breakdown(url: string, cookie: string | undefined, origin: string, whatIf: WhatIf) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      extraHeaders: cookie ? { Cookie: cookie } : undefined,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, artifacts } = result;
    const data = {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: lhr.configSettings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    };
    const context = { computedCache: new Map() };
    const fcp = await (LanternFirstContentfulPaint as unknown as ComputedMetric).request(data, context);
    const lcp = await (LanternLargestContentfulPaint as unknown as ComputedMetric).request(data, context);
    console.info(
      `\n${url.replace(origin, '')}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, ` +
        `FCP ${Math.round(fcp.timing)} ms (mean of the two graphs), LCP ${Math.round(lcp.timing)} ms (at least FCP)`,
    );
    printEstimate('FCP, pessimistic graph', fcp.pessimisticEstimate, origin);
    printEstimate('LCP, pessimistic graph', lcp.pessimisticEstimate, origin);
    if (whatIf.shrink.length + whatIf.merge.length > 0) {
      const simulator = await (
        LoadSimulator as unknown as { request(data: unknown, context: unknown): Promise<Simulator> }
      ).request({ devtoolsLog: artifacts.DevtoolsLog, settings: lhr.configSettings }, context);
      const baseline = whatIfEstimate(simulator, fcp, lcp, { shrink: [], merge: [] });
      const changed = whatIfEstimate(simulator, fcp, lcp, whatIf);
      console.info(
        `  What if (replayed on this load's graph): FCP ${Math.round(baseline.fcpMs)} → ${Math.round(changed.fcpMs)} ms, ` +
          `LCP ${Math.round(baseline.lcpMs)} → ${Math.round(changed.lcpMs)} ms`,
      );
    }
  } finally {
    chrome.kill();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      page: { type: 'string', default: 'products' },
      runs: { type: 'string', default: '1' },
      shrink: { type: 'string', multiple: true, default: [] },
      merge: { type: 'string', multiple: true, default: [] },
    },
  });
  const pairs = (values: string[]) => values.map((value) => value.split('=') as [string, string]);
  const whatIf: WhatIf = {
    shrink: pairs(values.shrink).map(([pattern, kb]) => ({ pattern: new RegExp(pattern), kb: Number(kb) })),
    merge: pairs(values.merge).map(([pattern, into]) => ({ pattern: new RegExp(pattern), into: new RegExp(into) })),
  };
  ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cm-lighthouse-'));
  const { url, child } = await startServer(dataDir);
  try {
    const cookie = await signInDemoStudent(url);
    const pagePath =
      values.page === 'login'
        ? '/auth/login'
        : values.page === 'product'
          ? await firstProductPath(url, cookie)
          : '/shop/products';
    for (let run = 0; run < Number(values.runs); run += 1) {
      await breakdown(`${url}${pagePath}`, values.page === 'login' ? undefined : cookie, url, whatIf);
    }
  } finally {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
