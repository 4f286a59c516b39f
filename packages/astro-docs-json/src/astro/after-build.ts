/**
 * What the integration does once Astro has written the site: copy the docs folder's
 * assets beside the pages, write llms-full.txt, and give folder pages a second copy for
 * some servers.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { fileStatus } from '../core/pages/references.ts';

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
 * llms-full.txt, every indexable page's Markdown in navigation order, written from the
 * pages' `.md` copies one at a time: on a site of tens of thousands of pages it is hundreds
 * of megabytes, more than a route should hold in memory (or than a string can). A
 * llms-full.txt of the docs folder's own is published instead, as it is. In `astro dev`,
 * the `llms-full.txt` route serves the same.
 */
export async function writeLlmsFull(docsDir: string, outDir: string, urls: readonly string[]): Promise<void> {
  const target = path.join(outDir, 'llms-full.txt');
  const custom = path.join(docsDir, 'llms-full.txt');
  if (fileStatus(docsDir, custom) === 'inside') return copyFile(custom, target);
  const output = createWriteStream(target);
  let first = true;
  for (const url of urls) {
    const markdown = await readFile(path.join(outDir, url === '/' ? 'index.md' : `${url.slice(1)}.md`)).catch(() => undefined);
    if (!markdown) continue;
    if (!first) output.write('\n');
    first = false;
    // Waits while the file catches up, so that no more than a page or two are held.
    if (!output.write(markdown)) await once(output, 'drain');
  }
  output.end();
  await finished(output);
}
