import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, captureAtBothWidths, expectAccessible, launchBrowser } from './support/browser.ts';

/**
 * The axe scan every screen's test relies on (support/browser.ts injects axe once per document):
 * it must still fail a page with a violation, including the second scan of a document it has
 * already scanned. No server: the pages are data: URLs.
 */
let browser: Browser;
let page: Page;

const PAGE_WITHOUT_VIOLATIONS =
  '<!doctype html><html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1><button type="button">Save</button></main></body></html>';

/** A new document each time (setContent would keep the window, and the axe injected into it). */
const open = (html: string) => page.goto(`data:text/html,${encodeURIComponent(html)}`);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: PHONE });
});
afterAll(async () => {
  await browser?.close();
});

describe('the accessibility scan', () => {
  it('passes a page without serious or critical violations, at both widths', async () => {
    await open(PAGE_WITHOUT_VIOLATIONS);
    await expect(captureAtBothWidths(page, 'accessibility-check')).resolves.toBeUndefined();
  });

  it('fails a button without a name on a page it has not scanned yet', async () => {
    await open(PAGE_WITHOUT_VIOLATIONS.replace('Save', ''));
    expect(await page.evaluate(() => 'axe' in window)).toBe(false);
    await expect(expectAccessible(page)).rejects.toThrow(/button-name/);
  });

  it('fails a violation added to a document it has already scanned', async () => {
    await open(PAGE_WITHOUT_VIOLATIONS);
    await expectAccessible(page);
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.querySelector('main')!.append(image);
    });
    await expect(expectAccessible(page)).rejects.toThrow(/image-alt/);
  });
});
