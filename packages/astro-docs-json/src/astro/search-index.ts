/**
 * The search index (Pagefind): the indexable pages, one index per language, with each
 * page's version as a filter, so the search box finds only pages of the reader's language
 * and version.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AstroIntegrationLogger } from 'astro';
import * as pagefind from 'pagefind';
import { hrefFor } from '../core/pages/href.ts';

/**
 * The part of a built page that search needs: its language, title and version filter,
 * and its article. Pagefind then parses a tenth of the HTML (no sidebar, no top bar).
 */
export function searchableHtml(page: Buffer | string): string | undefined {
  // Searched as bytes, and only the head and the article decoded: on a large site the
  // sidebar is most of each page, and decoding it all, page after page, costs memory.
  const html = typeof page === 'string' ? Buffer.from(page) : page;
  const start = html.indexOf('<article data-pagefind-body');
  const end = html.lastIndexOf('</article>', html.indexOf('</main>'));
  if (start === -1 || end === -1) return undefined;
  const head = html.subarray(0, Math.max(0, html.indexOf('</head>'))).toString('utf8');
  const lang = /<html[^>]*\slang="([^"]*)"/.exec(head)?.[1] ?? 'en';
  const title = /<title>[^<]*<\/title>/.exec(head)?.[0] ?? '';
  const filters = head.match(/<meta data-pagefind-filter[^>]*>/g) ?? [];
  return `<html lang="${lang}"><head>${title}${filters.join('')}</head><body>${html.subarray(start, end + '</article>'.length).toString('utf8')}</body></html>`;
}

/** Indexes the built pages at `pageUrls` (`/guides/intro`, without the base) into `<outDir>/pagefind`. */
export async function buildSearchIndex(outDir: string, pageUrls: readonly string[], base: string, logger: AstroIntegrationLogger): Promise<void> {
  const started = performance.now();
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
    let count = 0;
    const queue = [...pageUrls];
    // A few pages in flight at a time: enough to keep Pagefind busy, few enough files open.
    const feed = async () => {
      for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
        const html = await readFile(path.join(outDir, url === '/' ? 'index.html' : `${url.slice(1)}.html`)).catch(() => undefined);
        const content = html && searchableHtml(html);
        if (!content) continue;
        const { errors: pageErrors } = await index.addHTMLFile({ url: hrefFor(url, base), content });
        if (pageErrors.length) logger.warn(`Search index, ${url}: ${pageErrors.join('; ')}`);
        count++;
      }
    };
    await Promise.all(Array.from({ length: 16 }, feed));
    await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
    logger.info(`Search index: ${count} pages in ${Math.round(performance.now() - started)} ms`);
  } finally {
    await pagefind.close();
  }
}
