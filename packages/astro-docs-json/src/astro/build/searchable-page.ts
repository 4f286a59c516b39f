/**
 * A built page's searchable part: its language, title and article, with its keywords and
 * boost as Pagefind weights; read from the output, or known by its digest when the file is
 * the one a build before read.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { setImmediate } from 'node:timers/promises';
import type { FileCache } from '../../core/file-cache.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { textDigest } from '../../core/text-digest.ts';
import { foundIdentity, writtenIdentity, type OutputRecord } from './kept-output.ts';

/**
 * The part of a built page that search needs: its language, title and article. Pagefind
 * then parses a tenth of the HTML (no sidebar, no top bar).
 */
export function searchableHtml(page: Buffer | string): string | undefined {
  // Searched as bytes, and only the head and the article decoded: on a large site the
  // sidebar is most of each page, and decoding it all, page after page, costs memory.
  const html = typeof page === 'string' ? Buffer.from(page) : page;
  // The article that carries Pagefind's attribute, whatever the order of its attributes:
  // looked for from the layout's <main> first, which comes after the sidebar.
  const [start, marked] = searchableArticle(html, Math.max(0, html.lastIndexOf(MAIN))) ?? searchableArticle(html, 0) ?? [-1, -1];
  const end = html.lastIndexOf('</article>', html.lastIndexOf('</main>'));
  if (start === -1 || end === -1) return undefined;
  const head = html.subarray(0, Math.max(0, html.indexOf('</head>'))).toString('utf8');
  const lang = /<html[^>]*\slang="([^"]*)"/.exec(head)?.[1] ?? 'en';
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0] ?? '';
  const article = withSearchTerms(html.subarray(start, end + '</article>'.length).toString('utf8'));
  return `<html lang="${lang}"><head>${title}</head><body>${article}</body></html>`;
}

/** Bytes read from a page's start in search of its head's end, and first from its end in search of the layout's `<main>`. */
const HEAD_BYTES = 16 * 1024;
const TAIL_BYTES = 64 * 1024;

/**
 * The searchable part of a built page's file (`searchableHtml`), reading its head and what
 * follows the layout's `<main>`, not the sidebar between them, which on a large site is most
 * of each file (650 KB of a 10,000-page site's pages): a rebuild reads the pages of the
 * search index that holds the edited page. The whole file where those parts are not found so.
 * Read on this thread, as the output's sizes are (`kept-output.ts`): through the thread pool,
 * each read waited for a turn of this thread, which Astro keeps busy while a rebuild reads
 * them, and a rebuild of 3,000 pages fed its 378 pages to Pagefind 0.1 s later.
 */
export function readSearchableHtml(file: string): string | undefined {
  const descriptor = openSync(file, 'r');
  try {
    const { size } = fstatSync(descriptor);
    const readAt = (position: number, length: number) => {
      const bytes = Buffer.alloc(length);
      return bytes.subarray(0, readSync(descriptor, bytes, 0, length, position));
    };
    const whole = () => searchableHtml(readAt(0, size));
    if (size <= HEAD_BYTES + TAIL_BYTES) return whole();
    const head = readAt(0, HEAD_BYTES);
    const headEnd = head.indexOf('</head>');
    if (headEnd === -1) return whole();
    const tail = readAt(size - TAIL_BYTES, TAIL_BYTES);
    const main = tail.lastIndexOf(MAIN);
    // Only what the whole file would give: the article found after the page's last <main>.
    const parts = main === -1 ? undefined : searchableHtml(Buffer.concat([head.subarray(0, headEnd + '</head>'.length), tail.subarray(main)]));
    return parts ?? whole();
  } finally {
    closeSync(descriptor);
  }
}

/** The layout's `<main>` (`Layout.astro`), which holds the article. */
const MAIN = Buffer.from('<main id="content"');
const MARK = Buffer.from(' data-pagefind-body');

/** The first `<article>` tag after `from` whose own attributes include Pagefind's (not text that names it), as its start and the attribute's. */
function searchableArticle(html: Buffer, from: number): [start: number, marked: number] | undefined {
  for (let marked = html.indexOf(MARK, from); marked !== -1; marked = html.indexOf(MARK, marked + 1)) {
    const start = html.lastIndexOf('<article', marked);
    if (start >= from && !html.subarray(start, marked).includes('>')) return [start, marked];
  }
  return undefined;
}

/** Pagefind's weights of headings, which an element's own weight replaces. */
const HEADING_WEIGHTS = [7, 6, 5, 4, 3, 2];
/** Pagefind takes weights up to 10. */
const weight = (value: number) => String(Math.min(10, Math.round(value * 100) / 100));

/**
 * The page's `keywords` (its article's `data-search-keywords`) as words it is found by, as
 * strong as its title; and its `boost` (`data-search-boost`) as the weight of its text and,
 * multiplied, of its headings: Pagefind ranks by the weights of the words found.
 */
function withSearchTerms(article: string): string {
  const open = article.slice(0, article.indexOf('>') + 1);
  const boost = Number(/\sdata-search-boost="([0-9.]+)"/.exec(open)?.[1] ?? 1) || 1;
  const keywords = /\sdata-search-keywords="([^"]*)"/.exec(open)?.[1];
  let weighted = article;
  if (keywords) weighted = weighted.replace(/<\/article>$/, `<p data-pagefind-weight="${weight(HEADING_WEIGHTS[0]! * boost)}">${keywords}</p></article>`);
  if (boost === 1) return weighted;
  return weighted
    .replace(/^<article/, `<article data-pagefind-weight="${weight(boost)}"`)
    .replace(/<h([1-6])(?=[\s>])/g, (tag, level: string) => `${tag} data-pagefind-weight="${weight(HEADING_WEIGHTS[Number(level) - 1]! * boost)}"`);
}

export interface SearchablePage {
  /** The page's URL in the site (`/guides/intro`), and as search links to it (with the base). */
  page: string;
  url: string;
  /** The digest of `content`. */
  digest: string;
  /** Read only when the shard is indexed: a page known from the build before is not read to tell it did not change. */
  content?: string;
}

/** A page's HTML file in the output, by its path there. */
const htmlNameOf = (url: string) => (url === '/' ? 'index.html' : `${url.slice(1)}.html`).replaceAll('/', path.sep);
export const htmlFileOf = (outDir: string, url: string) => path.join(outDir, htmlNameOf(url));

/**
 * A page's searchable part, or its digest when the file is the one a build before read
 * (`known`); none when it has none. Its size and time are read on this thread: a rebuild
 * reads those of every page, and through the thread pool they cost ten times as much. With
 * `found` (a rebuild's output as the build found it, for a page it did not render), they are
 * taken from there: at 10,000 pages, reading them took the end 0.06 s.
 */
export async function searchablePage(outDir: string, url: string, base: string, known: FileCache<string> | undefined, found?: OutputRecord): Promise<SearchablePage | undefined> {
  const file = htmlFileOf(outDir, url);
  const identity = (found && foundIdentity(found, htmlNameOf(url))) ?? writtenIdentity(file);
  if (!identity) return undefined;
  const digest = known?.get(url, identity);
  if (digest !== undefined) return digest ? { page: url, url: hrefFor(url, base), digest } : undefined;
  const content = readSearchableHtml(file);
  known?.set(url, identity, content ? textDigest(content) : '');
  await setImmediate(); // Pagefind's answers are taken between pages read
  return content ? { page: url, url: hrefFor(url, base), digest: textDigest(content), content } : undefined;
}
