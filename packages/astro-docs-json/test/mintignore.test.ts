// `.mintignore`: what it ignores (with Mintlify's defaults) is no page, asset, snippet or
// spec, and is in no output made of the site: search, llms.txt, llms-full.txt, the MCP index,
// the sitemap, `broken-links`.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { linkTargets } from '../src/cli/broken-links.ts';
import { docsFiles } from '../src/cli/docs-files.ts';
import { buildLlmsTxt } from '../src/core/discovery/llms.ts';
import { planSiteSearch } from '../src/core/discovery/search-shards.ts';
import { brokenLinks } from '../src/core/links/broken-links.ts';
import { buildMcpIndex } from '../src/core/mcp/docs-index.ts';
import { isAssetPath, scanAssetFiles } from '../src/core/pages/assets.ts';
import { DocsIgnore } from '../src/core/pages/mintignore.ts';
import { fileStatus } from '../src/core/pages/references.ts';
import { loadSite, type Site } from '../src/core/site/load-site.ts';
import { buildSiteModel } from '../src/core/site/site-model.ts';
import { indexableRoutes } from '../src/core/site/indexing.ts';
import { fixture, makeDocs, pages, summary } from './helpers.ts';

/** Pages of the fixture that `.mintignore` or Mintlify's defaults leave out: each says "quillwort". */
const IGNORED_URLS = ['/drafts/tide-tables', '/berths/storm-plan', '/moorings.wip', '/AGENTS', '/README', '/guides/CHANGELOG', '/build/generated'];
const PUBLISHED_URLS = ['/', '/moorings', '/berths/open-berths', '/CHANGELOG'];

describe('.mintignore', () => {
  let site: Site;
  before(async () => {
    site = await loadSite(fixture('ignored-files'));
  });

  it('leaves out of the pages what it ignores, what Mintlify ignores by default, and takes back what `!` names', () => {
    assert.deepEqual(site.routes.map((route) => `${route.url}${route.hidden ? ' hidden' : ''}`), ['/', '/moorings', '/berths/open-berths', '/CHANGELOG hidden']);
    assert.deepEqual(site.snippets, [], 'the one snippet is ignored');
    assert.deepEqual([...site.specs.keys()], [], 'the one spec is ignored');
  });

  it('warns of a navigation entry naming an ignored page, with the line that ignores it, and leaves it out', () => {
    assert.deepEqual(summary(site.diagnostics), [
      'warning ignored-page navigation.groups[0].pages[2]',
      'warning ignored-page navigation.groups[0].pages[3]',
      'warning ignored-file navigation.groups[1].openapi',
      'warning ignored-file index.mdx',
      'warning ignored-file index.mdx',
    ]);
    const [drafts, storm, spec, snippet, image] = site.diagnostics;
    assert.equal(drafts!.message, 'The page `drafts/tide-tables` is listed in the navigation, but drafts/tide-tables.mdx is ignored by `.mintignore` line 2 (`drafts/`): it is left out.');
    assert.deepEqual([drafts!.file, drafts!.line, drafts!.omitted], ['docs.json', 8, 'drafts/tide-tables']);
    // A `!` line cannot take back a file of an ignored folder: the hint says what can.
    assert.match(drafts!.hint!, /ignore `drafts\/\*` instead and add `!drafts\/tide-tables\.mdx` below it/);
    assert.match(storm!.message, /berths\/storm-plan\.mdx is ignored by `\.mintignore` line 9 \(`berths\/\*`\)/);
    assert.match(storm!.hint!, /remove that line, or add a line `!berths\/storm-plan\.mdx` below it\.$/);
    assert.match(spec!.message, /specs\/harbour-dues\.yaml is ignored by `\.mintignore` line 14 .*The site is built without its pages\./);
    assert.equal(snippet!.line, 6);
    assert.match(snippet!.message, /^The import `\/snippets\/harbourmaster-only\.mdx` is ignored by `\.mintignore` line 13 .*: what it imports renders as nothing\.$/);
    assert.match(image!.message, /^The image `\/images\/private\/roster\.svg` is ignored by `\.mintignore` line 12 \(`images\/private\/`\): it is not published/);
    assert.equal(site.ok, true, 'Mintlify builds through them');
  });

  it('serves no ignored file as an asset', async () => {
    const options = { configFiles: site.configFiles };
    assert.deepEqual(await scanAssetFiles(site.docsDir, options), ['images/chart.svg']);
    assert.equal(isAssetPath(site.docsDir, 'images/private/roster.svg', options), false, 'nor in `astro dev`');
    assert.equal(fileStatus(site.docsDir, path.join(site.docsDir, 'images/private/roster.svg')), 'ignored');
    assert.equal(fileStatus(site.docsDir, path.join(site.docsDir, 'images/chart.svg')), 'inside');
  });

  it('lists no ignored page in search, llms.txt, llms-full.txt and the sitemap, or the MCP index', async () => {
    const model = buildSiteModel(site);
    const searched = planSiteSearch(site, 100).shards.flatMap((shard) => shard.urls);
    // `seo.indexing: "all"`: pages no navigation lists are searched and indexed too, so an ignored one would be.
    assert.deepEqual(searched.sort(), [...PUBLISHED_URLS].sort());
    // llms-full.txt and the sitemap are made of the indexable pages.
    assert.deepEqual(indexableRoutes(site).map((route) => route.url).sort(), [...PUBLISHED_URLS].sort());
    const llms = buildLlmsTxt(model, 'https://harbour.example');
    assert.match(llms, /\/berths\/open-berths/);
    for (const url of IGNORED_URLS) assert.equal(llms.includes(`https://harbour.example${url}`), false, url);
    const index = await buildMcpIndex(model, { base: '' }, async (url) => `# A page\n\nText of ${url}.\n`);
    assert.deepEqual(index.pages.map((page) => page.url).sort(), [...PUBLISHED_URLS].sort());
  });

  it('makes links to ignored files and ignored images broken, saying why, and checks none of the links of an ignored page', () => {
    const broken = brokenLinks({ pages: site.routes, snippets: site.snippets.map((snippet) => snippet.file), redirects: site.redirects, ...docsFiles(site) });
    assert.deepEqual(
      broken.map((link) => `${link.file}:${link.line} ${link.href} ${link.message}`),
      [
        'index.mdx:12 /images/private/roster.svg is images/private/roster.svg, which is ignored by `.mintignore` line 12 (`images/private/`)',
        'index.mdx:16 /drafts/tide-tables leads to drafts/tide-tables.mdx, which is ignored by `.mintignore` line 2 (`drafts/`)',
        'index.mdx:16 /images/private/roster.svg leads to images/private/roster.svg, which is ignored by `.mintignore` line 12 (`images/private/`)',
      ],
      'drafts/tide-tables.mdx links to a page that does not exist, but it is not checked',
    );
    // docs.json's navigation lists an ignored page and an ignored spec: left out of the site, which shows no link to them (`check` warns).
    assert.deepEqual(brokenLinks(linkTargets(site)).filter((link) => link.file === 'docs.json'), []);
  });

  it('follows `.gitignore` syntax: folders, wildcards, `**`, anchors, negation and comments, whatever the case', () => {
    const rules = new DocsIgnore('# notes\nprivate/\n*.draft.mdx\n**/internal/**\n/top.mdx\nlogs/*\n!logs/public.mdx\n\\#hash.mdx\n');
    const ignored = (file: string) => rules.ignores(file);
    assert.deepEqual(
      ['private/a.mdx', 'guides/private/b.mdx', 'a.draft.mdx', 'x/internal/y/z.mdx', 'top.mdx', 'guides/top.mdx', 'logs/old.mdx', 'logs/public.mdx', '#hash.mdx', 'notes', 'Private/c.mdx'].filter(ignored),
      ['private/a.mdx', 'guides/private/b.mdx', 'a.draft.mdx', 'x/internal/y/z.mdx', 'top.mdx', 'logs/old.mdx', '#hash.mdx', 'Private/c.mdx'],
    );
    assert.equal(rules.ignores('private', true), true, 'a folder rule ignores the folder');
    assert.equal(rules.ignores('private'), false, 'but not a file of that name');
    assert.deepEqual(rules.ruleFor('guides/private/b.mdx'), { pattern: 'private/', line: 2, folder: 'guides/private' });
    assert.deepEqual(new DocsIgnore().ruleFor('node_modules/pkg/readme.mdx'), { pattern: 'node_modules', folder: 'node_modules' });
    assert.equal(rules.ignores('../outside.mdx'), false, 'nothing outside the docs folder is matched');
  });

  it('reads the docs folder\'s own `.mintignore` only: not one above it, nor one a link leads out to', async () => {
    const root = makeDocs({ '.mintignore': '*.mdx\n', 'docs/docs.json': { name: 'x', navigation: { pages: ['index'] } }, ...prefixed('docs/', pages('index', 'notes')) });
    const above = await loadSite(path.join(root, 'docs'));
    assert.deepEqual(above.routes.map((route) => route.url), ['/', '/notes']);

    const outside = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-outside-'));
    writeFileSync(path.join(outside, 'rules'), 'notes.mdx\n');
    const linked = makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, ...pages('index', 'notes') });
    symlinkSync(path.join(outside, 'rules'), path.join(linked, '.mintignore'));
    const site = await loadSite(linked);
    assert.deepEqual(site.routes.map((route) => route.url), ['/', '/notes']);
    assert.deepEqual(summary(site.diagnostics), ['warning outside-docs .mintignore']);
  });

  it('is read again each time the site is loaded, as `astro dev` loads it after a change', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-reload-'));
    cpSync(fixture('ignored-files'), dir, { recursive: true });
    assert.equal((await loadSite(dir)).routes.some((route) => route.url === '/drafts/tide-tables'), false);
    writeFileSync(path.join(dir, '.mintignore'), 'moorings.mdx\n');
    const site = await loadSite(dir);
    assert.equal(site.routes.some((route) => route.url === '/moorings'), false);
    assert.ok(site.routes.some((route) => route.url === '/drafts/tide-tables'));
    assert.ok((await scanAssetFiles(dir)).includes('images/private/roster.svg'));
  });
});

function prefixed(prefix: string, files: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(files).map(([file, content]) => [`${prefix}${file}`, content]));
}
