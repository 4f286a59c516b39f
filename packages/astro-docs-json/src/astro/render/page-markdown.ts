/**
 * The Markdown of a page, for its `.md` route and llms-full.txt: its file's body in plain
 * Markdown, and the operation it renders, if any.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { channels, graphql, operations, sdkReferences } from 'virtual:astro-docs-json/pages';
import { channelLabel } from '../../core/asyncapi/expand.ts';
import { channelMarkdown } from '../../core/asyncapi/markdown.ts';
import { graphqlLabel } from '../../core/graphql/expand.ts';
import { graphqlMarkdown } from '../../core/graphql/markdown.ts';
import { withAgentInstructions } from '../../core/markdown/agent-instructions.ts';
import { pageBodyMarkdown, pageMarkdown } from '../../core/markdown/page-markdown.ts';
import { targetLabel } from '../../core/openapi/expand.ts';
import { operationMarkdown } from '../../core/openapi/markdown.ts';
import type { PageView } from '../../core/site/site-model.ts';
import { fileStatus } from '../../core/pages/references.ts';
import { replaceVariables } from '../../core/markdown/variables.ts';
import { data } from './site-data.ts';

/** The site's origin, for absolute links; undefined without Astro's `site`. */
export function siteOrigin(site: URL | undefined): string | undefined {
  return site ? site.origin : undefined;
}


/** A file of the docs folder, as a snippet is read, with docs.json `variables` replaced; undefined for one that is not there, lies outside or is ignored (`.mintignore`). */
export function readDocsFile(file: string): string | undefined {
  const normalized = path.posix.normalize(file);
  if (normalized.startsWith('../') || path.isAbsolute(normalized)) return undefined;
  const full = path.join(data.docsDir, normalized);
  if (fileStatus(data.docsDir, full) !== 'inside') return undefined;
  try {
    return pageText(normalized, readFileSync(full, 'utf8'));
  } catch {
    return undefined;
  }
}

/** A page's file as the site was loaded from it: with docs.json `variables` replaced. */
export async function readPageFile(file: string): Promise<string> {
  return pageText(file, await readFile(path.join(data.docsDir, file), 'utf8'));
}

/** Variables are replaced in pages and snippets, not in the code snippets import. */
const pageText = (file: string, text: string) => (/\.mdx?$/i.test(file) ? replaceVariables(text, data.config.variables) : text);

export async function markdownOf(page: PageView, origin: string | undefined): Promise<string> {
  const parts: string[] = [];
  if (/\.mdx?$/i.test(page.file)) {
    const source = await readPageFile(page.file);
    parts.push(pageBodyMarkdown(source, { file: page.file, ...(origin ? { siteUrl: origin } : {}), base: data.base, plain: page.plain, readFile: readDocsFile }));
  }
  if (page.operation) {
    const view = (await operations[targetLabel(page.operation)]!()).default;
    if (view) parts.push(operationMarkdown(view, { schema: data.config.markdown?.schema !== false }));
  }
  if (page.channel) {
    const view = (await channels[channelLabel(page.channel)]!()).default;
    if (view) parts.push(channelMarkdown(view));
  }
  if (page.graphql) {
    const view = (await graphql[graphqlLabel(page.graphql)]?.())?.default;
    if (view) parts.push(graphqlMarkdown(view));
  }
  if (page.sdk) {
    // Generated Markdown, kept as written but for its links, made absolute as a page's are.
    const reference = (await sdkReferences[page.sdk.label]?.())?.default ?? '';
    parts.push(pageBodyMarkdown(reference, { file: page.file, ...(origin ? { siteUrl: origin } : {}), base: data.base, plain: true }));
  }
  return withAgentInstructions(pageMarkdown(page, parts.filter(Boolean).join('\n\n')), data.model.agentInstructions);
}

/** A file the docs folder provides in place of a generated one (a custom llms.txt), byte for byte; not one that lies outside or is ignored. */
export async function customFile(name: string): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const file = path.join(data.docsDir, name);
  if (fileStatus(data.docsDir, file) !== 'inside') return undefined;
  const bytes = await readFile(file).catch(() => undefined);
  return bytes ? new Uint8Array(bytes) : undefined;
}
