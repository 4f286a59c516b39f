/**
 * `<CodeBlock>`'s code drawn as a fenced code block of the docs folder would be: through
 * the site's Markdown processor, so with its highlighter, its code block options and its
 * theme. The integration hands that processor's renderer to the routes on `globalThis`
 * (`mdx/markdown-pages.ts`, `provideMarkdownRenderer`), under the key read here.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { codeFence } from '../../core/markdown/code-meta.ts';

const RENDERER = Symbol.for('astro-docs-json.markdown-renderer');

interface MarkdownRenderer {
  render(content: string, options: { fileURL: URL; frontmatter: Record<string, unknown> }): Promise<{ code: string }>;
}

type Holder = { [RENDERER]?: () => Promise<MarkdownRenderer> };

export async function renderCodeBlock(docsDir: string, block: { language: string; meta: string; code: string }): Promise<string> {
  const renderer = (globalThis as Holder)[RENDERER];
  if (!renderer) throw new Error('astro-docs-json renders `<CodeBlock>` in the Node process that runs the integration, and it was rendered outside it.');
  // A file of the docs folder, so that the docs' Markdown features apply; it is not read.
  const fileURL = pathToFileURL(path.join(docsDir, 'code-block.md'));
  const { code } = await (await renderer()).render(codeFence(block.language, block.meta, block.code), { fileURL, frontmatter: {} });
  return code;
}
