/**
 * What the integration does once Astro has written the site: copy the docs folder's
 * assets beside the pages, and build the search index over the indexable pages.
 */
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';

/**
 * Pages are written as `x.html`, served at `/x`. Where `x` is also a folder (a group's
 * root page beside its pages), some servers, @astrojs/node among them, look for
 * `x/index.html` instead: the page is written there too.
 */
export async function mirrorFolderPages(outDir: string, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    if (url === '/') continue;
    const folder = path.join(outDir, url);
    const isFolder = await stat(folder).then((stats) => stats.isDirectory(), () => false);
    const index = path.join(folder, 'index.html');
    if (isFolder && !(await stat(index).then(() => true, () => false))) await copyFile(`${folder}.html`, index).catch(() => undefined);
  }
}

/** Copies each asset to the same path in the output, unless a built file is already there. */
export async function copyAssets(docsDir: string, outDir: string, assets: readonly string[]): Promise<number> {
  let copied = 0;
  for (const asset of assets) {
    const target = path.join(outDir, asset);
    if (await stat(target).then(() => true, () => false)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(path.join(docsDir, asset), target);
    copied++;
  }
  return copied;
}

/**
 * Pagefind indexes the pages marked `data-pagefind-body` (the indexable ones), one index
 * per `<html lang>`, with each page's version as a filter: the search box then only
 * finds pages of the reader's language and version.
 */
export async function buildSearchIndex(outDir: string, logger: AstroIntegrationLogger): Promise<void> {
  const started = performance.now();
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  const { page_count, errors: indexErrors } = await index.addDirectory({ path: outDir });
  if (indexErrors.length) logger.warn(`Search index: ${indexErrors.join('; ')}`);
  await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
  await pagefind.close();
  logger.info(`Search index: ${page_count} pages in ${Math.round(performance.now() - started)} ms`);
}
