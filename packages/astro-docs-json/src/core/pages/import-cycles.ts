/**
 * Snippets that import themselves, directly or through others (`a.mdx` imports `b.mdx`,
 * which imports `a.mdx`): Mintlify refuses them, and rendering one would never end (the
 * build runs out of memory). Each cycle is one error, at the import that closes it, naming
 * the whole chain.
 */
import type { Diagnostic } from '../diagnostics.ts';
import type { PageContent } from '../markdown/page-content.ts';
import { importedFile, isDocsImport } from './references.ts';

interface ContentFile {
  file: string;
  content: PageContent;
}

const MARKUP = /\.mdx?$/i;

export function importCycles(docsDir: string, files: readonly ContentFile[]): Diagnostic[] {
  const edges = importGraph(docsDir, files);
  const diagnostics: Diagnostic[] = [];
  const reported = new Set<string>();
  /** 1: on the current path; 2: done, no cycle through it left to find. */
  const state = new Map<string, 1 | 2>();
  for (const start of edges.keys()) {
    if (state.has(start)) continue;
    // Depth first without recursion: a chain of imports can be long.
    const path: Array<{ file: string; next: number }> = [{ file: start, next: 0 }];
    state.set(start, 1);
    while (path.length > 0) {
      const top = path.at(-1)!;
      const imports = edges.get(top.file) ?? [];
      if (top.next >= imports.length) {
        state.set(top.file, 2);
        path.pop();
        continue;
      }
      const edge = imports[top.next++]!;
      if (state.get(edge.target) === 1) {
        const chain = [...path.slice(path.findIndex((step) => step.file === edge.target)).map((step) => step.file), edge.target];
        const key = [...chain.slice(0, -1)].sort().join('\n');
        if (!reported.has(key)) {
          reported.add(key);
          diagnostics.push({
            severity: 'error',
            code: 'import-cycle',
            file: top.file,
            line: edge.line,
            message: `Snippets import each other in a cycle: ${chain.join(' imports ')}. It would never finish rendering.`,
            hint: 'Remove one of these imports; a snippet cannot contain itself.',
          });
        }
      } else if (!state.has(edge.target)) {
        state.set(edge.target, 1);
        path.push({ file: edge.target, next: 0 });
      }
    }
  }
  return diagnostics;
}

/** Each MDX or Markdown file's imports of other such files of the docs folder. */
function importGraph(docsDir: string, files: readonly ContentFile[]): Map<string, Array<{ target: string; line: number }>> {
  const edges = new Map<string, Array<{ target: string; line: number }>>();
  for (const { file, content } of files) {
    const imports = content.references.flatMap((reference) => {
      if (reference.kind !== 'import' || !isDocsImport(reference.url)) return [];
      const target = importedFile(docsDir, file, reference.url);
      return target !== undefined && MARKUP.test(target) ? [{ target, line: reference.line }] : [];
    });
    edges.set(file, imports);
  }
  return edges;
}
