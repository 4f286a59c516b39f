// docs.json `integrations` in a browser: the `integrations` fixture lists every provider
// behind the three ways of asking for consent (the `cookies` check, OneTrust, Transcend);
// the example site loads Google Analytics behind the `cookies` check. Every request that
// leaves the machine is answered here (Playwright routes): the vendors' scripts are
// stand-ins, and OneTrust's and Transcend's implement the part of their API the site uses.
import type { Page } from 'playwright/test';
import { test as exampleTest } from 'playwright/test';
import { expect, integrationsTest as test } from './fixture-site.ts';

/** OneTrust's stub, standing in: consent for strictly necessary cookies only until `OneTrust.AllowAll()`. */
const ONETRUST = `(() => {
  const changed = () => { if (typeof window.OptanonWrapper === 'function') window.OptanonWrapper(); };
  window.OnetrustActiveGroups = ',C0001,';
  window.OneTrust = { AllowAll() { window.OnetrustActiveGroups = ',C0001,C0002,C0003,'; changed(); }, RejectAll() { window.OnetrustActiveGroups = ',C0001,'; changed(); } };
  changed();
})();`;

/** Transcend's airgap.js, standing in: no purpose granted until `airgap.setConsent`, then its listeners told. */
const TRANSCEND = `(() => {
  const purposes = {};
  const listeners = [];
  const api = {
    getConsent: () => ({ purposes: { ...purposes } }),
    addEventListener: (type, listener) => { if (type === 'consent-change') listeners.push(listener); },
    setConsent: (_event, granted) => { Object.assign(purposes, granted); listeners.forEach((listener) => listener()); },
  };
  const queue = (self.airgap && self.airgap.readyQueue) || [];
  self.airgap = api;
  queue.forEach((ready) => ready(api));
})();`;

/** Answers every request for another host, and records it. */
async function standIn(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      const url = route.request().url();
      requested.push(url);
      const body = url.includes('otSDKStub.js') ? ONETRUST : url.includes('/airgap.js') ? TRANSCEND : '';
      return route.fulfill({ status: 200, contentType: 'application/javascript', body });
    },
  );
  return requested;
}

/** Each analytics provider, and what of its id the page shows: in its script's address, or an attribute. */
const ANALYTICS: Array<[name: string, selector: string]> = [
  ['adobe', '[src="https://assets.adobedtm.com/launch-ENfixture.min.js"]'],
  ['amplitude', '[src*="/script/ampfixture1234.js"]'],
  ['clarity', '[src="https://www.clarity.ms/tag/clarfix01"]'],
  ['clearbit', '[src="https://tag.clearbit.com/v1/pk_fixture01/tags.js"]'],
  ['fathom', '[data-site="FIXTURE1"]'],
  ['ga4', '[src="https://www.googletagmanager.com/gtag/js?id=G-FIXTURE01"]'],
  ['gtm', '[src="https://www.googletagmanager.com/gtm.js?id=GTM-FIXT01"]'],
  ['heap', '[src*="heap-4815162342.js"]'],
  ['hightouch', '[src*="cdn.hightouch-events.com"]'],
  ['hotjar', '[src="https://static.hotjar.com/c/hotjar-271828.js?sv=6"]'],
  ['koala', '[src="https://cdn.getkoala.com/v1/pk_koalafix/sdk.js"]'],
  ['logrocket', '[src*="LogRocket.min.js"]'],
  ['mixpanel', '[src*="mixpanel-2-latest.min.js"]'],
  ['pirsch', '[data-code="pirschfixture01"]'],
  ['plausible', '[data-domain="integrations.example.com"][src="https://plausible.io/js/script.js"]'],
  ['posthog', '[src="https://us-assets.i.posthog.com/static/array.js"]'],
  ['segment', '[src*="/v1/segfixture01/analytics.min.js"]'],
];
const analyticsScripts = (page: Page) => page.locator(ANALYTICS.map(([name]) => `script[data-integration="${name}"]`).join(','));

test.describe('every provider, behind consent', () => {
  test('support widgets and consent managers load at once; analytics wait for every consent, then each loads with its id', async ({ page }) => {
    const requested = await standIn(page);
    await page.goto('/');
    await expect(page.locator('script[data-integration="intercom"]')).toHaveAttribute('src', 'https://widget.intercom.io/widget/icfix001');
    await expect(page.locator('script[data-integration="frontchat"]')).toHaveCount(1);
    await expect(page.locator('script[data-integration="onetrust"]')).toHaveAttribute('data-domain-script', '0f1e2d3c-4b5a-6978-8695-a4b3c2d1e0f9');
    await expect(page.locator('script[data-integration="transcend"]')).toHaveAttribute('src', 'https://transcend-cdn.com/cm/fixture-bundle/airgap.js');
    await page.waitForFunction(() => typeof (window as { OneTrust?: unknown }).OneTrust === 'object' && typeof (window as { airgap?: { setConsent?: unknown } }).airgap?.setConsent === 'function');
    await expect(analyticsScripts(page)).toHaveCount(0);

    // The site's own banner stores the consent the `cookies` check reads; it counts from the next page.
    await page.evaluate(() => localStorage.setItem('fixture-consent', 'yes'));
    await page.getByRole('link', { name: 'Second page' }).first().click();
    await expect(page).toHaveURL(/\/second$/);
    await page.waitForFunction(() => typeof (window as { airgap?: { setConsent?: unknown } }).airgap?.setConsent === 'function' && typeof (window as { OneTrust?: unknown }).OneTrust === 'object');
    await expect(analyticsScripts(page)).toHaveCount(0);
    // OneTrust's banner accepted: Transcend's is still open.
    await page.evaluate(() => (window as unknown as { OneTrust: { AllowAll(): void } }).OneTrust.AllowAll());
    await expect(analyticsScripts(page)).toHaveCount(0);
    expect(requested.filter((url) => url.includes('googletagmanager'))).toEqual([]);

    await page.evaluate(() => (window as unknown as { airgap: { setConsent(event: unknown, purposes: Record<string, boolean>): void } }).airgap.setConsent(null, { Analytics: true }));
    for (const [name, selector] of ANALYTICS) {
      await expect(page.locator(`script[data-integration="${name}"]${selector}`), name).toHaveCount(1);
      await expect(page.locator(`script[data-integration="${name}"]`), name).toHaveJSProperty('async', true);
    }
    expect(requested).toContain('https://www.googletagmanager.com/gtag/js?id=G-FIXTURE01');
    // The queues the vendors' libraries read hold docs.json's values.
    const queued = await page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return {
        gtag: (w.dataLayer as unknown[]).map((entry) => JSON.stringify(Array.from(entry as ArrayLike<unknown>))).filter((entry) => entry.startsWith('["config"')),
        posthog: (w.posthog as { _i: unknown[] })._i,
        segment: (w.analytics as { _writeKey: string })._writeKey,
      };
    });
    expect(queued).toEqual({ gtag: ['["config","G-FIXTURE01"]'], posthog: [['phc_fixture0001', { api_host: 'https://us.i.posthog.com' }]], segment: 'segfixture01' });
  });

  test('consent taken back reloads the page, and analytics wait again', async ({ page }) => {
    await standIn(page);
    await page.addInitScript(() => localStorage.setItem('fixture-consent', 'yes'));
    await page.goto('/');
    await page.waitForFunction(() => typeof (window as { airgap?: { setConsent?: unknown } }).airgap?.setConsent === 'function' && typeof (window as { OneTrust?: unknown }).OneTrust === 'object');
    await page.evaluate(() => {
      (window as unknown as { OneTrust: { AllowAll(): void } }).OneTrust.AllowAll();
      (window as unknown as { airgap: { setConsent(event: unknown, purposes: Record<string, boolean>): void } }).airgap.setConsent(null, { Analytics: true });
    });
    await expect(analyticsScripts(page)).toHaveCount(ANALYTICS.length);
    await Promise.all([page.waitForEvent('load'), page.evaluate(() => (window as unknown as { OneTrust: { RejectAll(): void } }).OneTrust.RejectAll())]);
    await page.waitForFunction(() => typeof (window as { OneTrust?: unknown }).OneTrust === 'object');
    await expect(analyticsScripts(page)).toHaveCount(0);
  });
});

exampleTest.describe('the example site', () => {
  exampleTest('loads Google Analytics with its measurement ID once the reader has consented, and not before', async ({ page }) => {
    const requested = await standIn(page);
    await page.goto('/writing/advanced/integrations');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics and integrations' })).toBeVisible();
    await expect(page.locator('script[data-integration]')).toHaveCount(0);
    expect(requested.filter((url) => url.includes('googletagmanager'))).toEqual([]);

    await page.evaluate(() => localStorage.setItem('example-analytics-consent', 'granted'));
    await page.reload();
    await expect(page.locator('script[data-integration="ga4"]')).toHaveAttribute('src', 'https://www.googletagmanager.com/gtag/js?id=G-EXAMPLE01');
    await expect.poll(() => requested).toContain('https://www.googletagmanager.com/gtag/js?id=G-EXAMPLE01');
    const config = await page.evaluate(() => ((window as unknown as { dataLayer: ArrayLike<unknown>[] }).dataLayer).map((entry) => Array.from(entry)).find((entry) => entry[0] === 'config'));
    expect(config).toEqual(['config', 'G-EXAMPLE01']);
  });
});
