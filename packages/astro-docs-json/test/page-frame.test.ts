import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageFrame, type FrameInput } from '../src/astro/render/page-frame.ts';
import { siteEntities } from '../src/core/seo/json-ld.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { makeDocs } from './helpers.ts';

async function frameOf(url: string, siteUrl?: string) {
  const dir = makeDocs({
    'docs.json': {
      name: 'Lantern',
      favicon: { light: '/light.svg', dark: '/dark.svg' },
      colors: { primary: '#0D9373', light: '#55D6A9' },
      styling: { eyebrows: 'breadcrumbs' },
      banner: { content: 'Welcome', dismissible: true },
      navigation: {
        languages: [
          { language: 'en', pages: ['index', 'guide', 'hidden'] },
          { language: 'fr', banner: { content: 'Bienvenue' }, footer: { socials: { x: 'https://x.com/lantern_fr' } }, pages: ['fr/index'] },
        ],
      },
    },
    'index.mdx': '---\ntitle: Lantern\n---\n\nHome.\n',
    'guide.mdx': '---\ntitle: Guide\ndescription: How to light it\nmode: custom\n---\n\nGuide.\n',
    'hidden.mdx': '---\ntitle: Hidden\nnoindex: true\n---\n\nHidden.\n',
    'fr/index.mdx': '---\ntitle: Accueil\n---\n\nAccueil.\n',
  });
  const site = await loadSite(dir);
  const model = buildSiteModel(site);
  const page = model.pages.find((candidate) => candidate.url === url)!;
  const urls = { siteUrl, base: '' };
  const input: FrameInput = {
    page,
    section: model.sections.find((section) => section.id === page.section)!,
    model,
    config: site.config!,
    seo: { urls, entities: siteEntities({ name: model.name, urls }) },
    socialImages: false,
  };
  return pageFrame(input);
}

describe('the frame of a page', () => {
  it('takes its language element\'s banner and footer, and the site\'s where the language sets none', async () => {
    const french = await frameOf('/fr');
    assert.equal(french.languageTag, 'fr');
    assert.deepEqual([french.banner, french.footer], [{ content: 'Bienvenue' }, { socials: { x: 'https://x.com/lantern_fr' } }]);
    const english = await frameOf('/guide');
    assert.equal(english.languageTag, 'en');
    assert.deepEqual([english.banner, english.footer], [{ content: 'Welcome', dismissible: true }, undefined]);
    assert.match(english.bannerId!, /^[0-9a-f]{12}$/);
    assert.notEqual(english.bannerId, french.bannerId, 'another text, another banner to dismiss');
  });

  it('names the document after the page and the site, the home page and the site\'s namesake alone', async () => {
    assert.equal((await frameOf('/guide')).title, 'Guide - Lantern');
    assert.equal((await frameOf('/')).title, 'Lantern');
  });

  it('gives each colour scheme its favicon and accent, and breadcrumbs where docs.json asks', async () => {
    const frame = await frameOf('/guide');
    assert.deepEqual(frame.favicons, [
      { href: '/light.svg', media: '(prefers-color-scheme: light)' },
      { href: '/dark.svg', media: '(prefers-color-scheme: dark)' },
    ]);
    assert.deepEqual(frame.accent, { light: '#0D9373', dark: '#55D6A9' });
    assert.equal(frame.breadcrumbs, true);
    assert.equal(frame.defaultTheme, 'system');
  });

  it('lets a custom page draw its own heading', async () => {
    const custom = await frameOf('/guide');
    assert.deepEqual([custom.mode, custom.custom, custom.titleClass], ['custom', true, 'visually-hidden']);
    const plain = await frameOf('/');
    assert.deepEqual([plain.mode, plain.custom, plain.titleClass], ['default', false, undefined]);
  });

  it('has a canonical address and structured data with the site\'s address, and none on a page kept out of search engines', async () => {
    const guide = await frameOf('/guide', 'https://lantern.example.com');
    assert.equal(guide.canonical, 'https://lantern.example.com/guide');
    assert.ok(guide.metaTags.some(([name, content]) => name === 'og:description' && content === 'How to light it'));
    assert.match(guide.jsonLd!, /"https:\/\/lantern\.example\.com\/guide"/);
    const hidden = await frameOf('/hidden', 'https://lantern.example.com');
    assert.equal(hidden.jsonLd, undefined);
    assert.equal((await frameOf('/guide')).canonical, undefined, 'no address without the site\'s');
  });
});
