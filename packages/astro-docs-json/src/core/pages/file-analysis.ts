/**
 * A page or snippet file read and analysed: its content, frontmatter and problems, a
 * function of its name and text, kept between builds and shared between files of the same
 * text; on a second thread beside the calling one for a large site (`file-analyser.ts`).
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../diagnostics.ts';
import { nestingProblem, MAX_PAGE_BYTES, overLimit } from '../markdown/limits.ts';
import { analyzePageContent, isSnippetFile, NO_CONTENT, type PageContent } from '../markdown/page-content.ts';
import { diagramProblem, type DiagramProblem, type DiagramReader } from '../markdown/diagrams.ts';
import { replaceVariables, type Variables } from '../markdown/variables.ts';
import type { FileCache } from '../file-cache.ts';
import { showsTitle, type Frontmatter } from '../schema/frontmatter.ts';
import { OffThread } from '../off-thread.ts';
import { textDigest } from '../text-digest.ts';
import { parseFrontmatter } from './page-frontmatter.ts';

export interface AnalysisOptions {
  /** Analyses of files as a build before read them: a file whose text is the same is not analysed again. */
  analysisCache?: FileCache<FileAnalysis>;
  /**
   * The text digest of each file as a build before read it, by the file's identity (size,
   * times, and the variables replaced in it): a file whose identity is the same is not read
   * again to find its analysis. At 25,200 pages, reading them took a second of each start.
   */
  identityCache?: FileCache<string>;
  /** docs.json `variables`, replaced in every file before it is read (`replaceVariables`). */
  variables?: Variables;
  /**
   * What Mermaid said of each diagram a build before read, by the diagram's text digest
   * (`null`: it can be drawn): an edited page whose diagrams are as they were does not wait
   * for Mermaid to load (0.2 s of a rebuild).
   */
  diagramCache?: FileCache<DiagramProblem | null>;
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
export const FILES_AT_ONCE = 64;
/**
 * Files the thread may hold at once: nearly all those read. The calling thread reads every
 * file and does the rest of the site's loading, which leaves it little time to analyse; it
 * analyses a file itself when the thread has fallen this far behind. (At 25,200 pages, a
 * thread that held two at a time analysed one file in six, and loading took 25 s; holding
 * 56, it analyses three in four, and loading takes 12 to 16 s.)
 */
const THREAD_QUEUE = FILES_AT_ONCE - 8;

/** Where the machine has a core to spare, a thread that analyses files beside the calling one (`file-analyser.ts`). */
export function analysisThread(files: number, wanted: boolean | undefined): OffThread<AnalysisRequest, FileAnalysis> | undefined {
  if (!(wanted ?? (files >= FILES_FOR_A_THREAD && availableParallelism() > 1))) return undefined;
  return new OffThread(new URL(ANALYSER_MODULE, import.meta.url), analyzeText);
}

/**
 * Files a scan analyses here before it starts the thread. A scan that finds nearly every
 * file in the caches (a rebuild, a dev server's start) analyses the few that changed here,
 * instead of waiting for a thread to start for them (0.35 s of a rebuild of 10,000 pages).
 */
const FILES_BEFORE_THREAD = 32;

/** Analyses a file on the thread, unless it is busy or this scan has analysed few files yet: then here, so that both threads keep working. */
export function analyzer(thread: OffThread<AnalysisRequest, FileAnalysis> | undefined): (request: AnalysisRequest) => Promise<FileAnalysis> | FileAnalysis {
  let analysedHere = 0;
  return (request) => {
    if (thread && analysedHere >= FILES_BEFORE_THREAD && thread.pending < THREAD_QUEUE) return thread.ask(request);
    analysedHere++;
    return analyzeText(request);
  };
}

/** What one file holds, and its problems: a function of its name and text, so it can be kept between builds. */
export interface FileAnalysis {
  content: PageContent;
  /** A page's frontmatter; a snippet's is not read. */
  frontmatter: Frontmatter;
  diagnostics: Diagnostic[];
}

const variablesKeys = new WeakMap<Variables, string>();
/** docs.json `variables`, as part of a file's identity: new values are new texts. */
function variablesKey(variables: Variables | undefined): string {
  if (!variables) return '';
  let key = variablesKeys.get(variables);
  if (key === undefined) variablesKeys.set(variables, (key = textDigest(JSON.stringify(variables))));
  return key;
}

/**
 * A page or snippet file's content, frontmatter and problems. A file larger than a page may
 * be, or nesting deeper than the parser reads (`limits.ts`), is an error, and its content
 * is taken to be nothing. A text read before in this scan, by a file of the same kind (the
 * same page in another version of the site), is not analysed again (`sameText`).
 */
export async function readAndAnalyze(
  docsDir: string,
  file: string,
  page: boolean,
  { analysisCache: cache, identityCache, variables, readDiagram, analyze }: AnalysisOptions & { readDiagram: DiagramReader; analyze: (request: AnalysisRequest) => Promise<FileAnalysis> | FileAnalysis },
  sameText: Map<string, Promise<FileAnalysis>>,
): Promise<FileAnalysis> {
  const absolute = path.join(docsDir, file);
  // On this thread: through the thread pool, the stats of a large site's files cost ten times as much (0.25 s at 10,000 pages).
  const stats = statSync(absolute);
  const { size } = stats;
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
  const identity = identityCache && `${size}:${stats.mtimeMs}:${stats.ctimeMs}:${variablesKey(variables)}`;
  const known = identity && identityCache.get(file, identity);
  const unread = known ? cache?.get(file, known) : undefined;
  if (unread) return unread;
  // The text as every reader of the file reads it: its digest changes with the variables it uses.
  const source = replaceVariables(await readFile(absolute, 'utf8'), variables);
  const digest = textDigest(source);
  if (identity) identityCache.set(file, identity, digest);
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
