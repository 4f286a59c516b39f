/**
 * What the integration does once Astro has written the site: copy the docs folder's
 * assets beside the pages, and give folder pages a second copy for some servers.
 */
import { copyFile, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';

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
