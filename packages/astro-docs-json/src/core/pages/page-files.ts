/**
 * The page files of a docs folder and their frontmatter. Every `.mdx`/`.md` file is a
 * page, listed in the navigation or not, except snippets, dependencies, dot-folders
 * and repository files such as README.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as z from 'zod';
import { formatJsonPath, type Diagnostic } from '../diagnostics.ts';
import { splitFrontmatter } from '../markdown/frontmatter.ts';
import { MAX_ALIAS_COUNT, readFrontmatterYaml, type NotStrictYaml, type UnreadYaml } from '../markdown/frontmatter-yaml.ts';
import { MAX_FRONTMATTER_BYTES, MAX_PAGE_BYTES, nestingProblem, overLimit } from '../markdown/limits.ts';
import type { FileCache } from '../file-cache.ts';
import { analyzePageContent, isSnippetFile, NO_CONTENT, type PageContent } from '../markdown/page-content.ts';
import { diagramProblem, type DiagramReader } from '../markdown/diagrams.ts';
import { DiagramThread } from '../markdown/diagram-thread.ts';
import { replaceVariables, type Variables } from '../markdown/variables.ts';
import type { OperationTarget } from '../paths/page-path.ts';
import { frontmatterSchema, showsTitle, type Frontmatter } from '../schema/frontmatter.ts';
import { normalizePagePath, pageUrl, PAGE_EXTENSIONS } from '../paths/page-path.ts';
import { walkDocsFolder } from './walk.ts';
import { mapBounded } from '../map-bounded.ts';
import { OffThread } from '../off-thread.ts';

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
}

export interface ScanOptions {
  /** Folders, relative to the docs folder, that hold no pages (Astro's output, say). */
  exclude?: readonly string[];
  /** Analyses of files as a build before read them: a file whose text is the same is not analysed again. */
  analysisCache?: FileCache<FileAnalysis>;
  /** docs.json `variables`, replaced in every file before it is read (`replaceVariables`). */
  variables?: Variables;
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
  const analyze = (file: string, page: boolean) => readAndAnalyze(docsDir, file, page, { ...options, readDiagram: diagrams.read, analyze: analyzer(analyser) }, sameText);
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

/** A file to analyse: its name, its text, and whether it is a page (a snippet's frontmatter is not read). */
export interface AnalysisRequest {
  file: string;
  source: string;
  page: boolean;
}

/** The analysis thread's module, by a name that a bundler does not follow (`diagram-thread.ts`). */
const ANALYSER_MODULE = `./file-analyser${path.extname(fileURLToPath(import.meta.url))}`;
/**
 * A scan of fewer files analyses them all on the calling thread. On 2 cores, the thread made
 * loading slower at 1,000 and 3,000 pages (by 0.2 to 1 s: Mermaid's thread holds the second
 * core while it reads their diagrams, and this one takes 0.3 s to start), left 6,000 as it
 * was, and made loading faster at 7,200 pages in 40 versions and languages (by 1.5 to 2 s)
 * and at 25,200 pages (by about 10 s).
 */
const FILES_FOR_A_THREAD = 5_000;
/** Files read at once. */
const FILES_AT_ONCE = 64;
/**
 * Files the thread may hold at once: nearly all those read. The calling thread reads every
 * file and does the rest of the site's loading, which leaves it little time to analyse; it
 * analyses a file itself when the thread has fallen this far behind. (At 25,200 pages, a
 * thread that held two at a time analysed one file in six, and loading took 25 s; holding
 * 56, it analyses three in four, and loading takes 12 to 16 s.)
 */
const THREAD_QUEUE = FILES_AT_ONCE - 8;

/** Where the machine has a core to spare, a thread that analyses files beside the calling one (`file-analyser.ts`). */
function analysisThread(files: number, wanted: boolean | undefined): OffThread<AnalysisRequest, FileAnalysis> | undefined {
  if (!(wanted ?? (files >= FILES_FOR_A_THREAD && availableParallelism() > 1))) return undefined;
  return new OffThread(new URL(ANALYSER_MODULE, import.meta.url), analyzeText);
}

/** Analyses a file on the thread, unless it is busy: then here, so that both threads keep working. */
function analyzer(thread: OffThread<AnalysisRequest, FileAnalysis> | undefined): (request: AnalysisRequest) => Promise<FileAnalysis> | FileAnalysis {
  return (request) => (thread && thread.pending < THREAD_QUEUE ? thread.ask(request) : analyzeText(request));
}

/** The digest of a page's text (`PageContent.digest`), by which caches know it. */
export function textDigest(source: string): string {
  return createHash('sha256').update(source).digest('base64url').slice(0, 22);
}

/** What one file holds, and its problems: a function of its name and text, so it can be kept between builds. */
export interface FileAnalysis {
  content: PageContent;
  /** A page's frontmatter; a snippet's is not read. */
  frontmatter: Frontmatter;
  diagnostics: Diagnostic[];
}

/**
 * A page or snippet file's content, frontmatter and problems. A file larger than a page may
 * be, or nesting deeper than the parser reads (`limits.ts`), is an error, and its content
 * is taken to be nothing. A text read before in this scan, by a file of the same kind (the
 * same page in another version of the site), is not analysed again (`sameText`).
 */
async function readAndAnalyze(
  docsDir: string,
  file: string,
  page: boolean,
  { analysisCache: cache, variables, readDiagram, analyze }: ScanOptions & { readDiagram: DiagramReader; analyze: (request: AnalysisRequest) => Promise<FileAnalysis> | FileAnalysis },
  sameText: Map<string, Promise<FileAnalysis>>,
): Promise<FileAnalysis> {
  const absolute = path.join(docsDir, file);
  const { size } = await stat(absolute);
  if (size > MAX_PAGE_BYTES) {
    const diagnostic: Diagnostic = {
      severity: 'error',
      code: 'too-large',
      file,
      message: `${overLimit('The file', size, MAX_PAGE_BYTES)} a page may be: it is not read.`,
      hint: 'Split it into pages; a file this large is generated, or data rather than a page.',
    };
    return { content: NO_CONTENT, frontmatter: {}, diagnostics: [diagnostic] };
  }
  // The text as every reader of the file reads it: its digest changes with the variables it uses.
  const source = replaceVariables(await readFile(absolute, 'utf8'), variables);
  const digest = textDigest(source);
  const cached = cache?.get(file, digest);
  if (cached) return cached;
  const kind = `${digest}:${page}:${isSnippetFile(file)}:${/\.md$/i.test(file)}`;
  const same = sameText.get(kind);
  let analysis: FileAnalysis;
  if (same) analysis = analysisFor(await same, file);
  else {
    const analysing = (async () => {
      const fresh = await analyze({ file, source, page });
      return { ...fresh, content: { ...(await withDiagramsRead(fresh.content, readDiagram)), digest } };
    })();
    sameText.set(kind, analysing);
    analysis = await analysing;
  }
  cache?.set(file, digest, analysis);
  return analysis;
}

/** Another file's analysis of the same text, as this file's: its own copy, its problems under its name. */
function analysisFor(same: FileAnalysis, file: string): FileAnalysis {
  return { content: structuredClone(same.content), frontmatter: structuredClone(same.frontmatter), diagnostics: same.diagnostics.map((diagnostic) => ({ ...diagnostic, file })) };
}

/** The content with its diagrams read by Mermaid: those it cannot draw are problems at their line. */
async function withDiagramsRead(content: PageContent, readDiagram: DiagramReader): Promise<PageContent> {
  if (!content.diagrams?.unread) return content;
  const { count, problems, unread } = content.diagrams;
  const found = [...problems];
  for (const { line, text } of unread) {
    const problem = await diagramProblem(text, readDiagram);
    if (!problem) continue;
    // The text's lines follow the fence's; Mermaid counts the end of the text as one more.
    const within = Math.min(problem.line ?? 0, text.split('\n').length);
    found.push({ line: line + within, message: `Mermaid cannot draw this diagram: ${problem.message}` });
  }
  return { ...content, diagrams: { count, problems: found.sort((a, b) => a.line - b.line) } };
}

export function analyzeText({ file, source, page }: AnalysisRequest): FileAnalysis {
  const { frontmatter, diagnostics } = page ? parseFrontmatter(file, source) : { frontmatter: {}, diagnostics: [] };
  const problem = nestingProblem(source);
  if (!problem) return { content: analyzePageContent(file, source, page ? showsTitle(frontmatter) : undefined), frontmatter, diagnostics };
  diagnostics.push({ severity: 'error', code: problem.code, file, line: problem.line, column: problem.column, message: `${problem.message}: it is not read.`, hint: problem.hint });
  return { content: NO_CONTENT, frontmatter, diagnostics };
}

/**
 * Reads a page's frontmatter. Bad YAML is an error with its line; a known key with a
 * value of the wrong type is a warning, and the key is ignored.
 */
export function parseFrontmatter(file: string, source: string): { frontmatter: Frontmatter; diagnostics: Diagnostic[] } {
  const { yaml } = splitFrontmatter(source);
  if (yaml === undefined || yaml.trim() === '') return { frontmatter: {}, diagnostics: [] };
  let read = frontmatterByText.get(yaml);
  if (!read) {
    read = readFrontmatter(file, yaml);
    if (frontmatterByText.size >= FRONTMATTER_KEPT) frontmatterByText.delete(frontmatterByText.keys().next().value!);
    frontmatterByText.set(yaml, read);
  }
  // Each page its own copy, and its own file in its problems.
  return { frontmatter: structuredClone(read.frontmatter), diagnostics: read.diagnostics.map((diagnostic) => ({ ...diagnostic, file })) };
}

/**
 * Frontmatters read, by their text: the same page in each version and language of a site
 * has the same one, and YAML is read slowly (at 25,200 pages, 2.8 s of loading). Up to
 * `FRONTMATTER_KEPT` of them, the oldest forgotten first.
 */
const frontmatterByText = new Map<string, { frontmatter: Frontmatter; diagnostics: Diagnostic[] }>();
const FRONTMATTER_KEPT = 20_000;

function readFrontmatter(file: string, yaml: string): { frontmatter: Frontmatter; diagnostics: Diagnostic[] } {
  const bytes = Buffer.byteLength(yaml);
  if (bytes > MAX_FRONTMATTER_BYTES) {
    return {
      frontmatter: {},
      diagnostics: [
        {
          severity: 'error',
          code: 'too-large',
          file,
          line: 1,
          message: `${overLimit('The frontmatter', bytes, MAX_FRONTMATTER_BYTES)} it may be: it is not read.`,
          hint: 'Frontmatter holds a page\'s title, description and settings; move data into the page, or into a file of its own.',
        },
      ],
    };
  }

  const read = readFrontmatterYaml(yaml);
  if ('error' in read) return { frontmatter: {}, diagnostics: [unreadFrontmatter(file, read)] };
  const { data, notStrict } = read;
  const diagnostics: Diagnostic[] = notStrict ? [notStrictFrontmatter(file, notStrict)] : [];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      frontmatter: {},
      diagnostics: [
        ...diagnostics,
        { severity: 'warning', code: 'invalid-frontmatter', file, line: 2, message: 'The frontmatter is not a set of `key: value` pairs; it is ignored.' },
      ],
    };
  }

  const record = { ...(data as Record<string, unknown>) };
  const result = frontmatterSchema.safeParse(record);
  if (result.success) return { frontmatter: result.data, diagnostics };
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    // A key is reported once, by its first problem: a list may hold several bad items.
    if (!Object.hasOwn(record, key)) continue;
    diagnostics.push({
      severity: 'warning',
      code: 'invalid-frontmatter',
      file,
      message: `The frontmatter's \`${key}\` is ${JSON.stringify(record[key])}, which is not a valid value; it is ignored.`,
      hint: frontmatterHint(issue),
    });
    delete record[key];
  }
  return { frontmatter: frontmatterSchema.parse(record), diagnostics };
}

/** What a frontmatter value takes, for the field that is wrong (`keywords[1]` in a list). */
function frontmatterHint(issue: z.core.$ZodIssue): string {
  const types = expectedTypes(issue);
  if (!types) return issue.message;
  const field = formatJsonPath(issue.path.map((part) => (typeof part === 'number' ? part : String(part))));
  return `\`${field}\` takes ${types.map((type) => (type === 'boolean' ? '`true` or `false`' : `a ${type}`)).join(' or ')}.`;
}

/** The types a value is not: one, or each a union may be read from (a title from a string or a number). */
function expectedTypes(issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code === 'invalid_type') return [issue.expected];
  if (issue.code !== 'invalid_union') return undefined;
  const types = issue.errors.map(([only, ...more]) => (only?.code === 'invalid_type' && only.path.length === 0 && more.length === 0 ? only.expected : undefined));
  return types.every((type) => type !== undefined) ? types : undefined;
}

/** A frontmatter that neither strict YAML nor Mintlify's reading takes, or whose aliases copy too much: an error at its line. */
function unreadFrontmatter(file: string, { error, position, aliases }: UnreadYaml): Diagnostic {
  return {
    severity: 'error',
    code: 'invalid-frontmatter',
    file,
    ...(position ? { line: position.line + 1, column: position.col } : {}),
    message: `The frontmatter is not valid YAML: ${error.split('\n')[0]}`,
    hint: aliases
      ? `Aliases (\`*name\`) may be used up to ${MAX_ALIAS_COUNT} times, counting those inside what an alias copies.`
      : 'Quote values that contain `:` or start with a special character, e.g. title: "Setup: step 1".',
  };
}

/** A frontmatter that strict YAML refuses and Mintlify reads: read as Mintlify does, with a warning at the line strict YAML stops at. */
function notStrictFrontmatter(file: string, { message, position }: NotStrictYaml): Diagnostic {
  return {
    severity: 'warning',
    code: 'lenient-frontmatter',
    file,
    ...(position ? { line: position.line + 1, column: position.col } : {}),
    message: `The frontmatter is not strict YAML (${message}); it is read as Mintlify reads it.`,
    hint: 'Most often a quoted value or a `[...]` list goes on over lines indented no further than its key: indent those lines under the key, or write the value on one line, so that every YAML reader (editors, linters, other tools) takes it.',
  };
}
