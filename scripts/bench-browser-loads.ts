/// <reference lib="dom" />
/**
 * npm run bench:browser-loads [-- --loads 8 --rounds 2]
 *
 * What a page load costs Chromium in the browser tests: starts the production server on the demo
 * catalogue (as `npm run lighthouse` does) and loads the product list, signed out, at phone width,
 * in three ways, round after round so the machine's drift hits them alike:
 *  - fresh:    a new context and page for each load (what each test did before the profile pool)
 *  - recycled: one page kept, each load after clearing cookies and storage on the site's robots.txt
 *              (tests/e2e/support/profile-pool.ts)
 *  - same:     one page, loaded again and again
 * and prints the CPU (user + system) of Chromium's whole process tree per load, and the wall time.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type Page, chromium } from 'playwright-core';
import { PLAYWRIGHT_CHROMIUM_FLAGS } from './chromium-flags.ts';
import { startServer } from './lighthouse-server.ts';

const { values } = parseArgs({ options: { loads: { type: 'string', default: '8' }, rounds: { type: 'string', default: '2' } } });
const loads = Number(values.loads);
const rounds = Number(values.rounds);
const VIEWPORT = { width: 375, height: 812 };
const CLOCK_TICKS = 100;

interface ProcessStat {
  pid: number;
  name: string;
  parent: number;
  /** User and system time, its own and that of the children it has reaped. */
  ticks: number;
}

/** Every process's line in /proc/<pid>/stat; one that ends while we look is left out (its parent counts it once it reaps it). */
function processes(): ProcessStat[] {
  const stats: ProcessStat[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.push({
        pid: Number(entry),
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        parent: Number(fields[1]),
        ticks,
      });
    } catch {
      // gone
    }
  }
  return stats;
}

/** CPU seconds of `root` and its descendants, counting the children they have already reaped. */
function treeCpuSeconds(root: number): number {
  const all = processes();
  const parentOf = new Map(all.map((entry) => [entry.pid, entry.parent]));
  let ticks = 0;
  for (const { pid, ticks: own } of all) {
    let ancestor: number | undefined = pid;
    while (ancestor !== undefined && ancestor !== root && ancestor > 1) ancestor = parentOf.get(ancestor);
    if (ancestor === root) ticks += own;
  }
  return ticks / CLOCK_TICKS;
}

/** The Chromium process this script launched: its child whose name starts with "chrom". */
function chromiumPid(): number {
  const chromium = processes().find((entry) => entry.parent === process.pid && entry.name.startsWith('chrom'));
  if (!chromium) throw new Error('Chromium process not found');
  return chromium.pid;
}

async function loadProducts(page: Page) {
  await page.goto('/shop/products');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

type Way = (browser: Browser, url: string) => Promise<void>;

const ways: Record<string, Way> = {
  fresh: async (browser, url) => {
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, serviceWorkers: 'block' });
      await loadProducts(await context.newPage());
      await context.close();
    }
  },
  recycled: async (browser, url) => {
    const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, serviceWorkers: 'block' });
    const page = await context.newPage();
    for (let i = 0; i < loads; i++) {
      await loadProducts(page);
      await page.goto('/robots.txt');
      await page.evaluate(() => {
        window.localStorage.clear();
        window.sessionStorage.clear();
      });
      await context.clearCookies();
    }
    await context.close();
  },
  same: async (browser, url) => {
    const context = await browser.newContext({ baseURL: url, viewport: VIEWPORT, serviceWorkers: 'block' });
    const page = await context.newPage();
    for (let i = 0; i < loads; i++) await loadProducts(page);
    await context.close();
  },
};

const { url, child } = await startServer(fs.mkdtempSync(path.join(os.tmpdir(), 'cm-browser-loads-')));
try {
  console.info(`${loads} loads of /shop/products per way, ${rounds} rounds, load average ${(os.loadavg()[0] ?? 0).toFixed(1)}`);
  for (let round = 1; round <= rounds; round++) {
    for (const [name, way] of Object.entries(ways)) {
      const browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: PLAYWRIGHT_CHROMIUM_FLAGS,
      });
      const root = chromiumPid();
      const [cpuBefore, startedAt] = [treeCpuSeconds(root), Date.now()];
      await way(browser, url);
      const [cpu, wall] = [treeCpuSeconds(root) - cpuBefore, (Date.now() - startedAt) / 1000];
      await browser.close();
      console.info(
        `round ${round}  ${name.padEnd(9)} CPU ${(cpu / loads).toFixed(2)} s a load, wall ${(wall / loads).toFixed(2)} s a load`,
      );
    }
  }
} finally {
  child.kill();
}
