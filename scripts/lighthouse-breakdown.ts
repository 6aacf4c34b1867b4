/**
 * npm run lighthouse:breakdown [-- --page products|product|login] [--runs 2]
 *
 * Why Lighthouse's LCP and FCP are what they are. Under its default `simulate` throttling,
 * Lighthouse loads the page at full speed, builds a graph of the load (requests, and main-thread
 * tasks that start requests or parse, lay out and paint), keeps what it thinks the paint needed,
 * and replays that on a slow phone (150 ms round trips, 1.6 Mbit/s, 4x slower CPU). This prints
 * the replayed graph behind each estimate: every request with its priority, size and simulated
 * start and end, and every task with its observed length (it counts four times that). The node
 * that ends last is what the metric waits for (docs/PERFORMANCE.md, "Fifth pass").
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
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>;
}
interface LanternResult {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}
type ComputedMetric = { request(data: unknown, context: unknown): Promise<LanternResult> };

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

async function breakdown(url: string, cookie: string | undefined, origin: string) {
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
  } finally {
    chrome.kill();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { page: { type: 'string', default: 'products' }, runs: { type: 'string', default: '1' } },
  });
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
      await breakdown(`${url}${pagePath}`, values.page === 'login' ? undefined : cookie, url);
    }
  } finally {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
