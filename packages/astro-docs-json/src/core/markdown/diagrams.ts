/**
 * Mermaid diagrams as Mintlify reads them: a ```` ```mermaid ```` code block, with
 * `placement` and `actions` in its meta (where its zoom and pan controls sit, and whether
 * they show), and whether the diagram's text is one Mermaid can draw.
 *
 * Mermaid draws in the browser only (it measures text in a DOM), but its parsers run in
 * Node: the build reads each diagram once with them, so that one that cannot be drawn is a
 * warning with its page and line, not a surprise for a reader. Mermaid is loaded for that
 * only when a file holds a diagram that the build has not read before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FileCache } from '../file-cache.ts';
import { textDigest } from '../text-digest.ts';

export const DIAGRAM_PLACEMENTS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export type DiagramPlacement = (typeof DIAGRAM_PLACEMENTS)[number];
export const DEFAULT_PLACEMENT: DiagramPlacement = 'bottom-right';

export interface DiagramOptions {
  /** Where the controls sit; `bottom-right` unless the meta names one of the four corners. */
  placement: DiagramPlacement;
  /** Controls shown (`true`) or not (`false`); unset, they show on a diagram taller than 120 px. */
  actions?: boolean;
  /** A `placement` that is none of the four corners, as written. */
  unknownPlacement?: string;
}

/** `key="value"`, `key='value'`, `key={value}`, `key=value`, or a bare `key`. */
const META_OPTION = /([A-Za-z][\w-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|\{([^}]*)\}|([^\s"'{}]+)))?/g;

/** The meta of a ```` ```mermaid ```` block (`placement="top-left" actions={false}`); keys in any case, the last one wins. */
export function diagramOptions(meta: string | null | undefined): DiagramOptions {
  let placement: string | undefined;
  let actions: boolean | undefined;
  for (const match of (meta ?? '').matchAll(META_OPTION)) {
    const key = match[1]!.toLowerCase();
    const value = match[2] ?? match[3] ?? match[4] ?? match[5];
    if (key === 'placement' && value !== undefined) placement = value.trim();
    if (key === 'actions') {
      const flag = value === undefined ? 'true' : value.trim().toLowerCase();
      if (flag === 'true' || flag === 'false') actions = flag === 'true';
    }
  }
  const known = DIAGRAM_PLACEMENTS.find((corner) => corner === placement);
  return {
    placement: known ?? DEFAULT_PLACEMENT,
    ...(actions !== undefined ? { actions } : {}),
    ...(placement !== undefined && !known ? { unknownPlacement: placement } : {}),
  };
}

/** Why a diagram cannot be drawn, and on which of its lines when Mermaid says. */
export interface DiagramProblem {
  message: string;
  /** 1-based, in the diagram's text. */
  line?: number;
}

interface MermaidParser {
  /** Reads a diagram with its type's parser. (`mermaid.parse` also works out the drawing's settings each time, which doubles the cost.) */
  getDiagramFromText(text: string): Promise<unknown>;
}

let mermaid: Promise<MermaidParser> | undefined;

/**
 * What Mermaid said of each diagram text read lately: a diagram that recurs (the same page
 * in each version of a site) is read once. Reading one takes Mermaid some milliseconds: on
 * a site of 35 versions, most of its loading.
 */
const read = new Map<string, Promise<DiagramProblem | undefined>>();
const MAX_READ = 5_000;

/** What reads a diagram: Mermaid on this thread (`readDiagram`), or on a thread of its own (`DiagramThread`). */
export type DiagramReader = (text: string) => Promise<DiagramProblem | undefined>;

/** Why Mermaid cannot draw `text`, or nothing when it can; read by `reader` unless read lately. */
export function diagramProblem(text: string, reader: DiagramReader = readDiagram): Promise<DiagramProblem | undefined> {
  let problem = read.get(text);
  if (!problem) {
    if (read.size >= MAX_READ) read.delete(read.keys().next().value!);
    problem = reader(text);
    read.set(text, problem);
  }
  return problem;
}

/** `reader`, answering from `cache` what a build before read (by the text's digest). */
export function rememberedReads(reader: DiagramReader, cache: FileCache<DiagramProblem | null> | undefined): DiagramReader {
  if (!cache) return reader;
  return async (text) => {
    const digest = textDigest(text);
    const known = cache.get(digest, digest);
    if (known !== undefined) return known ?? undefined;
    const problem = await reader(text);
    cache.set(digest, digest, problem ?? null);
    return problem;
  };
}

/** Mermaid's reading of `text`, on this thread. */
export async function readDiagram(text: string): Promise<DiagramProblem | undefined> {
  const parser = await (mermaid ??= loadMermaid());
  try {
    await parser.getDiagramFromText(text);
    return undefined;
  } catch (error) {
    return diagramError(error);
  }
}

/** Mermaid's message on one line, without its excerpt of the text (the warning gives the line). */
function diagramError(error: unknown): DiagramProblem {
  const raw = error instanceof Error ? error.message : String(error);
  const lineMatch = /\bline (\d+)/i.exec(raw);
  const [first = '', ...rest] = raw.split('\n');
  // Jison's messages: "Parse error on line 3:", an excerpt, a caret line, then what it expected.
  const expected = rest.find((line) => /^Expecting /.test(line));
  const message = `${first.replace(/^Parsing failed:\s*/, '').replace(/:$/, '')}${expected ? `: ${expected}` : ''}`.replace(/\s+/g, ' ').trim();
  return { message: message.length > 300 ? `${message.slice(0, 297)}…` : message, ...(lineMatch ? { line: Number(lineMatch[1]) } : {}) };
}

/**
 * Mermaid in Node, to parse. It sanitizes labels with DOMPurify as it reads some diagrams
 * (pie charts, mind maps, class diagrams), and DOMPurify without a DOM has no methods at
 * all: here, where nothing is drawn and nothing is shown, sanitizing is given as the
 * identity, on the copy of DOMPurify that Mermaid imports.
 */
async function loadMermaid(): Promise<MermaidParser> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('mermaid');
  const purify = (await import(pathToFileURL(esmEntry(createRequire(entry).resolve('dompurify'))).href)) as { default: Record<string, unknown> };
  const instance = purify.default;
  if (typeof instance.sanitize !== 'function') {
    Object.assign(instance, { sanitize: (text: unknown) => String(text), addHook: () => {}, removeHook: () => {}, removeHooks: () => {}, removeAllHooks: () => {} });
  }
  // By its file, which the bundler does not follow: the routes reach this module, and bundling
  // Mermaid into them would cost every build with a diagram some 400 MB and seconds, for code
  // that only the integration runs.
  const module = (await import(pathToFileURL(esmEntry(entry)).href)) as { default: { initialize(config: object): void; mermaidAPI: MermaidParser } };
  module.default.initialize({ startOnLoad: false, securityLevel: 'strict' });
  return module.default.mermaidAPI;
}

/** The ES module of the package that `resolved` (its CommonJS entry) belongs to: ES and CommonJS copies of a package are two instances. */
function esmEntry(resolved: string): string {
  let dir = path.dirname(resolved);
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown>; module?: string };
  const main = manifest.exports?.['.'] as { import?: string | { default?: string } } | undefined;
  const target = typeof main?.import === 'string' ? main.import : (main?.import?.default ?? manifest.module);
  return target ? path.join(dir, target) : resolved;
}
