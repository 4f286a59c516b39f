import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { writeSocialImages } from '../src/astro/build/social-images.ts';
import type { OutputRecord } from '../src/astro/build/kept-output.ts';
import { validateConfig } from '../src/core/config/validate-config.ts';
import { pageGraph, serializeJsonLd, siteEntities, type JsonLdEntity } from '../src/core/seo/json-ld.ts';
import { pageMetaTags } from '../src/core/seo/meta-tags.ts';
import { seoAssetUrl, seoSiteUrl, seoUrl } from '../src/core/seo/seo-urls.ts';
import { getsSocialImage, siteImageDigest, socialImageKey, socialImagePath, socialImageTheme, type SocialImageSite } from '../src/core/seo/social-image.ts';
import type { DocsJson } from '../src/core/schema/docs-json.ts';
import type { PageView } from '../src/core/site/site-model.ts';
import { makeDocs } from './helpers.ts';

const site = 'https://docs.example.com';

describe('the URLs given to search engines', () => {
  it('are absolute with the site, paths without it, and follow seo.trailingSlash', () => {
    assert.equal(seoUrl('/guides/intro', { siteUrl: site, base: '' }), 'https://docs.example.com/guides/intro');
    assert.equal(seoUrl('/guides/intro', { siteUrl: site, base: '', trailingSlash: true }), 'https://docs.example.com/guides/intro/');
    assert.equal(seoUrl('/', { siteUrl: site, base: '' }), 'https://docs.example.com/');
    assert.equal(seoUrl('/', { siteUrl: site, base: '', trailingSlash: true }), 'https://docs.example.com/');
    assert.equal(seoUrl('/guides/intro', { base: '/docs' }), '/docs/guides/intro');
    assert.equal(seoUrl('/', { siteUrl: site, base: '/docs' }), 'https://docs.example.com/docs');
    assert.equal(seoUrl('/', { siteUrl: site, base: '/docs', trailingSlash: true }), 'https://docs.example.com/docs/');
    assert.equal(seoUrl('/guides/café', { siteUrl: site, base: '' }), 'https://docs.example.com/guides/caf%C3%A9');
  });

  it('put docs.json seo.metatags.canonical, path and all, before each page, over Astro\'s site', () => {
    assert.equal(seoSiteUrl({ canonical: 'https://www.example.com/docs/' }, 'https://preview.example.net/'), 'https://www.example.com/docs');
    assert.equal(seoUrl('/intro', { siteUrl: 'https://www.example.com/docs', base: '' }), 'https://www.example.com/docs/intro');
    assert.equal(seoUrl('/', { siteUrl: 'https://www.example.com/docs', base: '' }), 'https://www.example.com/docs');
    // Astro's `site` gives its origin: its path is the base's.
    assert.equal(seoSiteUrl(undefined, 'https://example.com/docs/'), 'https://example.com');
    assert.equal(seoSiteUrl({ canonical: 'not a url' }, undefined), undefined);
    assert.equal(seoSiteUrl({ canonical: 'javascript:alert(1)' }, site), site);
  });

  it('leave images elsewhere as they are', () => {
    assert.equal(seoAssetUrl('/_og/intro.png', { siteUrl: site, base: '/docs' }), 'https://docs.example.com/docs/_og/intro.png');
    assert.equal(seoAssetUrl('https://cdn.example.com/a.png', { siteUrl: site, base: '' }), 'https://cdn.example.com/a.png');
  });
});

describe('structured data', () => {
  const urls = { siteUrl: site, base: '' };
  const entities = siteEntities({
    name: 'Acme',
    description: 'Acme docs',
    logo: '/logo.svg',
    organization: { legalName: 'Acme Inc.', sameAs: ['https://github.com/acme'] },
    urls,
  });
  const graphOf = (overrides: Partial<Parameters<typeof pageGraph>[1]> = {}) =>
    pageGraph(entities, { url: '/guides/intro', title: 'Intro', description: 'Start here', breadcrumbs: [{ name: 'Guides', url: '/guides' }, { name: 'Basics' }], api: false, ...overrides }, urls)['@graph'] as JsonLdEntity[];

  it('names the organization, the website, the page, its trail and its article, by @id', () => {
    const [organization, website, webPage, trail, article] = graphOf();
    assert.deepEqual(organization, {
      '@type': 'Organization',
      '@id': 'https://docs.example.com/#organization',
      name: 'Acme',
      legalName: 'Acme Inc.',
      url: 'https://docs.example.com/',
      logo: 'https://docs.example.com/logo.svg',
      sameAs: ['https://github.com/acme'],
    });
    assert.equal(website!['@id'], 'https://docs.example.com/#website');
    assert.deepEqual(website!.publisher, { '@id': organization!['@id'] });
    assert.equal(webPage!['@id'], 'https://docs.example.com/guides/intro');
    assert.deepEqual(webPage!.breadcrumb, { '@id': 'https://docs.example.com/guides/intro#breadcrumb' });
    assert.deepEqual(trail!.itemListElement, [
      { '@type': 'ListItem', position: 1, name: 'Guides', item: 'https://docs.example.com/guides' },
      { '@type': 'ListItem', position: 2, name: 'Basics' },
      { '@type': 'ListItem', position: 3, name: 'Intro', item: 'https://docs.example.com/guides/intro' },
    ]);
    assert.equal(article!['@type'], 'TechArticle');
    assert.equal(article!.headline, 'Intro');
    assert.deepEqual(article!.publisher, { '@id': 'https://docs.example.com/#organization' });
    // No value, no field.
    assert.equal('dateModified' in article!, false);
    assert.equal('keywords' in article!, false);
  });

  it('takes docs.json seo.organization over what the site gives, and calls an API page an APIReference', () => {
    const own = siteEntities({ name: 'Acme', organization: { id: 'https://acme.com/#org', name: 'Acme Corp', url: 'https://acme.com', logo: 'https://acme.com/logo.png' }, urls });
    assert.deepEqual(own.organization, { '@type': 'Organization', '@id': 'https://acme.com/#org', name: 'Acme Corp', url: 'https://acme.com', logo: 'https://acme.com/logo.png' });
    const graph = pageGraph(own, { url: '/api/get', title: 'Get', breadcrumbs: [], api: true, dateModified: '2026-01-02' }, urls)['@graph'] as JsonLdEntity[];
    assert.equal(graph[4]!['@type'], 'APIReference');
    assert.equal(graph[4]!.dateModified, '2026-01-02');
    assert.deepEqual(graph[1]!.publisher, { '@id': 'https://acme.com/#org' });
  });

  it('follows seo.trailingSlash in every URL', () => {
    const slashed = { ...urls, trailingSlash: true };
    const graph = pageGraph(siteEntities({ name: 'Acme', urls: slashed }), { url: '/a', title: 'A', breadcrumbs: [{ name: 'G', url: '/g' }], api: false }, slashed)['@graph'] as JsonLdEntity[];
    assert.equal(graph[2]!.url, 'https://docs.example.com/a/');
    assert.deepEqual((graph[3]!.itemListElement as JsonLdEntity[]).map((item) => item.item), ['https://docs.example.com/g/', 'https://docs.example.com/a/']);
  });

  it('is serialized so that no title can end the script', () => {
    const text = serializeJsonLd({ headline: '</script><script>alert(1)</script> <!-- & \u2028' });
    assert.equal(/[<>&\u2028]/.test(text), false);
    assert.deepEqual(JSON.parse(text), { headline: '</script><script>alert(1)</script> <!-- & \u2028' });
  });
});

describe('default meta tags', () => {
  const urls = { siteUrl: site, base: '' };
  const tags = (input: Partial<Parameters<typeof pageMetaTags>[0]>) => Object.fromEntries(pageMetaTags({ siteName: 'Acme', title: 'Intro', noindex: false, ...input }, urls));

  it('name the site, the page and its generated image, with a large card', () => {
    assert.deepEqual(tags({ description: 'Start', url: `${site}/intro`, generatedImage: '/_og/intro.png' }), {
      'og:site_name': 'Acme',
      'og:type': 'website',
      'og:title': 'Intro',
      'og:description': 'Start',
      'og:url': `${site}/intro`,
      'og:image': `${site}/_og/intro.png`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:image': `${site}/_og/intro.png`,
      'twitter:card': 'summary_large_image',
    });
    assert.equal(tags({})['twitter:card'], 'summary');
    assert.equal('og:url' in tags({}), false);
  });

  it('give way to docs.json seo.metatags, and those to the page\'s own tags', () => {
    const own = tags({ generatedImage: '/_og/intro.png', siteTags: { 'og:type': 'article', 'og:site_name': 'Acme Docs', canonical: 'https://acme.com' }, pageTags: { 'og:image': '/images/own.png', 'og:site_name': 'Page' } });
    assert.equal(own['og:type'], 'article');
    assert.equal(own['og:site_name'], 'Page');
    assert.equal(own['og:image'], `${site}/images/own.png`);
    assert.equal('og:image:width' in own, false, 'the generated image\'s size is not the page\'s own image\'s');
    assert.equal('twitter:image' in own, false, 'Twitter falls back to og:image');
    assert.equal(own['twitter:card'], 'summary_large_image');
    assert.equal('canonical' in own, false, 'canonical is a link, not a meta tag');
    assert.equal('robots' in tags({ siteTags: { robots: 'index' }, noindex: true }), false);
  });
});

describe('social images', () => {
  const theme = socialImageTheme({ colors: { primary: '#0D9373' } });
  const imageSite: SocialImageSite = { siteName: 'Acme', theme, font: { family: 'Inter', digest: 'x' } };

  it('are at /_og/<page>.png, for pages without an og:image of their own', () => {
    assert.equal(socialImagePath('/'), '/_og/index.png');
    assert.equal(socialImagePath('/guides/intro'), '/_og/guides/intro.png');
    assert.equal(getsSocialImage({}, undefined), true);
    assert.equal(getsSocialImage({ meta: { 'og:image': '/a.png' } }, undefined), false);
    assert.equal(getsSocialImage({}, { 'og:image': '/a.png' }), false);
    assert.equal(getsSocialImage({ link: 'https://elsewhere.example.com' }, undefined), false);
  });

  it('take thumbnails.appearance over the site\'s default theme', () => {
    assert.equal(theme.appearance, 'light');
    assert.equal(socialImageTheme({ appearance: { default: 'dark' } }).appearance, 'dark');
    assert.equal(socialImageTheme({ appearance: { default: 'dark' }, thumbnails: { appearance: 'light' } }).appearance, 'light');
    // docs.json background colours, when they are hex colours.
    assert.equal(socialImageTheme({ thumbnails: { appearance: 'dark' }, background: { color: { light: '#ffeeee', dark: '#101820' } } }).background, '#101820');
    assert.equal(socialImageTheme({ background: { color: { light: 'red;"/><script>' } } }).background, '#ffffff');
  });

  it('are keyed by what they are drawn from', () => {
    const digest = siteImageDigest(imageSite);
    const key = socialImageKey(digest, { title: 'Intro', description: 'Start' });
    assert.equal(socialImageKey(digest, { title: 'Intro', description: 'Start' }), key);
    assert.notEqual(socialImageKey(digest, { title: 'Intro', description: 'Start here' }), key);
    assert.notEqual(socialImageKey(digest, { title: 'Intro!', description: 'Start' }), key);
    // Not the same words run together in another way.
    assert.notEqual(socialImageKey(digest, { title: 'IntroS', description: 'tart' }), key);
    for (const other of [{ ...imageSite, logo: 'data:image/png;base64,AA==' }, { ...imageSite, theme: socialImageTheme({ colors: { primary: '#000000' } }) }, { ...imageSite, font: { family: 'Inter', digest: 'y' } }]) {
      assert.notEqual(socialImageKey(siteImageDigest(other), { title: 'Intro', description: 'Start' }), key);
    }
  });

  it('are drawn as 1200×630 PNGs, kept, and drawn again only when their words change', async () => {
    const docsDir = makeDocs({ 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#0D9373"/></svg>' });
    const outDir = mkdtempSync(path.join(tmpdir(), 'og-out-'));
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'og-cache-'));
    const config = { name: 'Acme', logo: '/logo.svg', colors: { primary: '#0D9373' } } as DocsJson;
    const page = (url: string, title: string, extra: Partial<PageView> = {}) => ({ url, title, description: 'About it', ...extra }) as PageView;
    const pages = [page('/', 'Home'), page('/guides/intro', 'Intro'), page('/same', 'Intro'), page('/own', 'Own', { meta: { 'og:image': '/x.png' } })];
    const first = await writeSocialImages({ config, docsDir, pages, outDir, cacheDir });
    assert.deepEqual([first.drawn, first.reused, first.warnings], [2, 1, []]);
    const png = readFileSync(path.join(outDir, '_og/guides/intro.png'));
    assert.equal(png.subarray(1, 4).toString(), 'PNG');
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
    assert.equal(statSync(path.join(outDir, '_og/own.png'), { throwIfNoEntry: false }), undefined);

    const edited = [page('/', 'Home'), page('/guides/intro', 'Introduction'), page('/same', 'Intro')];
    const second = await writeSocialImages({ config, docsDir, pages: edited, outDir: mkdtempSync(path.join(tmpdir(), 'og-out-')), cacheDir });
    assert.deepEqual([second.drawn, second.reused], [1, 2]);
    assert.equal(readdirSync(path.join(cacheDir, 'social-images')).filter((name) => name.endsWith('.png')).length, 3, 'images no page uses are dropped from the cache');
  });

  it('are left alone in an output kept as the build before left it, when their words did not change', async () => {
    const docsDir = makeDocs({});
    const outDir = mkdtempSync(path.join(tmpdir(), 'og-out-'));
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'og-cache-'));
    const config = { name: 'Acme' } as DocsJson;
    const pages = [{ url: '/a', title: 'A' }, { url: '/b', title: 'B' }, { url: '/c', title: 'C' }] as PageView[];
    await writeSocialImages({ config, docsDir, pages, outDir, cacheDir });
    // Marked, so that a file placed again shows: the cache's image would replace the mark.
    for (const name of ['a', 'b', 'c']) {
      rmSync(path.join(outDir, `_og/${name}.png`));
      writeFileSync(path.join(outDir, `_og/${name}.png`), 'mark');
    }
    const found: OutputRecord = { [path.join('_og', 'a.png')]: [4, 0], [path.join('_og', 'b.png')]: [4, 0] };
    const edited = [pages[0]!, { url: '/b', title: 'B, renamed' }, pages[2]!] as PageView[];
    const run = await writeSocialImages({ config, docsDir, pages: edited, outDir, cacheDir, found });
    assert.deepEqual([run.drawn, run.reused], [1, 2]);
    const placed = (name: string) => readFileSync(path.join(outDir, `_og/${name}.png`)).subarray(1, 4).toString();
    // a: as the build before placed it; b: its words changed; c: not in the output as found.
    assert.deepEqual(['a', 'b', 'c'].map(placed), ['ark', 'PNG', 'PNG']);
    // Without an output as found, every image is checked.
    await writeSocialImages({ config, docsDir, pages: edited, outDir, cacheDir });
    assert.equal(placed('a'), 'PNG');
  });

  it('say what they are drawn without', async () => {
    const docsDir = makeDocs({});
    const config = { name: 'Acme', logo: 'https://cdn.example.com/logo.png', thumbnails: { background: '/missing.png', fonts: { family: 'Lobster' } } } as DocsJson;
    const run = await writeSocialImages({ config, docsDir, pages: [{ url: '/', title: 'Home' } as PageView], outDir: mkdtempSync(path.join(tmpdir(), 'og-out-')), cacheDir: mkdtempSync(path.join(tmpdir(), 'og-cache-')) });
    assert.deepEqual(run.warnings.map((warning) => warning.path).sort(), ['logo', 'thumbnails.background', 'thumbnails.fonts.family']);
    assert.equal(run.drawn, 1);
  });
});

describe('docs.json seo and thumbnails', () => {
  const navigation = { pages: ['index'] };
  it('accepts seo.organization, seo.trailingSlash and thumbnails', () => {
    const { config, diagnostics } = validateConfig({
      value: {
        name: 'Acme',
        navigation,
        seo: { trailingSlash: true, organization: { id: 'https://acme.com/#org', legalName: 'Acme Inc.', logo: '/logo.png', sameAs: ['https://x.com/acme'] } },
        thumbnails: { appearance: 'dark', background: '/bg.png', fonts: { family: 'Inter' } },
      },
      locate: () => undefined,
      brokenPaths: [],
    } as unknown as Parameters<typeof validateConfig>[0]);
    assert.deepEqual(diagnostics, []);
    assert.equal(config?.seo?.trailingSlash, true);
    assert.equal(config?.thumbnails?.appearance, 'dark');
  });
});
