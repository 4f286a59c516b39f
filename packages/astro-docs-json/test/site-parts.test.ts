// A site built in parts, one per version or language as CI jobs would build them, and
// merged: the same files, byte for byte, as a build of the whole site.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AstroConfig, AstroIntegrationLogger } from 'astro';
import { planSearchShards } from '../src/core/discovery/search-shards.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { describePart, parseSitePart, partOfSearchPlan, partProblem, PART_ENV, PART_MANIFEST_PATH, readPartManifest, selectPart } from '../src/core/parts/site-parts.ts';
import { partToBuild } from '../src/astro/hooks/site-part.ts';
import { parseOptions } from '../src/options.ts';
import { filesUnder, makeDocs, runCli } from './helpers.ts';

const page = (title: string, body: string, extra = '') => `---\ntitle: ${title}\ndescription: About ${title}.\n${extra}---\n\n${body}\n`;

/**
 * Two versions in two languages. `api/legacy` (v1) lies in the folder of `api` (v2): a
 * single build writes `api/index.html` beside `api.html`, which neither part can. `notes`
 * is in no navigation, so in the default version's part; `changelog` has a feed.
 */
const FILES = {
  'docs.json': {
    name: 'Fan',
    description: 'Fan-out docs.',
    navigation: {
      versions: [
        {
          version: 'v2',
          default: true,
          languages: [
            { language: 'en', groups: [{ group: 'Start', pages: ['index', 'guide', 'api', 'changelog'] }] },
            { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index', 'fr/guide'] }] },
          ],
        },
        {
          version: 'v1',
          languages: [
            { language: 'en', groups: [{ group: 'Start', pages: ['v1/index', 'v1/guide', 'api/legacy'] }] },
            { language: 'fr', groups: [{ group: 'Début', pages: ['v1/fr/index', 'v1/fr/guide'] }] },
          ],
        },
      ],
    },
  },
  'index.mdx': page('Home', 'Welcome.\n\n<Note>A note.</Note>'),
  'guide.mdx': page('Guide', '## Install\n\nRun `npm i`.\n\n```js\nconsole.log(1)\n```'),
  'api.mdx': page('API', 'The API.'),
  'api/legacy.mdx': page('Legacy API', 'The v1 API.'),
  'changelog.mdx': page('Changelog', '<Update label="2024-01-01" description="First">Released.</Update>', 'rss: true\n'),
  'notes.mdx': page('Notes', 'A page in no navigation.'),
  'fr/index.mdx': page('Accueil', 'Bienvenue.'),
  'fr/guide.mdx': page('Guide FR', '## Installer\n\nLancez `npm i`.'),
  'v1/index.mdx': page('Home v1', 'Old welcome.\n\n![Diagram](/images/v1.svg)'),
  'v1/guide.mdx': page('Guide v1', 'Old guide.'),
  'v1/fr/index.mdx': page('Accueil v1', 'Ancien.'),
  'v1/fr/guide.mdx': page('Guide v1 FR', 'Ancien guide.'),
  'images/v1.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>\n',
};

const run = runCli;

describe('a part of a site', () => {
  it('is named as version=NAME, language=CODE, or both', () => {
    assert.deepEqual(parseSitePart('version=v2'), { part: { version: 'v2' } });
    assert.deepEqual(parseSitePart(' language = fr , version=v1 '), { part: { language: 'fr', version: 'v1' } });
    assert.equal(describePart({ language: 'fr', version: 'v1' }), 'version=v1,language=fr');
    assert.match(parseSitePart('v2').problem ?? '', /"v2" is not version=NAME or language=CODE/);
    assert.match(parseSitePart('version=v1,version=v2').problem ?? '', /version is given twice/);
    assert.match(parseSitePart('tab=x').problem ?? '', /not version=NAME/);
  });

  it('is one of the site\'s, and holds the pages outside every version in the default one\'s', async () => {
    const site = await loadSite(makeDocs(FILES));
    assert.equal(partProblem({ version: 'v1', language: 'fr' }, site), undefined);
    assert.equal(partProblem({ version: 'v3' }, site), 'The site has no version "v3": its versions are v2, v1.');
    assert.equal(partProblem({ language: 'de' }, site), 'The site has no language "de": its languages are en, fr.');
    const oneLanguage = await loadSite(
      makeDocs({ 'docs.json': { name: 'x', navigation: { versions: [{ version: 'v1', languages: [{ language: 'en', pages: ['a'] }] }, { version: 'v2', languages: [{ language: 'fr', pages: ['b'] }] }] } }, 'a.mdx': true, 'b.mdx': true }),
    );
    assert.equal(partProblem({ version: 'v1', language: 'fr' }, oneLanguage), 'The version "v1" has no pages in the language "fr".');
    assert.equal(partProblem({ version: 'v2', language: 'fr' }, oneLanguage), undefined);
    const unversioned = await loadSite(makeDocs({ 'docs.json': { name: 'x', navigation: { pages: ['index'] } }, 'index.mdx': true }));
    assert.match(partProblem({ version: 'v1' }, unversioned) ?? '', /The site has no versions: build it whole, or by language/);
    const urlsOf = (version: string) => site.routes.filter((route) => selectPart({ version }, site).has(route)).map((route) => route.url);
    assert.deepEqual(urlsOf('v1'), ['/v1', '/v1/guide', '/api/legacy', '/v1/fr', '/v1/fr/guide']);
    assert.deepEqual(urlsOf('v2'), ['/', '/guide', '/api', '/changelog', '/fr', '/fr/guide', '/notes']);
    const nowhere = selectPart({ version: 'v2', language: 'en' }, site);
    assert.equal(nowhere.has({ version: null, language: null }), true, 'a page of no version or language is in the default ones\' part');
  });

  it('indexes its own pages for search, in the indexes the whole site\'s plan names', () => {
    const plan = planSearchShards(
      [
        { url: '/a', version: 'v1', language: null },
        { url: '/b', version: 'v2', language: null },
        { url: '/c', version: 'v2', language: null },
      ],
      1,
    );
    const part = partOfSearchPlan(plan, (url) => url !== '/a');
    assert.deepEqual(part.shards.map((shard) => shard.name), ['1', '2']);
    assert.deepEqual(Object.values(part.byScope), [['1', '2']]);
  });

  it('is given by the `part` option or DOCS_BUILD_PART, not both differently, and not on a server', async () => {
    const site = await loadSite(makeDocs(FILES));
    const logs: string[] = [];
    const logger = { info: (line: string) => logs.push(line), warn: (line: string) => logs.push(line) } as unknown as AstroIntegrationLogger;
    const config = (extra: Partial<AstroConfig> = {}) => ({ integrations: [], ...extra }) as unknown as AstroConfig;
    const build = (options: Parameters<typeof parseOptions>[0], environment?: string, extra?: Partial<AstroConfig>) => {
      const saved = process.env[PART_ENV];
      if (environment === undefined) delete process.env[PART_ENV];
      else process.env[PART_ENV] = environment;
      try {
        return partToBuild(parseOptions(options), site, config(extra), logger);
      } finally {
        if (saved === undefined) delete process.env[PART_ENV];
        else process.env[PART_ENV] = saved;
      }
    };
    assert.equal(build({}), undefined, 'the whole site, by default');
    assert.equal(build({}, ''), undefined, 'an empty DOCS_BUILD_PART is none');
    assert.equal(build({ part: { version: 'v1' } })?.name, 'version=v1');
    assert.equal(build({}, 'language=fr')?.name, 'language=fr');
    assert.equal(build({ part: { language: 'fr' } }, 'language=fr')?.name, 'language=fr');
    assert.throws(() => build({ part: { version: 'v1' } }, 'version=v2'), /The `part` option builds version=v1, and DOCS_BUILD_PART asks for version=v2/);
    assert.throws(() => build({}, 'v2'), /DOCS_BUILD_PART=v2: "v2" is not version=NAME/);
    assert.throws(() => build({ part: { version: 'v9' } }), /The part version=v9 cannot be built\. The site has no version "v9"/);
    assert.throws(() => build({ part: { version: 'v1' } }, undefined, { adapter: { name: 'x' } } as never), /A site with an adapter is built whole/);
    assert.throws(() => parseOptions({ part: {} }), /A part names a version, a language, or both/);
    build({ part: { version: 'v1' } }, undefined, { integrations: [{ name: '@astrojs/sitemap', hooks: {} }] });
    assert.ok(logs.some((line) => /adds @astrojs\/sitemap itself, which lists only the pages of the part/.test(line)));
  });

  it('is named on the command line, whose merge takes part folders and --out', () => {
    const dir = makeDocs(FILES);
    const wrong = run(['build', '--part', 'versio=v1'], dir);
    assert.equal(wrong.code, 2);
    assert.match(wrong.all, /--part versio=v1: "versio=v1" is not version=NAME or language=CODE\./);
    const unknown = run(['build', '--part', 'version=v9'], dir);
    assert.equal(unknown.code, 1);
    assert.match(unknown.all, /The part version=v9 cannot be built\. The site has no version "v9": its versions are v2, v1\./);
    assert.equal(existsSync(path.join(dir, 'dist')), false);
    assert.match(run(['merge'], dir).all, /"merge" takes the folders of the parts to merge\./);
    assert.match(run(['merge', 'a', '--site', 'x'], dir).all, /"merge" takes --out; not --site\./);
    assert.match(run(['merge', 'nowhere'], dir).all, /nowhere is not a folder\./);
  });

  it('has a manifest whose page URLs stay inside the folder', () => {
    const manifest = (pages: string[]) =>
      JSON.stringify({ format: 1, part: 'version=v1', pages, files: {}, site: { pages: ['/'], everyPageFolder: false, mcp: { source: { name: 'x', pages: [], sections: [] }, base: '' } } });
    assert.ok(readPartManifest(manifest(['/', '/a/b'])).manifest);
    for (const url of ['/../secret', '/a/../../b', 'relative', '/a//b', '/a\\..\\b']) assert.ok(readPartManifest(manifest([url])).problem, url);
    assert.match(readPartManifest('{"format":2}').problem ?? '', /of format 2/);
    assert.match(readPartManifest('nope').problem ?? '', /not JSON/);
  });
});

describe('a site built in parts and merged', { timeout: 300_000 }, () => {
  let docs: string;
  let work: string;
  before(() => {
    docs = makeDocs(FILES);
    work = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-parts-'));
    const site = ['--site', 'https://docs.example.com'];
    // The whole site, then one job per version: `--part`, and DOCS_BUILD_PART as a CI matrix sets it.
    for (const [name, args, env] of [
      ['whole', [], {}],
      ['v1', ['--part', 'version=v1'], {}],
      ['v2', [], { [PART_ENV]: 'version=v2' }],
    ] as const) {
      const built = run(['build', ...site, '--out', path.join(work, name), ...args], docs, env);
      assert.equal(built.code, 0, built.all);
    }
  });
  after(() => {
    rmSync(docs, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('builds in each part its own pages and search indexes, and the files of the whole site', () => {
    const v1 = filesUnder(path.join(work, 'v1'));
    for (const file of ['v1.html', 'v1.md', 'v1/index.html', 'api/legacy.html', 'v1/fr/guide.md', '_og/v1/fr/guide.png']) assert.ok(v1.includes(file), file);
    for (const file of ['index.html', 'guide.md', 'changelog/rss.xml', '_og/guide.png', 'pagefind/0/pagefind.js']) assert.ok(!v1.includes(file), file);
    assert.deepEqual([...new Set(v1.filter((file) => file.startsWith('pagefind/')).map((file) => file.split('/')[1]))], ['2', '3']);
    // The whole site's: every part writes them, the same.
    for (const file of ['llms.txt', 'robots.txt', 'sitemap-0.xml', 'skill.md', '404.html', 'images/v1.svg', '_docs/pages.json']) assert.ok(v1.includes(file), file);
    assert.equal(readFileSync(path.join(work, 'v1', 'sitemap-0.xml'), 'utf8'), readFileSync(path.join(work, 'whole', 'sitemap-0.xml'), 'utf8'), 'each part\'s sitemap lists every page');
    // Made of every page's text: the merge writes them.
    for (const file of ['llms-full.txt', '_docs/mcp.json', 'api/index.html']) assert.ok(!v1.includes(file), file);
    assert.ok(v1.includes(PART_MANIFEST_PATH));
  });

  it('merges into the files of a single build, byte for byte', () => {
    const merged = run(['merge', path.join(work, 'v1'), path.join(work, 'v2'), '--out', path.join(work, 'merged')], work);
    assert.equal(merged.code, 0, merged.all);
    assert.match(merged.all, /Merged 2 parts \(version=v1; version=v2\) into merged: \d+ files from the parts, 12 pages, and llms-full\.txt and the MCP index of them all\./);
    const whole = filesUnder(path.join(work, 'whole'));
    // No difference is allowed: the same files, with the same bytes.
    assert.deepEqual(filesUnder(path.join(work, 'merged')), whole);
    const differing = whole.filter((file) => !readFileSync(path.join(work, 'whole', file)).equals(readFileSync(path.join(work, 'merged', file))));
    assert.deepEqual(differing, []);
    for (const file of ['llms-full.txt', '_docs/mcp.json', 'api/index.html', 'sitemap-0.xml', 'pagefind/0/pagefind-entry.json', 'pagefind/3/pagefind-entry.json']) assert.ok(whole.includes(file), file);
    assert.ok(!existsSync(path.join(work, 'merged', PART_MANIFEST_PATH)), 'the manifests are not published');
    // Merged again over it: the folder is replaced whole.
    assert.equal(run(['merge', path.join(work, 'v1'), path.join(work, 'v2'), '--out', path.join(work, 'merged')], work).code, 0);
    assert.deepEqual(filesUnder(path.join(work, 'merged')), whole);
  });

  it('stops, writing nothing, when a page is in no part, the parts disagree, or a part links outside itself', () => {
    const out = path.join(work, 'refused');
    const left = run(['merge', path.join(work, 'v1'), '--out', out], work);
    assert.equal(left.code, 1);
    assert.match(left.all, /No part holds 7 pages of the site: \/, \/guide, \/api, \/changelog, \/fr, \/fr\/guide, \/notes\./);

    const other = path.join(work, 'v2-other');
    cpSync(path.join(work, 'v2'), other, { recursive: true });
    // Another robots.txt, of the same size: as a part built from other sources would write it.
    const robots = readFileSync(path.join(other, 'robots.txt'), 'utf8');
    assert.match(robots, /Allow: \//);
    writeFileSync(path.join(other, 'robots.txt'), robots.replace('Allow: /', 'ALLOW: /'));
    const disagree = run(['merge', path.join(work, 'v1'), other, '--out', out], work);
    assert.equal(disagree.code, 1);
    assert.match(disagree.all, /The parts disagree on 1 file, which a build of the whole site writes once:\n {2}robots\.txt {2}\(\S+v1 and \S+v2-other\)/);

    cpSync(path.join(work, 'v2'), other, { recursive: true });
    symlinkSync(path.join(docs, 'docs.json'), path.join(other, 'leak.txt'));
    const outside = run(['merge', path.join(work, 'v1'), other, '--out', out], work);
    assert.equal(outside.code, 1);
    assert.match(outside.all, /v2-other\/leak\.txt is a link: a part's output holds its own files only/);

    // As an artifact upload that leaves out hidden folders would leave it.
    rmSync(other, { recursive: true });
    cpSync(path.join(work, 'v2'), other, { recursive: true });
    rmSync(path.join(other, '.well-known'), { recursive: true });
    writeFileSync(path.join(other, 'extra.txt'), 'x');
    const lost = run(['merge', path.join(work, 'v1'), other, '--out', out], work);
    assert.equal(lost.code, 1);
    assert.match(lost.all, /v2-other is not as its build left it: 7 files its build wrote are missing \(\.well-known\/agent-skills\/fan\/SKILL\.md, .*\); 1 file its build did not write is there \(extra\.txt\)\./);
    assert.match(lost.all, /include-hidden-files: true/);

    const whole = run(['merge', path.join(work, 'whole'), '--out', out], work);
    assert.match(whole.all, /whole is not the output of a part build: it has no _docs\/part\.json/);
    const into = run(['merge', path.join(work, 'v1'), path.join(work, 'v2'), '--out', path.join(work, 'v1', 'site')], work);
    assert.match(into.all, /cannot be written to .*: the part .*v1 is there/);
    const notSite = run(['merge', path.join(work, 'v1'), path.join(work, 'v2'), '--out', docs], work);
    assert.match(notSite.all, /is there and is not a built site/);
    assert.equal(existsSync(out), false);
    assert.deepEqual(readdirSync(work).filter((name) => name.includes('merging')), [], 'no half-written folder is left');
  });
});
