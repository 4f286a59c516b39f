/**
 * Which MDX files are rendered from their source when their page is rendered, rather than
 * compiled into a module of the bundler's each: the bundler holds every module of the site
 * in memory at once (about 300 KB each, more with components), more than a site of tens of
 * thousands of pages can afford. A file can be rendered from its source when nothing in it
 * needs a module (`PageContent.needsModule`, components written for React), and every file
 * it imports is an MDX file of the docs folder that can be too, or is missing (it renders
 * nothing, as on Mintlify), or a package import that is left out (`package-imports.ts`).
 */
import type { PageContent } from '../markdown/page-content.ts';
import { droppedImport } from './package-imports.ts';
import { isDocsImport, resolveImport } from './references.ts';

export interface ContentFile {
  file: string;
  content: PageContent;
}

/** The MDX files of `files` (pages and snippets) that can be rendered from their source. */
export function mdxRenderedFromSource(docsDir: string, files: readonly ContentFile[]): Set<string> {
  const byFile = new Map(files.map((entry) => [entry.file, entry.content]));
  const verdicts = new Map<string, boolean>();
  const renderable = (file: string): boolean => {
    const known = verdicts.get(file);
    if (known !== undefined) return known;
    verdicts.set(file, false); // an import cycle is an error of the site's: never rendered
    const content = byFile.get(file);
    const verdict = /\.mdx$/i.test(file) && content !== undefined && !content.needsModule && !content.react && !content.error && importsRenderable(file, content);
    verdicts.set(file, verdict);
    return verdict;
  };
  const importsRenderable = (file: string, content: PageContent) =>
    content.references.every((reference) => {
      if (reference.kind !== 'import') return true;
      if (!isDocsImport(reference.url)) return droppedImport(docsDir, file, reference.url) !== undefined; // a package: left out, or a module's
      const target = resolveImport(docsDir, file, reference.url);
      if (target.status === 'missing') return true;
      return target.status === 'inside' && renderable(target.file!);
    });
  return new Set(files.map((entry) => entry.file).filter(renderable));
}
