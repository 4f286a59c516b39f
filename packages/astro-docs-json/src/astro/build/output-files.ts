/**
 * The files written beside the pages once Astro has written them: the docs folder's
 * assets, Mermaid's browser build, llms-full.txt, the MCP index, a second copy of folder
 * pages for some servers, and the `_headers` and `_redirects` of static hosts.
 */
import { existsSync, statSync } from 'node:fs';
import { copyFile, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { headersFile } from '../../core/discovery/headers-file.ts';
import { mapBounded } from '../../core/map-bounded.ts';
import type { Redirect } from '../../core/navigation/redirects.ts';
import { redirectsFile } from '../../core/navigation/redirects-file.ts';
import { withoutAgentInstructions } from '../../core/markdown/agent-instructions.ts';
import { fileStatus } from '../../core/pages/references.ts';
import { PART_MANIFEST_PATH, type PartManifest } from '../../core/parts/site-parts.ts';
import type { FileCache } from '../../core/file-cache.ts';
import { indexMcpSource, markdownPath, MCP_INDEX_PATH, wordsFromMarkdown, type McpSource, type McpSourcePage, type PageWords } from '../../core/mcp/docs-index.ts';
import { textDigest } from '../../core/text-digest.ts';
import { CORE_CODE } from './code-digest.ts';
import { writtenIdentity } from './kept-output.ts';
import { llmsFullFromCopies, readMarkdownCopy, type LlmsFullKeeping } from './markdown-copies.ts';
import { mermaidPath, type MermaidBuild } from './mermaid-files.ts';

/**
 * Pages are written as `x.html`, served at `/x`. Where `x` is also a folder (a group's
 * root page beside its pages), some servers, @astrojs/node among them, look for
 * `x/index.html` instead: the page is written there too. With docs.json
 * `seo.trailingSlash` (`everyPage`), every page is: static hosts serve `/x/` from
 * `x/index.html`, the URL the site then gives search engines. A hard link where it can
 * be, not a second copy of every page.
 */
export async function mirrorFolderPages(outDir: string, urls: readonly string[], everyPage = false): Promise<void> {
  await mapBounded(urls, 32, async (url) => {
    if (url === '/') return;
    const folder = path.join(outDir, url);
    // Asked of every page, on this thread: through the thread pool, such calls cost ten times as much.
    const isFolder = everyPage || statSync(folder, { throwIfNoEntry: false })?.isDirectory() === true;
    const index = path.join(folder, 'index.html');
    if (!isFolder || existsSync(index)) return;
    if (everyPage) await mkdir(folder, { recursive: true });
    await link(`${folder}.html`, index).catch(() => copyFile(`${folder}.html`, index)).catch(() => undefined);
  });
}

/**
 * `_headers`, which Netlify and Cloudflare Pages read: the site's own rules (the copy of
 * Astro's `public/` in the output, the docs folder's), then the pages' headers, as the site
 * publishes them (a part of the site writes the same as the whole: llms-full.txt is the merge's).
 */
export async function writeHeadersFile(docsDir: string, outDir: string, headers: Readonly<Record<string, string>>): Promise<void> {
  const target = path.join(outDir, '_headers');
  await writeFile(target, headersFile(await siteHostFiles(docsDir, target), headers));
}

/**
 * `_redirects`, which Netlify and Cloudflare Pages read: the site's own rules (as for
 * `_headers`), then docs.json's redirects with their status. Forced on a Netlify build
 * (`NETLIFY=true`), where the pages that redirect would otherwise be served in their place.
 * None when there is nothing to redirect.
 */
export async function writeRedirectsFile(docsDir: string, outDir: string, rules: readonly Redirect[], base: string): Promise<void> {
  const target = path.join(outDir, '_redirects');
  const text = redirectsFile(await siteHostFiles(docsDir, target), rules, { base, force: process.env.NETLIFY === 'true' });
  await (text ? writeFile(target, text) : rm(target, { force: true }));
}

/** A host file's texts the site has: the one in the output (from Astro's `public/`, or the build before), and the docs folder's. */
async function siteHostFiles(docsDir: string, target: string): Promise<Array<string | undefined>> {
  const ownFile = path.join(docsDir, path.basename(target));
  const read = (file: string) => readFile(file, 'utf8').catch(() => undefined);
  return [await read(target), fileStatus(docsDir, ownFile) === 'inside' ? await read(ownFile) : undefined];
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
 * Copies Mermaid's files into a build's output folder, at the addresses `mermaidPath`
 * gives, as they are (the route of `astro dev` serves the same bytes): one pass of copies,
 * where a prerendered route would have Astro render each of the hundred files one after
 * the other, which cost a small site's build a noticeable part of its time. A file already
 * there with the same size is the same file, its version being in its path: a rebuild,
 * which keeps them in place (`keptOutputFiles` in `hooks/after-build.ts`), writes none
 * again. The number copied.
 */
export async function copyMermaid(build: MermaidBuild, outDir: string): Promise<number> {
  const target = (file: string) => path.join(outDir, mermaidPath(build.version, file));
  // The entry's folder and the chunks': each made once, not once a file.
  for (const folder of new Set(build.files.map((file) => path.dirname(target(file))))) await mkdir(folder, { recursive: true });
  const copied = await mapBounded(build.files, 16, async (file) => {
    const source = path.join(build.dir, file);
    const [from, to] = await Promise.all([stat(source), stat(target(file)).catch(() => undefined)]);
    if (to?.isFile() && to.size === from.size) return false;
    await copyFile(source, target(file));
    return true;
  });
  return copied.filter(Boolean).length;
}

/**
 * llms-full.txt, every indexable page's Markdown in navigation order, written from the
 * pages' `.md` copies one at a time: on a site of tens of thousands of pages it is hundreds
 * of megabytes, more than a route should hold in memory (or than a string can). A
 * llms-full.txt of the docs folder's own is published instead, as it is. In `astro dev`,
 * the `llms-full.txt` route serves the same.
 */
export async function writeLlmsFull(docsDir: string, outDir: string, urls: readonly string[], addressOf: (url: string) => string, instructions?: string, keeping?: LlmsFullKeeping): Promise<void> {
  if (!(await copyOwnLlmsFull(docsDir, outDir))) await llmsFullFromCopies(outDir, urls, addressOf, instructions, keeping);
}

/** The docs folder's own llms-full.txt, copied into the output when it has one. */
export async function copyOwnLlmsFull(docsDir: string, outDir: string): Promise<boolean> {
  const custom = path.join(docsDir, 'llms-full.txt');
  if (fileStatus(docsDir, custom) !== 'inside') return false;
  await copyFile(custom, path.join(outDir, 'llms-full.txt'));
  return true;
}

/**
 * The MCP server's index (`core/mcp/docs-index.ts`), from the pages' `.md` copies, one at a
 * time: what `/mcp` and `astro-docs-json mcp` read, so that a request does no MDX work.
 * With `cache`, a page whose copy is the file the build before indexed (same size and time,
 * as a rebuild keeps the pages it need not render) is not read again: its words are taken
 * from there, which spares a rebuild of 3,000 pages most of a second.
 */
export async function writeMcpIndex(outDir: string, source: McpSource, address: { site?: string; base: string }, cache?: FileCache<KeptWords>): Promise<void> {
  const fromCopy = wordsFromMarkdown(async (url) => {
    const markdown = await readMarkdownCopy(outDir, url);
    return markdown === undefined ? undefined : withoutAgentInstructions(markdown, source.agentInstructions);
  });
  const wordsOf = async (page: McpSourcePage) => {
    const identity = cache && writtenIdentity(path.join(outDir, markdownPath(page.url)));
    if (!identity) return fromCopy(page);
    // The file, and what the index weighs besides its text.
    const key = `${identity}:${textDigest(JSON.stringify([page.title, page.description, page.keywords]))}`;
    const kept = cache.get(page.url, key);
    if (kept) return fromKept(kept);
    const words = await fromCopy(page);
    if (words) cache.set(page.url, key, [words.count, words.words.join(' '), words.weights.join(' ')]);
    return words;
  };
  const index = await indexMcpSource(source, address, wordsOf);
  const target = path.join(outDir, MCP_INDEX_PATH);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(index));
}

/**
 * A page's words as the MCP index's cache keeps them: its count, then its words and their
 * weights, each joined by spaces (no word holds one). Three strings a page, where arrays
 * would hold a string for each word of tens of thousands of pages until the cache is saved.
 */
export type KeptWords = [count: number, words: string, weights: string];

/** The code whose digest versions the kept words: what counts them, and this module, which keeps them. */
export const KEPT_WORDS_CODE = [...CORE_CODE, 'astro/build/output-files.ts'];

const fromKept = ([count, words, weights]: KeptWords): PageWords => ({ count, words: words ? words.split(' ') : [], weights: weights ? weights.split(' ').map(Number) : [] });

/** A part build's manifest (`core/parts/`), which the merge reads and does not copy. */
export async function writePartManifest(outDir: string, manifest: PartManifest): Promise<void> {
  const target = path.join(outDir, PART_MANIFEST_PATH);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, JSON.stringify(manifest));
}
