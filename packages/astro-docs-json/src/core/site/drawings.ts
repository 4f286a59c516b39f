/**
 * Which pages draw formulas or diagrams, in their own text or in the snippets they import
 * (and those import): only those pages load KaTeX's styles and the diagram script.
 */
import type { PageContent } from '../markdown/page-content.ts';
import type { Route } from '../navigation/routes.ts';
import { importedFiles } from '../pages/references.ts';
import type { Site } from './load-site.ts';

export interface Drawings {
  /** The page shows formulas typeset with KaTeX. */
  math?: true;
  /** The page shows Mermaid diagrams. */
  diagrams?: true;
}

/** A route's drawings, for each route of `site`. */
export function drawingsOf(site: Site): (route: Route) => Drawings {
  const latex = site.config?.styling?.latex !== false;
  const kinds = (content: PageContent): Drawings => ({ ...(latex && content.math ? { math: true } : {}), ...(content.diagrams ? { diagrams: true } : {}) });
  // Following imports costs a look at the disk per import: only when a snippet draws.
  const drawingSnippets = site.snippets.some(({ content }) => Object.keys(kinds(content)).length > 0);
  const contents = new Map<string, PageContent>(drawingSnippets ? [...site.routes, ...site.snippets].map(({ file, content }) => [file, content]) : []);
  return (route) => {
    if (!drawingSnippets) return kinds(route.content);
    const found: Drawings = {};
    const seen = new Set<string>();
    const visit = (file: string, content: PageContent) => {
      if (seen.has(file)) return;
      seen.add(file);
      Object.assign(found, kinds(content));
      for (const target of importedFiles(site.docsDir, file, content.references)) {
        const imported = contents.get(target);
        if (imported) visit(target, imported);
      }
    };
    visit(route.file, route.content);
    return found;
  };
}
