import { type CDPSession, chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PLAYWRIGHT_CHROMIUM_FLAGS, PLAYWRIGHT_DISABLED_FEATURES } from '../../scripts/chromium-flags.ts';
import { CHROMIUM_PATH, launchBrowser } from './support/browser.ts';

const disabledFeatures = (args: string[]) =>
  args.filter((arg) => arg.startsWith('--disable-features=')).map((arg) => arg.slice('--disable-features='.length).split(','));

async function browserUiPages(cdp: CDPSession): Promise<string[]> {
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] } as never);
  return targetInfos.filter((target) => target.type === 'browser_ui').map((target) => target.url);
}

describe('the browser the tests launch', () => {
  it('keeps every feature Playwright switches off switched off (Chromium reads only the last --disable-features)', async () => {
    const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
    const playwrightOwn = disabledFeatures(server.process().spawnargs);
    await server.close();

    expect(playwrightOwn).toHaveLength(1);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightOwn[0]);
    const ours = disabledFeatures(PLAYWRIGHT_CHROMIUM_FLAGS);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toEqual(expect.arrayContaining(playwrightOwn[0]!));
  });

  it('opens no address-bar popups beside the pages of its contexts', async () => {
    const browser = await launchBrowser();
    try {
      for (let n = 0; n < 2; n++) {
        const page = await (await browser.newContext()).newPage();
        await page.goto('data:text/html,<h1>Campus Market</h1>');
      }
      const cdp = await browser.newBrowserCDPSession();
      expect(await browserUiPages(cdp)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
