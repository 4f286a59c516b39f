/**
 * `mdx/`: how a page's file becomes its content: MDX compiled from its source (this module,
 * `mdx-module.ts`; run by the route with `mdx-content.ts`, handed over by `build-context.ts`),
 * and plain Markdown rendered from its source (`markdown-pages.ts`).
 *
 * MDX pages rendered from their source when their route is rendered (`render-path.ts`
 * says which), not compiled into a module each: the bundler holds every module of the
 * site in memory until it is done, which a site of tens of thousands of pages cannot
 * afford. Each file is compiled here, with what the site's MDX integration would use (the
 * Markdown processor's plugins and features, Shiki, heading ids) and what Mintlify provides
 * around it (`functionBodySource`), into the body of a function that the page's route runs
 * (`mdx-content.ts`).
 *
 * Compiled files are kept on disk by their content and everything else their output
 * depends on (this package's code that shapes it, the site's settings, what their imports
 * resolve to), so a build after changing one page compiles one page. After a complete
 * build, the cache keeps the entries of the files as they are, and nothing else.
 *
 * It runs in the integration, and is handed to the routes on `globalThis` (`build-context.ts`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroConfig, MarkdownHeading } from 'astro';
import { satteriCreateHighlightFn, satteriHeadingIdsPlugin, satteriHighlightPlugin } from '@astrojs/markdown-satteri';
import { mdxToJs } from 'satteri';
import { declaredNames } from '../../core/markdown/forgiving-mdx.ts';
import { LISTED_HEADINGS, tableOfContents, type ListedHeading } from '../../core/html/heading-anchors.ts';
import type { PageContent } from '../../core/markdown/page-content.ts';
import { FRONTMATTER } from '../../core/markdown/frontmatter.ts';
import { replaceVariables, type Variables } from '../../core/markdown/variables.ts';
import { isDocsImport, resolveImport } from '../../core/pages/references.ts';
import { textDigest } from '../../core/pages/page-files.ts';
import { digestOfCode } from '../build/code-digest.ts';
import { frontmatterOf } from './markdown-pages.ts';
import type { CompiledMdx, MdxCompiler } from './build-context.ts';
import { functionBodySource, mdxModuleInput } from './mdx-module.ts';

interface CacheEntry extends CompiledMdx {
  /** What each import of the docs folder resolved to: the output is stale when one changes. */
  resolved: Array<[specifier: string, target: string | null]>;
}

/** The package's files whose code shapes compiled MDX: a change to one of them is a change of output. */
const SHAPING_CODE = ['core/markdown/', 'core/html/', 'astro/mdx/', '../package.json'];

interface SatteriOptions {
  mdastPlugins: unknown[];
  hastPlugins: unknown[];
  features: { gfm?: unknown; smartPunctuation?: unknown };
}

/** What compiling a file reads besides the file: what loading the site found in it, and docs.json `variables`. */
export interface SiteText {
  /** What loading the site found in a file, so that compiling it need not analyse it again. */
  contentOf(file: string): PageContent | undefined;
  /** docs.json `variables` as the site has them now, replaced in each file before it is compiled. */
  variables(): Variables | undefined;
}

/** Called by the integration once Astro's config is final, for each build. */
export function createMdxCompiler(config: AstroConfig, docsDir: string, site: SiteText): MdxCompiler {
  return new MdxFromSource(config, docsDir, site);
}

/** The settings of Astro's config that compiled MDX depends on. */
type MdxSettings = SatteriOptions & Pick<AstroConfig['markdown'], 'syntaxHighlight' | 'shikiConfig' | 'gfm' | 'smartypants'>;

class MdxFromSource implements MdxCompiler {
  readonly docsDir: string;
  readonly site: SiteText;
  readonly cacheDir: string;
  readonly settings: MdxSettings;
  /** Part of every entry's key: the same code and settings, the same output. */
  readonly settingsKey: string;
  highlight: ReturnType<typeof satteriCreateHighlightFn> | undefined;
  /** Compiles under way, by key: pages rendered at once that import one snippet compile it once. */
  readonly pending = new Map<string, Promise<CacheEntry>>();
  /** Entries being written to the cache: the pages render on meanwhile, and a complete build waits for them (`prune`). */
  readonly writing = new Set<Promise<void>>();
  cacheFolder: Promise<unknown> | undefined;

  constructor(config: AstroConfig, docsDir: string, site: SiteText) {
    this.docsDir = docsDir;
    this.site = site;
    this.cacheDir = fileURLToPath(new URL('astro-docs-json/mdx/', config.cacheDir));
    const processor = config.markdown.processor as unknown as { options: SatteriOptions };
    const { mdastPlugins, hastPlugins, features } = processor.options;
    const { syntaxHighlight, shikiConfig, gfm, smartypants } = config.markdown;
    this.settings = { mdastPlugins, hastPlugins, features, syntaxHighlight, shikiConfig, gfm, smartypants };
    this.settingsKey = hash(codeHash(), JSON.stringify(this.settings, (_, value: unknown) => (typeof value === 'function' ? String(value) : value)));
  }

  async compile(file: string): Promise<CacheEntry> {
    // Keyed by the text compiled, variables replaced: a change of a variable is a change of the pages that use it.
    const text = replaceVariables(await readFile(path.join(this.docsDir, file), 'utf8'), this.site.variables());
    const key = hash(this.settingsKey, file, textDigest(text));
    let entry = this.pending.get(key);
    if (!entry) {
      entry = this.cachedOrFresh(file, text, key).finally(() => this.pending.delete(key));
      this.pending.set(key, entry);
    }
    return entry;
  }

  async prune(files: ReadonlyArray<{ file: string; digest: string }>): Promise<void> {
    await Promise.all(this.writing);
    // By the files as they are, not by what this build compiled: pages that Astro's
    // incremental build reused were not compiled, and their entries are still current.
    const current = new Set(files.map(({ file, digest }) => hash(this.settingsKey, file, digest)));
    const entries = await readdir(this.cacheDir).catch(() => [] as string[]);
    await Promise.all(entries.filter((name) => !current.has(name.replace(/\.json$/, ''))).map((name) => rm(path.join(this.cacheDir, name), { force: true })));
  }

  async cachedOrFresh(file: string, text: string, key: string): Promise<CacheEntry> {
    const cached = await readEntry(this.cacheDir, key);
    if (cached && cached.resolved.every(([specifier, target]) => (resolveImport(this.docsDir, file, specifier).file ?? null) === target)) return cached;
    const entry = await this.compileFresh(file, text, key);
    this.keep(entry);
    return entry;
  }

  /** Writes the entry to the cache beside the rendering, into a folder made once per build. */
  keep(entry: CacheEntry): void {
    const folder = (this.cacheFolder ??= mkdir(this.cacheDir, { recursive: true }).catch(() => undefined));
    const written: Promise<void> = folder.then(() => writeEntry(this.cacheDir, entry)).finally(() => this.writing.delete(written));
    this.writing.add(written);
  }

  /** The file compiled into a function's body, with its headings, as Astro's MDX integration would compile it into a module. */
  async compileFresh(file: string, text: string, key: string): Promise<CacheEntry> {
    const { docsDir } = this;
    const input = mdxModuleInput(docsDir, file, text, { react: false, isReactModule: () => false }, this.site.contentOf(file));
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
    const { syntaxHighlight, shikiConfig, hastPlugins } = this.settings;
    const highlighter = await (this.highlight ??= satteriCreateHighlightFn(syntaxHighlight, shikiConfig));
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

function hash(...parts: Array<string | Buffer>): string {
  const digest = createHash('sha256');
  for (const part of parts) digest.update(part).update('\0');
  return digest.digest('hex').slice(0, 40);
}

/** A digest of the package's code that shapes compiled MDX (`SHAPING_CODE`), and the pages rendered from their source. */
export function codeHash(): string {
  return digestOfCode(SHAPING_CODE);
}

async function readEntry(cacheDir: string, key: string): Promise<CacheEntry | undefined> {
  try {
    return JSON.parse(await readFile(path.join(cacheDir, `${key}.json`), 'utf8')) as CacheEntry;
  } catch {
    return undefined; // not there, or a write cut short: compiled again
  }
}

/**
 * Written whole or not at all: a build stopped halfway leaves no half entry. A cache that
 * cannot be written (a read-only folder) only costs the next build its time.
 */
async function writeEntry(cacheDir: string, entry: CacheEntry): Promise<void> {
  const file = path.join(cacheDir, `${entry.key}.json`);
  const temporary = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    await writeFile(temporary, JSON.stringify(entry));
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true });
  }
}
