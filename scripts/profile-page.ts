/// <reference lib="dom" />
/**
 * npx tsx scripts/profile-page.ts [--path /shop/products] [--signed-in] [--throttle 4]
 *
 * Where a page's first load spends the main thread: starts the production server on the demo
 * catalogue (as `npm run lighthouse` does), loads the page once in Debian's Chromium with the CPU
 * slowed down like Lighthouse's mobile preset, records a V8 CPU profile over CDP and prints the
 * functions with the most self time and the most total time, by script.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { PLAYWRIGHT_CHROMIUM_FLAGS } from './chromium-flags.ts';
import { firstProductPath, signInDemoStudent, startServer } from './lighthouse-server.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const assetsDir = path.join(import.meta.dirname, '../dist/web/assets');
const sourceMaps = new Map<string, SourceMapConsumer | undefined>();

/** The original name and place of a built function, through the build's source maps. */
function original(file: string, line: number, column: number): string | undefined {
  if (!sourceMaps.has(file)) {
    const mapFile = path.join(assetsDir, `${file}.map`);
    sourceMaps.set(
      file,
      fs.existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(mapFile, 'utf8'))) : undefined,
    );
  }
  const position = sourceMaps.get(file)?.originalPositionFor({ line, column });
  if (!position?.source) return undefined;
  const source = position.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${position.name ?? ''} ${source}:${position.line}`;
}

function label(node: ProfileNode): string {
  const { functionName, url, lineNumber, columnNumber } = node.callFrame;
  const file = url.split('/').pop() ?? '';
  const mapped = url.includes('/assets/') ? original(file, lineNumber + 1, columnNumber) : undefined;
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}:${columnNumber + 1}${mapped ? `  [${mapped}]` : ''}`;
}

function summarize(profile: CpuProfile, top: number, window?: { from: number; to: number }) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  let elapsedMicros = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    elapsedMicros += micros;
    if (window && (elapsedMicros / 1000 < window.from || elapsedMicros / 1000 > window.to)) return;
    const leaf = byId.get(id)!;
    self.set(label(leaf), (self.get(label(leaf)) ?? 0) + micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = label(byId.get(at)!);
      if (seen.has(name)) continue;
      seen.add(name);
      total.set(name, (total.get(name) ?? 0) + micros);
    }
  });
  const print = (title: string, map: Map<string, number>) => {
    console.info(`\n${title}`);
    for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.info(`${(micros / 1000).toFixed(1).padStart(9)} ms  ${name}`);
  };
  print('self time', self);
  print('total time', total);
  print('total time in our own code', new Map([...total].filter(([name]) => name.includes('[') && name.includes(' src/'))));
}

async function main() {
  const { values } = parseArgs({
    options: {
      path: { type: 'string', default: '/shop/products' },
      'signed-in': { type: 'boolean', default: false },
      throttle: { type: 'string', default: '4' },
      top: { type: 'string', default: '40' },
      out: { type: 'string' },
      /** Only the samples between these page times (ms), e.g. one long task: --window 1400-1700. */
      window: { type: 'string' },
    },
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-market-profile-'));
  const { url, child } = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    // Playwright adds its own headless switch.
    args: PLAYWRIGHT_CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
  });
  try {
    const cookie = values['signed-in'] || values.path === 'product' ? await signInDemoStudent(url) : undefined;
    const pagePath = values.path === 'product' ? await firstProductPath(url, cookie!) : values.path;
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url }]);
    }
    const page = await context.newPage();
    // Long tasks (over 50 ms at the slowed-down CPU, the ones total blocking time counts) and the paints.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __timeline: string[] }).__timeline = seen;
      for (const type of ['longtask', 'paint', 'largest-contentful-paint'])
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const element = (entry as PerformanceEntry & { element?: Element | null }).element;
            const what = element
              ? `<${element.tagName.toLowerCase()} ${element.className}> ${(element.textContent ?? '').slice(0, 40)}`
              : '';
            seen.push(
              `${entry.entryType.padEnd(24)} ${entry.startTime.toFixed(0).padStart(6)} ms  +${entry.duration.toFixed(0)} ms ${entry.name} ${what}`,
            );
          }
        }).observe({ type, buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(values.throttle) });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    const profileStartedAt = Date.now();
    await page.goto(`${url}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(3000);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
    const timeline = await page.evaluate(() => (window as unknown as { __timeline: string[] }).__timeline);
    const domNodes = await page.evaluate(() => document.querySelectorAll('*').length);
    if (values.out) fs.writeFileSync(values.out, JSON.stringify(profile));
    console.info(`${url}${pagePath}, CPU ${values.throttle}x slower`);
    console.info(
      `${domNodes} elements\n${timeline.sort((a, b) => parseFloat(a.slice(25)) - parseFloat(b.slice(25))).join('\n')}`,
    );
    const [from, to] = (values.window ?? '').split('-').map(Number);
    // Page time of each sample: the page opened right after the profile started (close enough for a long task).
    const navigationStart = await page.evaluate(() => performance.timeOrigin);
    const offsetMs = profileStartedAt - navigationStart;
    summarize(profile, Number(values.top), values.window ? { from: from! - offsetMs, to: to! - offsetMs } : undefined);
  } finally {
    await browser.close();
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
