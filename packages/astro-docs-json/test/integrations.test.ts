import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import vm from 'node:vm';
import { integrationSettings } from '../src/core/integrations/settings.ts';
import { integrationsHtml, integrationsScript, scriptLiteral } from '../src/core/integrations/scripts.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { prepareRenderData } from '../src/astro/render/render-data.ts';
import { parseOptions } from '../src/options.ts';
import type { DocsJson } from '../src/core/schema/docs-json.ts';
import { makeDocs, pages, summary } from './helpers.ts';

const HOSTILE = '</script><script>alert(1)</script>';

/** Every provider, written right. */
const EVERY_ANALYTICS = {
  adobe: { launchUrl: 'https://assets.adobedtm.com/launch-ENtest.min.js' },
  amplitude: { apiKey: 'ampkey1234567890' },
  clarity: { projectId: 'clar1ty99' },
  clearbit: { publicApiKey: 'pk_clear1234' },
  fathom: { siteId: 'FATHOMID' },
  ga4: { measurementId: 'G-TEST1234' },
  gtm: { tagId: 'GTM-TEST99' },
  heap: { appId: '1234567890' },
  hightouch: { writeKey: 'htwrite12345', apiHost: 'eu-central-1.hightouch-events.com' },
  hotjar: { hjid: '3141592', hjsv: '6' },
  koala: { publicApiKey: 'pk_koala123' },
  logrocket: { appId: 'acme/docs-site' },
  mixpanel: { projectToken: 'mixtoken1234', region: 'eu' },
  pirsch: { id: 'pirschcode1234' },
  plausible: { domain: 'docs.example.com', server: 'stats.example.com' },
  posthog: { apiKey: 'phc_posthog1234', apiHost: 'https://eu.i.posthog.com', sessionRecording: false },
  segment: { key: 'segwrite1234' },
};
const SUPPORT = { intercom: { appId: 'intercom1' }, frontchat: 'front1234567' };

const config = (integrations: Record<string, unknown>) => ({ name: 'x', navigation: { pages: ['index'] }, integrations }) as unknown as DocsJson;
const check = (integrations: Record<string, unknown>) => integrationSettings(config(integrations));
const paths = (issues: ReturnType<typeof check>['issues']) => issues.map((issue) => `${issue.code} ${issue.at.join('.')}`);

/** Runs the site's script in a bare page: what it loads, and the hooks the consent managers call. */
function runScript(script: string, storage: Record<string, string> = {}, cookie = '') {
  const loaded: Array<{ src: string; async: boolean; attributes: Record<string, string>; dataset: Record<string, string>; onload?: () => void }> = [];
  const listeners: Record<string, Array<() => void>> = {};
  const window: Record<string, unknown> = {
    document: {
      createElement: () => {
        const element = { src: '', async: false, dataset: {} as Record<string, string>, attributes: {} as Record<string, string>, setAttribute(name: string, value: string) { element.attributes[name] = value; } };
        return element;
      },
      head: { appendChild: (element: (typeof loaded)[number]) => loaded.push(element) },
      cookie,
    },
    localStorage: { getItem: (key: string) => storage[key] ?? null },
    location: { reloads: 0, reload() { (this as { reloads: number }).reloads++; } },
    addEventListener: (type: string, listener: () => void) => (listeners[type] ??= []).push(listener),
    removeEventListener: () => {},
    console,
  };
  window.window = window;
  window.self = window;
  vm.runInNewContext(script, window);
  const srcs = () => loaded.map((element) => `${element.dataset.integration} ${element.src}`);
  return { window, loaded, srcs, fire: (type: string) => listeners[type]?.forEach((listener) => listener()) };
}

describe('docs.json integrations: checking', () => {
  it('takes every provider written right, with no warning', () => {
    const { settings, issues } = check({ ...EVERY_ANALYTICS, ...SUPPORT, telemetry: { enabled: true } });
    assert.deepEqual(issues, []);
    assert.equal(Object.keys(settings!.providers).length, 20);
    assert.equal(settings!.analyticsAllowed, true);
  });

  it('warns of an id not of its form, naming the JSON path and the form, and leaves that provider out', () => {
    const { settings, issues } = check({ ga4: { measurementId: 'UA-12345-1' }, gtm: { tagId: 'GTM-OK1234' } });
    assert.deepEqual(paths(issues), ['invalid-integration integrations.ga4.measurementId']);
    assert.equal(issues[0]!.severity, 'warning');
    assert.match(issues[0]!.message, /`integrations\.ga4\.measurementId` is "UA-12345-1", which is not a GA4 measurement ID, `G-` then .* like `G-XXXXXXX`\. Google Analytics 4 is not loaded\./);
    assert.deepEqual(Object.keys(settings!.providers), ['gtm']);
  });

  it('refuses a value that would end the script, wherever it is an id', () => {
    for (const [name, key] of [['ga4', 'measurementId'], ['gtm', 'tagId'], ['segment', 'key'], ['intercom', 'appId'], ['plausible', 'domain'], ['transcend', 'bundleId']] as const) {
      const { settings, issues } = check({ [name]: { [key]: HOSTILE } });
      assert.equal(settings!.providers[name], undefined, name);
      assert.deepEqual(paths(issues), [`invalid-integration integrations.${name}.${key}`]);
    }
    // A URL other than https is refused too.
    assert.deepEqual(paths(check({ adobe: { launchUrl: 'javascript:alert(1)' } }).issues), ['invalid-integration integrations.adobe.launchUrl']);
    assert.deepEqual(paths(check({ posthog: { apiKey: 'phc_abcdefgh1', apiHost: 'http://ph.example.com' } }).issues), ['invalid-integration integrations.posthog.apiHost']);
  });

  it('says what is missing, and what a provider takes when it has an unknown key', () => {
    const { issues } = check({ ga4: { measurmentId: 'G-ABCD1234' }, hotjar: { hjid: '123' } });
    assert.deepEqual(paths(issues), ['unknown-key integrations.ga4.measurmentId', 'invalid-integration integrations.ga4.measurementId', 'invalid-integration integrations.hotjar.hjsv']);
    assert.equal(issues[0]!.hint, 'did you mean `measurementId`?');
    assert.match(issues[1]!.message, /`integrations\.ga4` has no `measurementId`, which it needs/);
    assert.match(issues[2]!.message, /Hotjar snippet version/);
  });

  it('takes the forms Mintlify\'s pages disagree on: Front\'s chat ID alone or as `snippetId`, LogRocket\'s `apiKey`, numbers for Hotjar', () => {
    const { settings, issues } = check({ frontchat: { snippetId: 'abcdef12' }, logrocket: { apiKey: 'org/app' }, hotjar: { hjid: 123, hjsv: 6 } });
    assert.deepEqual(issues, []);
    assert.deepEqual(settings!.providers.hotjar, { hjid: '123', hjsv: '6' });
    assert.deepEqual(paths(check({ frontchat: 'abc' }).issues), ['invalid-integration integrations.frontchat']);
    assert.match(check({ frontchat: 'abc' }).issues[0]!.message, /Front chat ID/);
    assert.match(check({ ga4: 'G-ABCD1234' }).issues[0]!.message, /not an object with `measurementId`/);
  });

  it('holds analytics back when telemetry is off, or when a consent manager is written wrong', () => {
    const off = check({ ga4: { measurementId: 'G-ABCD1234' }, telemetry: { enabled: false } });
    assert.equal(off.settings!.analyticsAllowed, false);
    assert.deepEqual(paths(off.issues), ['telemetry-off integrations.telemetry.enabled']);
    const broken = check({ ga4: { measurementId: 'G-ABCD1234' }, cookies: { key: 'consent' } });
    assert.equal(broken.settings!.analyticsAllowed, false);
    assert.deepEqual(paths(broken.issues), ['invalid-integration integrations.cookies.value', 'consent-unavailable integrations.cookies']);
  });

  it('goes through the site\'s diagnostics: unknown providers with a "did you mean", wrong ids, located in docs.json', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] }, integrations: { ga: { measurementId: 'G-ABCD1234' }, ga4: { measurementId: 'nope' } } }, ...pages('index') });
    const site = await loadSite(dir);
    assert.equal(site.ok, true);
    assert.deepEqual(summary(site.diagnostics), ['warning unknown-key integrations.ga', 'warning invalid-integration integrations.ga4.measurementId']);
    assert.equal(site.diagnostics[0]!.hint, 'did you mean `ga4`?');
    assert.equal(site.diagnostics[1]!.file, 'docs.json');
    assert.ok(site.diagnostics[1]!.line! > 1);
    assert.equal(site.integrations!.providers.ga4, undefined);
  });
});

describe('docs.json integrations: the script', () => {
  it('is empty when there is nothing to load', () => {
    assert.equal(integrationsHtml(undefined), '');
    assert.equal(integrationsHtml(check({ ga4: { measurementId: 'bad' } }).settings), '');
  });

  it('encodes every value so that it cannot leave the script', () => {
    assert.equal(scriptLiteral(HOSTILE), '"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"');
    assert.equal(scriptLiteral('a\u2028b&'), '"a\\u2028b\\u0026"');
    // Free text (the consent key and value) is taken, and encoded.
    const html = integrationsHtml(check({ cookies: { key: HOSTILE, value: HOSTILE }, ga4: { measurementId: 'G-ABCD1234' } }).settings);
    assert.equal(html.match(/<\/script/gi)?.length, 1);
    assert.ok(html.endsWith('</script>'));
    assert.doesNotThrow(() => new vm.Script(html.replace(/^<script[^>]*>|<\/script>$/g, '')));
  });

  it('loads every provider with its id, async, each marked with its name', () => {
    const { loaded, srcs, window } = runScript(integrationsScript(check({ ...EVERY_ANALYTICS, ...SUPPORT }).settings));
    assert.deepEqual(srcs(), [
      'intercom https://widget.intercom.io/widget/intercom1',
      'frontchat https://chat-assets.frontapp.com/v1/chat.bundle.js',
      'adobe https://assets.adobedtm.com/launch-ENtest.min.js',
      'amplitude https://cdn.amplitude.com/script/ampkey1234567890.js',
      'clarity https://www.clarity.ms/tag/clar1ty99',
      'clearbit https://tag.clearbit.com/v1/pk_clear1234/tags.js',
      'fathom https://cdn.usefathom.com/script.js',
      'ga4 https://www.googletagmanager.com/gtag/js?id=G-TEST1234',
      'gtm https://www.googletagmanager.com/gtm.js?id=GTM-TEST99',
      'heap https://cdn.heapanalytics.com/js/heap-1234567890.js',
      'hightouch https://cdn.hightouch-events.com/browser/release/v1-latest/events.min.js',
      'hotjar https://static.hotjar.com/c/hotjar-3141592.js?sv=6',
      'koala https://cdn.getkoala.com/v1/pk_koala123/sdk.js',
      'logrocket https://cdn.logr-in.com/LogRocket.min.js',
      'mixpanel https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js',
      'pirsch https://api.pirsch.io/pa.js',
      'plausible https://stats.example.com/js/script.js',
      'posthog https://eu-assets.i.posthog.com/static/array.js',
      'segment https://cdn.segment.com/analytics.js/v1/segwrite1234/analytics.min.js',
    ]);
    assert.ok(loaded.every((element) => element.async));
    const attributes = Object.fromEntries(loaded.map((element) => [element.dataset.integration, element.attributes]));
    assert.equal(attributes.fathom!['data-site'], 'FATHOMID');
    assert.equal(attributes.pirsch!['data-code'], 'pirschcode1234');
    assert.equal(attributes.plausible!['data-domain'], 'docs.example.com');
    // The queues the vendors' libraries read, filled with docs.json's values.
    assert.deepEqual(JSON.parse(JSON.stringify((window.dataLayer as unknown[][]).map((entry) => Array.from(entry as unknown[])))).slice(1, 2), [['config', 'G-TEST1234']]);
    assert.deepEqual(JSON.parse(JSON.stringify((window.posthog as { _i: unknown })._i)), [['phc_posthog1234', { api_host: 'https://eu.i.posthog.com', disable_session_recording: true }]]);
    assert.deepEqual(JSON.parse(JSON.stringify((window.mixpanel as { _i: unknown })._i)), [['mixtoken1234', { api_host: 'https://api-eu.mixpanel.com', track_pageview: true }, 'mixpanel']]);
    assert.equal((window.analytics as { _writeKey: string })._writeKey, 'segwrite1234');
    assert.deepEqual(JSON.parse(JSON.stringify(window._hjSettings)), { hjid: 3141592, hjsv: 6 });
    assert.equal((window.intercomSettings as { app_id: string }).app_id, 'intercom1');
  });

  it('holds analytics back until the cookie consent is in local storage; support widgets do not wait', () => {
    const settings = check({ ga4: { measurementId: 'G-ABCD1234' }, intercom: { appId: 'intercom1' }, cookies: { key: 'docs-consent', value: 'yes' } }).settings;
    const before = runScript(integrationsScript(settings));
    assert.deepEqual(before.srcs(), ['intercom https://widget.intercom.io/widget/intercom1']);
    const storage: Record<string, string> = { 'docs-consent': 'no' };
    const later = runScript(integrationsScript(settings), storage);
    storage['docs-consent'] = 'yes';
    later.fire('storage');
    assert.deepEqual(later.srcs().slice(1), ['ga4 https://www.googletagmanager.com/gtag/js?id=G-ABCD1234']);
    assert.deepEqual(runScript(integrationsScript(settings), { 'docs-consent': 'yes' }).srcs().length, 2);
    // Or a cookie of that name and value.
    assert.equal(runScript(integrationsScript(settings), {}, 'theme=dark; docs-consent=yes').srcs().length, 2);
    assert.equal(runScript(integrationsScript(settings), {}, 'docs-consent=no').srcs().length, 1);
  });

  it('loads Transcend and OneTrust, and analytics once both consent; a consent taken back reloads the page', () => {
    const settings = check({
      ga4: { measurementId: 'G-ABCD1234' },
      transcend: { bundleId: 'bundle-1', analyticsPurpose: 'Product Analytics' },
      onetrust: { domainScript: '01234567-89ab-cdef-0123-456789abcdef' },
    }).settings;
    const page = runScript(integrationsScript(settings));
    assert.deepEqual(page.srcs(), ['onetrust https://cdn.cookielaw.org/scripttemplates/otSDKStub.js', 'transcend https://transcend-cdn.com/cm/bundle-1/airgap.js']);
    assert.equal(page.loaded[0]!.attributes['data-domain-script'], '01234567-89ab-cdef-0123-456789abcdef');
    // What Transcend's airgap.js does once loaded: run the ready queue.
    let purposes: Record<string, boolean> = { 'Product Analytics': true };
    const changes: Array<() => void> = [];
    const airgap = { getConsent: () => ({ purposes }), addEventListener: (_: string, listener: () => void) => changes.push(listener) };
    for (const ready of (page.window.airgap as { readyQueue: Array<(api: unknown) => void> }).readyQueue) ready(airgap);
    assert.equal(page.srcs().length, 2);
    // What OneTrust does: set the active groups and call OptanonWrapper.
    page.window.OnetrustActiveGroups = ',C0001,C0002,';
    (page.window.OptanonWrapper as () => void)();
    assert.deepEqual(page.srcs().slice(2), ['ga4 https://www.googletagmanager.com/gtag/js?id=G-ABCD1234']);
    purposes = {};
    changes.forEach((listener) => listener());
    assert.equal((page.window.location as { reloads: number }).reloads, 1);
  });

  it('loads nothing of analytics when telemetry is off', () => {
    const settings = check({ ga4: { measurementId: 'G-ABCD1234' }, intercom: { appId: 'intercom1' }, telemetry: { enabled: false } }).settings;
    assert.deepEqual(runScript(integrationsScript(settings)).srcs(), ['intercom https://widget.intercom.io/widget/intercom1']);
  });
});

describe('docs.json integrations: in the site', () => {
  it('are rendered once, into the render data every page reads, and not in `astro dev` unless asked', async () => {
    const dir = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] }, integrations: { ga4: { measurementId: 'G-ABCD1234' } } }, ...pages('index') });
    const site = await loadSite(dir);
    const built = prepareRenderData(site, { base: '', search: false }).data.integrations;
    assert.match(built, /^<script data-integrations>.*"G-ABCD1234".*<\/script>$/s);
    assert.equal(prepareRenderData(site, { base: '', search: false, integrations: false }).data.integrations, '');
    assert.equal(parseOptions({}).analyticsInDev, false);
    assert.equal(parseOptions({ analyticsInDev: true }).analyticsInDev, true);
  });
});
