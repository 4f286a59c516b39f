// The site's data as the routes import it: in a build rendered in this process, read from
// a file rather than carried as the bundle's text (which every rendering thread held twice
// over); a server's bundle, which runs elsewhere, carries it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import type { AstroIntegrationLogger } from 'astro';
import { loadSite } from '../src/core/site/load-site.ts';
import { vitePluginDocsJson } from '../src/astro/vite/virtual-modules.ts';
import { makeDocs, pages } from './helpers.ts';

const logger = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as AstroIntegrationLogger;

describe("the site's data module", () => {
  it('reads the data from a file in the prerender bundle, and carries it in a server bundle', async () => {
    const docs = makeDocs({ 'docs.json': { name: 'Lighthouse keepers', navigation: { pages: ['intro'] } }, ...pages('intro') });
    const site = await loadSite(docs);
    const dataDir = path.join(docs, 'cache');
    const context = { docsDir: docs, loadOptions: {}, base: '', root: docs, logger, agentJobs: undefined, search: false as const, plainMdx: true, mdxFromSource: () => true, utilities: '', codeHighlighting: () => undefined };
    const moduleIn = (plugin: ReturnType<typeof vitePluginDocsJson>, environment: string) => {
      const id = (plugin.resolveId as (id: string) => string)('virtual:astro-docs-json/data');
      return (plugin.load as (this: unknown, id: string) => string).call({ environment: { name: environment } }, id);
    };
    const run = async (text: string, name: string) => {
      const file = path.join(docs, `${name}.mjs`);
      writeFileSync(file, text);
      return ((await import(pathToFileURL(file).href)) as { default: { model: { name: string } } }).default;
    };

    const withFile = vitePluginDocsJson(site, { ...context, dataDir });
    const prerender = moduleIn(withFile, 'prerender');
    assert.doesNotMatch(prerender, /Lighthouse keepers/, "the module's text does not carry the data");
    const [dataFile, ...others] = readdirSync(dataDir);
    assert.deepEqual(others, []);
    assert.match(readFileSync(path.join(dataDir, dataFile!), 'utf8'), /Lighthouse keepers/);
    const server = moduleIn(withFile, 'ssr');
    assert.match(server, /Lighthouse keepers/, "a server's bundle carries it");
    assert.deepEqual(await run(prerender, 'from-file'), await run(server, 'embedded'));
    assert.equal((await run(prerender, 'again')).model.name, 'Lighthouse keepers');

    // Other data, another module (Astro renders again the pages of a module that changed), and one file.
    const renamed = await loadSite(makeDocs({ 'docs.json': { name: 'Lamplighters', navigation: { pages: ['intro'] } }, ...pages('intro') }));
    const other = moduleIn(vitePluginDocsJson(renamed, { ...context, dataDir }), 'prerender');
    assert.notEqual(other, prerender);
    assert.equal(readdirSync(dataDir).length, 1);
    assert.equal((await run(other, 'other')).model.name, 'Lamplighters');

    // Without a file (a build with an adapter), or where the cache folder cannot be written, the prerender bundle carries it too.
    assert.match(moduleIn(vitePluginDocsJson(site, context), 'prerender'), /Lighthouse keepers/);
    assert.match(moduleIn(vitePluginDocsJson(site, { ...context, dataDir: path.join(docs, 'docs.json', 'cache') }), 'prerender'), /Lighthouse keepers/);
  });
});
