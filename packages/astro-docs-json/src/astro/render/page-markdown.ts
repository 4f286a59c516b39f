/**
 * The Markdown of a page, for its `.md` route and llms-full.txt: its file's body in plain
 * Markdown, and the operation it renders, if any.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { operations } from 'virtual:astro-docs-json/pages';
import { pageBodyMarkdown, pageMarkdown } from '../../core/markdown/page-markdown.ts';
import { targetLabel } from '../../core/openapi/expand.ts';
import { operationMarkdown } from '../../core/openapi/markdown.ts';
import type { PageView } from '../../core/site/site-model.ts';
import { data } from './site-data.ts';

/** The site's origin, for absolute links; undefined without Astro's `site`. */
export function siteOrigin(site: URL | undefined): string | undefined {
  return site ? site.origin : undefined;
}


/** A file of the docs folder, as a snippet is read; undefined for one that is not there or lies outside. */
export function readDocsFile(file: string): string | undefined {
  const normalized = path.posix.normalize(file);
  if (normalized.startsWith('../') || path.isAbsolute(normalized)) return undefined;
  try {
    return readFileSync(path.join(data.docsDir, normalized), 'utf8');
  } catch {
    return undefined;
  }
}

export async function markdownOf(page: PageView, origin: string | undefined): Promise<string> {
  const parts: string[] = [];
  if (/\.mdx?$/i.test(page.file)) {
    const source = await readFile(path.join(data.docsDir, page.file), 'utf8');
    parts.push(pageBodyMarkdown(source, { file: page.file, ...(origin ? { siteUrl: origin } : {}), base: data.base, plain: page.plain, readFile: readDocsFile }));
  }
  if (page.operation) {
    const view = (await operations[targetLabel(page.operation)]!()).default;
    if (view) parts.push(operationMarkdown(view));
  }
  return pageMarkdown(page, parts.filter(Boolean).join('\n\n'));
}

/** A file the docs folder provides in place of a generated one (a custom llms.txt), byte for byte. */
export async function customFile(name: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const bytes = await readFile(path.join(data.docsDir, name)).catch(() => undefined);
  return bytes ? new Uint8Array(bytes) : undefined;
}
