/**
 * The page files of a docs folder and their frontmatter. Every `.mdx`/`.md` file is a
 * page, listed in the navigation or not, except snippets, dependencies, dot-folders
 * and repository files such as README. Each file is read and analysed by `file-analysis.ts`.
 */
import path from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import { isSnippetFile, type PageContent } from '../markdown/page-content.ts';
import { DiagramThread } from '../markdown/diagram-thread.ts';
import { rememberedReads } from '../markdown/diagrams.ts';
import type { ChannelTarget, GraphqlTarget, OperationTarget } from '../paths/page-path.ts';
import type { Frontmatter } from '../schema/frontmatter.ts';
import { normalizePagePath, pageUrl, PAGE_EXTENSIONS } from '../paths/page-path.ts';
import { walkDocsFolder } from './walk.ts';
import { mapBounded } from '../map-bounded.ts';
import { analysisThread, analyzer, FILES_AT_ONCE, readAndAnalyze, type AnalysisOptions, type FileAnalysis } from './file-analysis.ts';

export interface PageFile {
  /** Relative to the docs folder, with `/` separators: `guides/intro.mdx`. */
  file: string;
  /** The page path docs.json uses: `guides/intro`. */
  page: string;
  url: string;
  frontmatter: Frontmatter;
  /**
   * README, LICENSE and CONTRIBUTING files describe the repository, and the root
   * `skill.md` is for agents: they become pages only when the navigation lists them.
   */
  listedOnly: boolean;
  /** What the file holds: whether it is plain Markdown, the components and icons it uses. */
  content: PageContent;
  /**
   * The OpenAPI operation the page renders: the whole page for generated pages (whose
   * `file` is then `<spec> <METHOD> <path>`), or below the content for an MDX page with
   * `openapi` in its frontmatter.
   */
  operation?: OperationTarget;
  /**
   * The AsyncAPI channel the page renders: the whole page for generated pages (whose
   * `file` is then `<document> channel <id>`), or below the content (frontmatter `asyncapi`).
   */
  channel?: ChannelTarget;
  /** The GraphQL operation or type a generated page shows (its `file` is then `<schema> <kind> <name>`). */
  graphql?: GraphqlTarget;
  /**
   * The SDK reference the page shows (`core/sdk/`): the whole page for generated pages (whose
   * `file` is then the label), or below the content for a page with `sdk` frontmatter.
   */
  sdk?: SdkReference;
}

/** An SDK reference a page shows: its artifact's path, and the label its Markdown is found by. */
export interface SdkReference {
  source: string;
  label: string;
}

export interface ScanOptions extends AnalysisOptions {
  /** Folders, relative to the docs folder, that hold no pages (Astro's output, say). */
  exclude?: readonly string[];
  /**
   * Analyse the files on a second thread too (`file-analyser.ts`); without it, where the
   * machine has more than one core and the scan 5,000 files or more. The result is the same.
   */
  analysisThread?: boolean;
}

/** Folders skipped wherever they are: dependencies, and dot-folders such as `.git`. */
const SKIPPED_FOLDERS = new Set(['node_modules']);
const REPOSITORY_FILES = /^(readme|license|licence|contributing|code_of_conduct)$/i;

/** A snippet: an MDX or Markdown file under `snippets/`, which pages import; not a page itself. */
export interface SnippetFile {
  file: string;
  content: PageContent;
}

export async function scanPageFiles(
  docsDir: string,
  options: ScanOptions = {},
): Promise<{ pages: PageFile[]; snippets: SnippetFile[]; diagnostics: Diagnostic[] }> {
  const excluded = new Set((options.exclude ?? []).map((folder) => normalizePagePath(folder)));
  const isPageFile = (name: string) => PAGE_EXTENSIONS.some((extension) => name.toLowerCase().endsWith(extension));
  const { files: found, outsideLinks } = await walkDocsFolder(docsDir, {
    skipFolder: (relative, name) => SKIPPED_FOLDERS.has(name) || excluded.has(relative),
    wanted: (_, name) => isPageFile(name),
  });
  const files = found.filter((file) => !isSnippetFile(file));
  const snippetFiles = found.filter(isSnippetFile);

  const diagnostics: Diagnostic[] = outsideLinks
    // Those that would have been a page or a folder. Images, snippets and specs are named
    // where a page or docs.json refers to them.
    .filter((link) => (isPageFile(link) && !isSnippetFile(link)) || !path.posix.basename(link).includes('.'))
    .map((link) => ({
      severity: 'warning',
      code: 'outside-docs',
      file: link,
      message: `\`${link}\` is a symbolic link that leads out of the docs folder: it is neither read nor published.`,
      hint: 'Put the file or folder itself in the docs folder.',
    }));
  const sameText = new Map<string, Promise<FileAnalysis>>();
  const diagrams = new DiagramThread();
  const analyser = analysisThread(found.length, options.analysisThread);
  // The other core is idle while a site small enough to load on this thread alone loads.
  if (!analyser && found.length > 0) diagrams.warmUp();
  const reading = { ...options, readDiagram: rememberedReads(diagrams.read, options.diagramCache), analyze: analyzer(analyser) };
  const analyze = (file: string, page: boolean) => readAndAnalyze(docsDir, file, page, reading, sameText);
  // Mermaid reads the diagrams on a thread of its own, and a large site's files are analysed on one beside this.
  try {
    const snippets = await mapBounded(snippetFiles, FILES_AT_ONCE, (file) => analyze(file, false));
    const pages = await mapBounded(files, FILES_AT_ONCE, (file) => analyze(file, true));
    // In the order of the files, whichever thread analysed them first.
    for (const analysis of [...snippets, ...pages]) diagnostics.push(...analysis.diagnostics);
    return {
      pages: pages.map(({ content, frontmatter }, index): PageFile => {
        const file = files[index]!;
        const page = normalizePagePath(file);
        return {
          file,
          page,
          url: pageUrl(page),
          frontmatter,
          // The root `skill.md` is the docs' agent skill, published as it is at `/skill.md` (`discovery/skills.ts`).
          listedOnly: REPOSITORY_FILES.test(page.slice(page.lastIndexOf('/') + 1)) || file === 'skill.md',
          content,
        };
      }),
      snippets: snippets.map(({ content }, index) => ({ file: snippetFiles[index]!, content })),
      diagnostics,
    };
  } finally {
    await Promise.all([diagrams.close(), analyser?.close()]);
  }
}
