/**
 * `html/`: what Mintlify makes of a page's Markdown that Markdown and MDX alone do not:
 * the plugins and parser features added to the site's Markdown processor for the docs
 * folder's files. Each feature is a module of this folder and one entry in
 * `docsMarkdown`; `astro/mdx/docs-markdown.ts` adds them to the processor, so that MDX
 * pages rendered from their source, MDX the bundler compiles and plain Markdown pages
 * all get them.
 */
import type { Features, HastPluginEntry, MdastPluginEntry } from 'satteri';
import type { ShikiTransformer } from 'shiki';
import type { DocsJson } from '../schema/docs-json.ts';
import { MINTLIFY_SYNTAX } from '../markdown/syntax.ts';
import { formulasAsText, latexElements, mathFormulas } from './math.ts';
import { mermaidDiagrams } from './mermaid.ts';
import { fileTreeLists } from './file-tree.ts';
import { stepTitleHeadings } from './step-titles.ts';
import { codeBlockTransformers } from './code-blocks.ts';
import { headingAnchors } from './heading-anchors.ts';
import { componentAnchors } from './component-anchors.ts';
import { phrasingElementText } from './phrasing-elements.ts';

export interface DocsMarkdown {
  /** Run on the Markdown tree, after the site's own plugins. */
  mdastPlugins: MdastPluginEntry[];
  /** Run on the HTML tree, after syntax highlighting and the site's own plugins, before heading ids. */
  hastPlugins: HastPluginEntry[];
  /** Parser features the docs need; the site's own settings win where it sets them. */
  features: Features;
  /** Run by Shiki on every highlighted code block. */
  shikiTransformers: ShikiTransformer[];
}

/** Mintlify's Markdown for a site with this docs.json. */
export function docsMarkdown(config: DocsJson | undefined): DocsMarkdown {
  // docs.json `styling.latex: false`: formulas are text (Mintlify only leaves out their styles).
  const math = config?.styling?.latex !== false;
  return {
    mdastPlugins: [mermaidDiagrams, latexElements, fileTreeLists, phrasingElementText],
    hastPlugins: [math ? mathFormulas : formulasAsText, stepTitleHeadings, headingAnchors, componentAnchors],
    features: { ...MINTLIFY_SYNTAX },
    shikiTransformers: [...codeBlockTransformers],
  };
}
