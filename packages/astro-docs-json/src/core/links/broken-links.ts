/**
 * Links of the docs that lead nowhere, as `mint broken-links` finds them: every link of
 * every page (Markdown links and definitions, and the `href` of any element, `<a>` or
 * `<Card>`), resolved as the site resolves it (`resolvePageLink`), and looked for among the
 * site's pages, their Markdown copies (`/page.md`), the docs folder's files, the files the
 * build writes (`llms.txt`) and docs.json's redirects. With `anchors`, a link's `#anchor`
 * must be an anchor of the page it leads to (`page-anchors.ts`); with `redirects`, a redirect must lead
 * somewhere; with `snippets`, the links of snippets are checked too.
 */
import path from 'node:path';
import type { Nodes, Root } from 'mdast';
import { isJsxElement, stringAttribute } from '../markdown/jsx-elements.ts';
import { parsePageSource } from '../markdown/page-markdown.ts';
import { redirectFor, type Redirect } from '../navigation/redirects.ts';
import { resolvePageLink } from '../paths/links.ts';
import { closestPages } from '../paths/not-found.ts';
import { anchorsOf } from './page-anchors.ts';
import { describeRule, type IgnoredFile } from '../pages/mintignore.ts';

export interface FoundLink {
  href: string;
  /** 1-based, in the file. */
  line: number;
}

export interface BrokenLink extends FoundLink {
  /** Relative to the docs folder. */
  file: string;
  message: string;
  /** The closest page that exists, when the link's page does not. */
  closest?: string;
}

export interface LinkCheckOptions {
  anchors?: boolean;
  redirects?: boolean;
  snippets?: boolean;
  /** Only the files it says yes to (`--files`). */
  only?: (file: string) => boolean;
}

/** What links may lead to: the site's pages and redirects, and how to read and find files. */
export interface LinkTargets {
  pages: ReadonlyArray<{ url: string; file: string; title: string }>;
  snippets: readonly string[];
  redirects: readonly Redirect[];
  /** A file's text, relative to the docs folder, with docs.json's variables replaced. */
  read(file: string): string | undefined;
  /** Whether the docs folder has this file (relative to it): images, PDFs. */
  isFile(file: string): boolean;
  /** The file a path of the site (`/drafts/intro`) would lead to, when `.mintignore` leaves it out. */
  ignored?(path: string): IgnoredFile | undefined;
}

/** What every build writes beside the pages, which links may name. */
const WRITTEN = new Set(['/llms.txt', '/llms-full.txt', '/robots.txt', '/sitemap-index.xml', '/sitemap-0.xml', '/.well-known/llms.txt', '/404']);
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function brokenLinks(targets: LinkTargets, options: LinkCheckOptions = {}): BrokenLink[] {
  const checker = new LinkChecker(targets, options);
  return checkedFiles(targets, options).flatMap((file) => checker.check(file));
}

/** The links to other sites (`http:`, `https:`) of the files checked, each with where it is. */
export function externalLinks(targets: LinkTargets, options: LinkCheckOptions = {}): Array<FoundLink & { file: string }> {
  return checkedFiles(targets, options).flatMap((file) => {
    const tree = parsedFile(targets, file);
    return tree ? linksOf(tree.root, tree.offset).filter((link) => /^https?:\/\//i.test(link.href.trim())).map((link) => ({ file, ...link, href: link.href.trim() })) : [];
  });
}

function checkedFiles(targets: LinkTargets, options: LinkCheckOptions): string[] {
  const files = [...targets.pages.map((page) => page.file), ...(options.snippets ? targets.snippets : [])];
  return files.filter((file) => options.only?.(file) ?? true);
}

/** A file's tree, and the lines of its frontmatter, which the tree does not hold. */
function parsedFile(targets: LinkTargets, file: string): { root: Root; offset: number } | undefined {
  const source = targets.read(file);
  return source === undefined ? undefined : parsePageSource(source, file);
}

class LinkChecker {
  private readonly pagesByUrl: Map<string, { url: string; file: string; title: string }>;
  private readonly anchorsByFile = new Map<string, Set<string>>();
  private readonly targets: LinkTargets;
  private readonly options: LinkCheckOptions;

  constructor(targets: LinkTargets, options: LinkCheckOptions) {
    this.targets = targets;
    this.options = options;
    this.pagesByUrl = new Map(targets.pages.map((page) => [page.url, page]));
  }

  check(file: string): BrokenLink[] {
    const tree = parsedFile(this.targets, file);
    if (!tree) return [];
    return linksOf(tree.root, tree.offset).flatMap((link) => {
      const problem = this.problem(link.href, file);
      return problem ? [{ file, ...link, ...problem }] : [];
    });
  }


  /** What is wrong with `href` on `file`, or nothing. */
  private problem(href: string, file: string): Omit<BrokenLink, 'file' | 'href' | 'line'> | undefined {
    const written = href.trim();
    if (written === '' || EXTERNAL.test(written)) return undefined;
    if (written.startsWith('#')) return this.anchorProblem(file, written.slice(1), 'this page');
    const resolved = resolvePageLink(written, file);
    if (!resolved.startsWith('/')) return { message: 'leads out of the docs folder' };
    const [, rawPath = '', anchor] = /^([^?#]*)(?:\?[^#]*)?(?:#(.*))?$/.exec(resolved)!;
    const target = this.target(pathOf(rawPath));
    if (target === undefined) return this.missing(pathOf(rawPath));
    if (typeof target === 'object') return target;
    return anchor && target ? this.anchorProblem(target, anchor, `\`${pathOf(rawPath)}\``) : undefined;
  }

  /** The page file a path leads to; '' for a file or a redirect that leads somewhere; a problem, or undefined when it leads nowhere. */
  private target(path: string, redirected = false): string | { message: string } | undefined {
    const page = this.pagesByUrl.get(path) ?? (path.endsWith('.md') ? this.pagesByUrl.get(path === '/index.md' ? '/' : path.slice(0, -3)) : undefined);
    if (page) return page.file;
    if (WRITTEN.has(path) || /\/rss\.xml$/.test(path) || this.targets.isFile(path.slice(1))) return '';
    const redirect = redirectFor(this.targets.redirects, path);
    if (!redirect) return undefined;
    const location = redirect.headers.Location ?? '';
    if (!this.options.redirects || redirected || EXTERNAL.test(location)) return '';
    const destination = pathOf(location.replace(/[?#].*$/, ''));
    return this.target(destination, true) === undefined ? { message: `is redirected to \`${location}\`, which leads to no page` } : '';
  }

  private missing(path: string): Omit<BrokenLink, 'file' | 'href' | 'line'> {
    const [closest] = closestPages(path, [...this.pagesByUrl.values()], 1);
    const ignored = this.targets.ignored?.(path);
    // As on Mintlify, a link to what `.mintignore` leaves out is broken; the message says why.
    const message = ignored ? `leads to ${ignored.file}, which is ignored by ${describeRule(ignored.rule)}` : 'leads to no page';
    return { message, ...(closest ? { closest: closest.url } : {}) };
  }

  private anchorProblem(file: string, anchor: string, where: string): Omit<BrokenLink, 'file' | 'href' | 'line'> | undefined {
    if (!this.options.anchors || anchor === '') return undefined;
    const anchors = this.anchorsOf(file);
    let decoded = anchor;
    try {
      decoded = decodeURIComponent(anchor);
    } catch {
      // kept as written
    }
    return anchors.has(decoded) || anchors.has(anchor) ? undefined : { message: `has no anchor \`#${anchor}\` on ${where}` };
  }

  /** A page's anchors, with those of the snippets it imports (and they import), which it shows. */
  private anchorsOf(file: string, seen = new Set<string>()): Set<string> {
    const known = this.anchorsByFile.get(file);
    if (known) return known;
    seen.add(file);
    const tree = parsedFile(this.targets, file)?.root;
    const anchors = anchorsOf(tree);
    for (const snippet of importedFiles(tree, file)) {
      if (!seen.has(snippet)) for (const anchor of this.anchorsOf(snippet, seen)) anchors.add(anchor);
    }
    this.anchorsByFile.set(file, anchors);
    return anchors;
  }
}

/** The `.mdx` and `.md` files a page imports, relative to the docs folder (`/snippets/a.mdx`, `../snippets/a.mdx`). */
function importedFiles(tree: Root | undefined, file: string): string[] {
  if (!tree) return [];
  const sources = tree.children.flatMap((node) => (node.type === 'mdxjsEsm' ? [...node.value.matchAll(/\bfrom\s*(["'])([^"']+\.mdx?)\1/g)].map((match) => match[2]!) : []));
  return sources.flatMap((source) => {
    const resolved = source.startsWith('/') ? source.slice(1) : path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
    return resolved.startsWith('..') ? [] : [resolved];
  });
}

/** `/guides/intro/`, `/guides/index` and `/guides/intro` as the site's URLs: no trailing slash, no `index`. */
function pathOf(raw: string): string {
  let path = raw;
  try {
    path = decodeURI(raw);
  } catch {
    // a malformed escape: compared as written
  }
  path = path.replace(/\/+$/, '').replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

/** The links of a page's tree, with their lines in the file (`offset`: the lines of its frontmatter). */
export function linksOf(tree: Root, offset = 0): FoundLink[] {
  const links: FoundLink[] = [];
  const visit = (node: Nodes) => {
    const line = (node.position?.start.line ?? 1) + offset;
    if (node.type === 'link' || node.type === 'definition') links.push({ href: node.url, line });
    if (isJsxElement(node)) {
      const href = stringAttribute(node, 'href');
      if (href !== undefined) links.push({ href, line });
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return links;
}

