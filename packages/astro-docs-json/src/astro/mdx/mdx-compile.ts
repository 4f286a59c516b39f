/**
 * One MDX file compiled into the body of a function, with its headings, as Astro's MDX
 * integration would compile it into a module: the part of `mdx-pages.ts` that needs only
 * the file and the settings, so that it runs on the main thread and on the compiling
 * worker (`mdx-compile-worker.ts`) alike.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroConfig, MarkdownHeading } from 'astro';
import { satteriCreateHighlightFn, satteriHeadingIdsPlugin, satteriHighlightPlugin } from '@astrojs/markdown-satteri';
import { mdxToJs } from 'satteri';
import { bundledLanguages } from 'shiki';
import { declaredNames } from '../../core/markdown/forgiving-mdx.ts';
import { LISTED_HEADINGS, tableOfContents, type ListedHeading } from '../../core/html/heading-anchors.ts';
import type { PageContent } from '../../core/markdown/page-content.ts';
import { FRONTMATTER } from '../../core/markdown/frontmatter.ts';
import { codeBlockTransformers } from '../../core/html/code-blocks.ts';
import { isDocsImport, resolveImport } from '../../core/pages/references.ts';
import { frontmatterOf } from './markdown-pages.ts';
import type { CompiledMdx } from './build-context.ts';
import { functionBodySource, mdxModuleInput } from './mdx-module.ts';
import { memoizeHighlight, type HighlightFn } from './highlight-memo.ts';

export interface CacheEntry extends CompiledMdx {
  /** What each import of the docs folder resolved to: the output is stale when one changes. */
  resolved: Array<[specifier: string, target: string | null]>;
}

export interface SatteriOptions {
  mdastPlugins: unknown[];
  hastPlugins: unknown[];
  features: { gfm?: unknown; smartPunctuation?: unknown };
}

/** The settings of Astro's config that compiled MDX depends on. */
export type MdxSettings = SatteriOptions & Pick<AstroConfig['markdown'], 'syntaxHighlight' | 'shikiConfig' | 'gfm' | 'smartypants'>;

export class MdxCompilation {
  readonly docsDir: string;
  readonly settings: MdxSettings;
  /** The languages the site's code blocks name, loaded before any is highlighted. */
  readonly languages: readonly string[];
  highlight: ReturnType<typeof satteriCreateHighlightFn> | undefined;

  constructor(docsDir: string, settings: MdxSettings, languages: readonly string[]) {
    this.docsDir = docsDir;
    this.settings = settings;
    this.languages = languages;
  }

  /**
   * Shiki's highlighter, with every language of the site's code blocks loaded first. Shiki
   * highlights a language embedded in another (the YAML frontmatter of a ```md block) only
   * when that one is loaded: loaded as pages come, a block would come out otherwise after
   * one page than after another, and otherwise on this thread than on the compiling worker.
   */
  highlighter(): ReturnType<typeof satteriCreateHighlightFn> {
    const { syntaxHighlight, shikiConfig } = this.settings;
    this.highlight ??= satteriCreateHighlightFn(syntaxHighlight, shikiConfig).then(async (highlight) => {
      const aliases = shikiConfig.langAlias ?? {};
      const known = (lang: string) => lang in bundledLanguages || lang in aliases || (shikiConfig.langs ?? []).some((custom) => (custom as { name?: string }).name === lang);
      for (const lang of this.languages.filter(known)) await highlight?.('', lang, '');
      return highlight && runsOnlyOurTransformers(shikiConfig) ? (memoizeHighlight(highlight as HighlightFn) as typeof highlight) : highlight;
    });
    return this.highlight;
  }

  /** The file compiled into a function's body, with its headings, as Astro's MDX integration would compile it into a module. */
  async compile(file: string, text: string, key: string, content: PageContent | undefined): Promise<CacheEntry> {
    const { docsDir } = this;
    const input = mdxModuleInput(docsDir, file, text, { react: false, isReactModule: () => false }, content);
    const { source, imports } = functionBodySource(input);
    const { yaml, body } = splitForMdx(source);
    const frontmatter = frontmatterOf(yaml);
    const astro = { frontmatter, headings: [] as MarkdownHeading[], localImagePaths: new Set<string>(), remoteImagePaths: new Set<string>() };
    const result = await mdxToJs(body, {
      outputFormat: 'function-body',
      mdastPlugins: this.settings.mdastPlugins as never,
      hastPlugins: await this.hastPlugins(),
      features: this.mdxFeatures(),
      fileURL: pathToFileURL(path.join(docsDir, file)),
      jsxImportSource: 'astro',
      elementAttributeNameCase: 'html',
      data: { astro },
    });
    const declared = input.tree.children.flatMap((node) => (node.type === 'mdxjsEsm' ? declaredNames(node.value) : []));
    const resolved = input.content.references
      .filter((reference) => reference.kind === 'import' && isDocsImport(reference.url))
      .map(({ url }): [string, string | null] => [url, resolveImport(docsDir, file, url).file ?? null]);
    return {
      key,
      code: result.code,
      headings: listedHeadings(result.data as Record<string, unknown>),
      imports,
      ...(/\bfrontmatter\b/.test(source) && !declared.includes('frontmatter') ? { frontmatter } : {}),
      resolved,
    };
  }

  /** Shiki first, the site's own plugins, heading ids: in the order Astro's MDX integration runs them. */
  async hastPlugins(): Promise<never> {
    const { syntaxHighlight, hastPlugins } = this.settings;
    const highlighter = await this.highlighter();
    const excludeLangs = typeof syntaxHighlight === 'object' ? syntaxHighlight.excludeLangs : undefined;
    return [...(highlighter ? [satteriHighlightPlugin(highlighter, excludeLangs)] : []), ...hastPlugins, satteriHeadingIdsPlugin()] as never;
  }

  /** As Astro's MDX integration merges them: the site's Markdown settings win over the processor's booleans. */
  mdxFeatures(): never {
    const { features, gfm, smartypants } = this.settings;
    return {
      ...features,
      gfm: typeof features.gfm === 'object' ? features.gfm : (gfm ?? features.gfm ?? true) !== false,
      smartPunctuation: typeof features.smartPunctuation === 'object' ? features.smartPunctuation : (smartypants ?? features.smartPunctuation ?? true) !== false,
    } as never;
  }
}

/** Whether Shiki runs this package's transformers and no others: then a block's highlighting is a function of its code, language and meta. */
export function runsOnlyOurTransformers(shikiConfig: MdxSettings['shikiConfig']): boolean {
  const transformers = shikiConfig.transformers ?? [];
  return transformers.length === codeBlockTransformers.length && transformers.every((transformer) => codeBlockTransformers.includes(transformer));
}

/** The headings of the table of contents, as Mintlify lists them (`LISTED_HEADINGS`). */
function listedHeadings(data: Record<string, unknown>): MarkdownHeading[] {
  return tableOfContents((data.astro as { headings?: MarkdownHeading[] } | undefined)?.headings ?? [], data[LISTED_HEADINGS] as ListedHeading[] | undefined);
}

/** The frontmatter, and the rest with the frontmatter's lines left blank, as Astro's MDX integration reads a file: lines keep their numbers. */
function splitForMdx(source: string): { yaml?: string; body: string } {
  const match = FRONTMATTER.exec(source);
  if (!match) return { body: source };
  return { yaml: match[1] ?? '', body: match[0].replace(/[^\n]/g, ' ') + source.slice(match[0].length) };
}

