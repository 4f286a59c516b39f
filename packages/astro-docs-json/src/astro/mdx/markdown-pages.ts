/**
 * Plain Markdown pages (`isPlainMarkdown`) are rendered from their source when their route
 * is rendered, not compiled into a module each: the bundler spends about 300 KB of memory
 * on every module, more than a site of 20,000 pages can afford. They go through the site's
 * own Markdown processor, with its options, so they come out as Astro would render them.
 *
 * That processor lives in Astro's config, which the routes cannot import. The integration
 * hands it over on `globalThis`: both run in the one Node process that builds the site
 * (or serves it, in `astro dev`), but each has its own copy of this module.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, MarkdownHeading } from 'astro';
import { escapeMalformedImageUrls } from '../../core/markdown/url-escapes.ts';
import { splitFrontmatter } from '../../core/markdown/frontmatter.ts';
import { readFrontmatterYaml } from '../../core/markdown/frontmatter-yaml.ts';
import { replaceVariables, type Variables } from '../../core/markdown/variables.ts';

const RENDERER = Symbol.for('astro-docs-json.markdown-renderer');

interface MarkdownRenderer {
  render(content: string, options: { fileURL: URL; frontmatter: Record<string, unknown> }): Promise<{ code: string; metadata: { headings: MarkdownHeading[] } }>;
}

type Holder = { [RENDERER]?: () => Promise<MarkdownRenderer> };

const WRAPPED = Symbol.for('astro-docs-json.docs-markdown-text');

/**
 * Has the site's Markdown processor read the docs folder's Markdown pages as the site was
 * loaded from them, whether they are compiled into a module or rendered from their source:
 * with docs.json `variables` replaced, and the malformed `%` escapes of image URLs escaped
 * (`url-escapes.ts`), on which its image pipeline would fail the whole build. Astro's
 * processors are plain objects that integrations may adjust.
 */
export function readDocsMarkdownAsLoaded(markdownProcessor: AstroConfig['markdown']['processor'], docsDir: string, variables: () => Variables | undefined): void {
  const processor = markdownProcessor as unknown as { createRenderer(shared: unknown): Promise<MarkdownRenderer>; [WRAPPED]?: true };
  if (processor[WRAPPED]) return;
  const createRenderer = processor.createRenderer.bind(processor);
  const inDocs = (fileURL: URL) => fileURLToPath(fileURL).startsWith(docsDir + path.sep);
  const asLoaded = (content: string) => escapeMalformedImageUrls(replaceVariables(content, variables()));
  processor.createRenderer = async (shared) => {
    const renderer = await createRenderer(shared);
    return { ...renderer, render: (content, options) => renderer.render(inDocs(options.fileURL) ? asLoaded(content) : content, options) };
  };
  processor[WRAPPED] = true;
}

/** What Astro gives its Markdown processor to render with, from its config. */
export type RendererSettings = Pick<AstroConfig, 'image'> & Pick<AstroConfig['markdown'], 'syntaxHighlight' | 'shikiConfig' | 'gfm' | 'smartypants'>;

export function rendererSettings(config: AstroConfig): RendererSettings {
  const { syntaxHighlight, shikiConfig, gfm, smartypants } = config.markdown;
  return { image: config.image, syntaxHighlight, shikiConfig, gfm, smartypants };
}

/** Called by the integration once Astro's config is final, and by each rendering worker (`render-worker.ts`). */
export function provideMarkdownRenderer(processor: AstroConfig['markdown']['processor'], settings: RendererSettings): void {
  let renderer: Promise<MarkdownRenderer> | undefined;
  (globalThis as Holder)[RENDERER] = () => (renderer ??= processor.createRenderer(settings) as Promise<MarkdownRenderer>);
}

export async function renderMarkdownPage(docsDir: string, file: string): Promise<{ html: string; headings: MarkdownHeading[] }> {
  const absolute = path.join(docsDir, file);
  const { yaml, body } = splitFrontmatter(await readFile(absolute, 'utf8'));
  return renderMarkdown(file, body, pathToFileURL(absolute), frontmatterOf(yaml));
}

/**
 * Generated Markdown (an SDK reference, `core/sdk/markdown.ts`), rendered as the site's
 * Markdown pages are. It is rendered as a file outside the docs folder would be, so that
 * docs.json `variables` are not replaced in text an artifact wrote.
 */
export async function renderGeneratedMarkdown(name: string, markdown: string): Promise<{ html: string; headings: MarkdownHeading[] }> {
  return renderMarkdown(name, markdown, pathToFileURL(path.join(path.sep, 'generated', `${name.replace(/[^\w.-]+/g, '-')}.md`)), {});
}

async function renderMarkdown(name: string, body: string, fileURL: URL, frontmatter: Record<string, unknown>): Promise<{ html: string; headings: MarkdownHeading[] }> {
  const renderer = (globalThis as Holder)[RENDERER];
  if (!renderer) {
    throw new Error(
      `astro-docs-json renders its Markdown pages in the Node process that runs the integration, and ${name} was rendered outside it (in another runtime, or without the integration).`,
    );
  }
  const { code, metadata } = await (await renderer()).render(body, { fileURL, frontmatter });
  return { html: code, headings: metadata.headings };
}

/** The frontmatter as Astro hands it to Markdown plugins: the YAML as written, read as the scan reads it (which reports errors in it). */
export function frontmatterOf(yaml: string | undefined): Record<string, unknown> {
  const read = yaml ? readFrontmatterYaml(yaml) : undefined;
  const data = read && 'data' in read ? read.data : undefined;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
