/**
 * The page files of operation pages: one per operation and URL folder, at the URL
 * Mintlify gives it, numbered when another page has that URL already.
 */
import { NO_CONTENT } from '../markdown/page-content.ts';
import type { OperationTarget } from '../paths/page-path.ts';
import type { PageFile } from '../pages/page-files.ts';
import type { Operation } from './operations.ts';
import { operationUrl } from './slug.ts';
import type { LoadedSpec } from './specs.ts';

export function targetLabel(target: OperationTarget): string {
  return target.kind === 'webhook' ? `${target.spec} webhook ${target.path}` : `${target.spec} ${target.method} ${target.path}`;
}

export interface OperationPages {
  /** The page of an operation in a URL folder, made on first use: listing it twice links to one page. */
  pageFor(spec: LoadedSpec, operation: Operation, directory: string): { url: string; target: OperationTarget };
  readonly files: PageFile[];
}

export function operationPages(realPages: readonly PageFile[]): OperationPages {
  const files: PageFile[] = [];
  const usedUrls = new Set(realPages.map((page) => page.url));
  const urls = new Map<string, string>();
  return {
    files,
    pageFor(spec, operation, directory) {
      const target: OperationTarget = { spec: spec.source, kind: operation.kind, method: operation.method, path: operation.path };
      const key = `${directory}\u0000${targetLabel(target)}`;
      let url = urls.get(key);
      if (!url) {
        const wanted = operationUrl(operation, directory);
        url = wanted;
        for (let n = 1; usedUrls.has(url); n++) url = `${wanted}-${n}`;
        usedUrls.add(url);
        urls.set(key, url);
        files.push(pageFile(operation, target, url));
      }
      return { url, target };
    },
  };
}

function pageFile(operation: Operation, target: OperationTarget, url: string): PageFile {
  return {
    file: targetLabel(target),
    page: url.slice(1),
    url,
    frontmatter: {
      title: operation.summary ?? (operation.kind === 'webhook' ? operation.path : `${operation.method} ${operation.path}`),
      ...(operation.description ? { description: plainSummary(operation.description) } : {}),
      ...(operation.deprecated ? { deprecated: true } : {}),
      ...(operation.groups ? { groups: operation.groups } : {}),
      ...(operation.public ? { public: true } : {}),
    },
    listedOnly: false,
    content: NO_CONTENT,
    operation: target,
  };
}

/** A description's first paragraph as plain text, for meta descriptions and listings. */
export function plainSummary(markdown: string): string {
  const paragraph = markdown.trim().split(/\n\s*\n/)[0] ?? '';
  const plain = paragraph
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > 300 ? `${plain.slice(0, 297).trimEnd()}…` : plain;
}
