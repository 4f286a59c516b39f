/**
 * Links of the docs that lead nowhere, as `mint broken-links` finds them: every link of
 * every page (Markdown links and definitions, and the `href` of any element, `<a>` or
 * `<Card>`), resolved as the site resolves it (`resolvePageLink`), and looked for among the
 * site's pages, their Markdown copies (`/page.md`), the docs folder's files, the files the
 * build writes (`llms.txt`) and docs.json's redirects, matched as the site matches them
 * (`redirectFor`) and followed to where they lead. The images and videos of every page
 * (`media-sources.ts`) must be files of the docs folder, and docs.json's navigation must
 * lead somewhere (`docs-json-links.ts`). With `anchors`, a link's `#anchor` must be an
 * anchor of the page it leads to (`page-anchors.ts`); with `redirects`, docs.json's redirects must lead
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
import { referencedFile } from '../pages/references.ts';
import type { Diagnostic, Locate } from '../diagnostics.ts';
import type { DocsJson } from '../schema/docs-json.ts';
import { brokenConfigLinks } from './docs-json-links.ts';
import { mediaSourcesOf } from './media-sources.ts';

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
  /** In docs.json: the JSON path of the link (`navigation.tabs[0].href`). */
  at?: string;
}

export interface LinkCheckOptions {
  anchors?: boolean;
  /** docs.json's redirects are checked themselves (`--check-redirects`): a link through a redirect is followed whatever this says. */
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
  /** docs.json, whose links are checked too: where each place of it is written, and the problems loading the site found. */
  config?: { settings: DocsJson; locate: Locate; diagnostics: readonly Diagnostic[] };
}

/** What every build writes beside the pages, which links may name. */
const WRITTEN = new Set(['/llms.txt', '/llms-full.txt', '/robots.txt', '/sitemap-index.xml', '/sitemap-0.xml', '/.well-known/llms.txt', '/404']);
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

export function brokenLinks(targets: LinkTargets, options: LinkCheckOptions = {}): BrokenLink[] {
  const checker = new LinkChecker(targets, options);
  const pages = checkedFiles(targets, options).flatMap((file) => checker.check(file));
  if (!targets.config) return pages;
  const { settings, ...found } = targets.config;
  const config = brokenConfigLinks(settings, found, (href) => checker.linkProblem(href), { redirects: options.redirects ?? false });
  return [...config.filter((link) => options.only?.(link.file) ?? true), ...pages];
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
    const links = linksOf(tree.root, tree.offset).flatMap((link) => {
      const problem = this.problem(link.href, file);
      return problem ? [{ file, ...link, ...problem }] : [];
    });
    const media = mediaSourcesOf(tree.root, tree.offset).flatMap(({ src, line }) => {
      const problem = this.mediaProblem(src, file);
      return problem ? [{ file, href: src, line, message: problem }] : [];
    });
    return [...links, ...media].sort((a, b) => a.line - b.line);
  }

  /** What is wrong with a link of docs.json, which is read from the site's root, as the site reads it (`hrefFor`). */
  linkProblem(href: string): { message: string } | undefined {
    if (href.startsWith('#')) return undefined; // No page of its own: an anchor of whichever page shows it.
    return this.problem(href.startsWith('/') ? href : `/${href}`, 'docs.json');
  }

  /** What is wrong with an image's or video's source on `file`: it must be a file of the docs folder. */
  private mediaProblem(src: string, file: string): string | undefined {
    const written = src.trim();
    if (written === '' || EXTERNAL.test(written) || written.startsWith('#')) return undefined;
    const target = referencedFile(file, written);
    if (target === undefined) return 'leads out of the docs folder';
    if (this.targets.isFile(target)) return undefined;
    const ignored = this.targets.ignored?.(`/${target}`);
    return ignored ? `is ${ignored.file}, which is ignored by ${describeRule(ignored.rule)}` : 'is not a file of the docs folder';
  }


  /** What is wrong with `href` on `file`, or nothing. */
  private problem(href: string, file: string): Omit<BrokenLink, 'file' | 'href' | 'line'> | undefined {
    const written = href.trim();
    if (written === '' || EXTERNAL.test(written)) return undefined;
    if (written.startsWith('#')) return this.anchorProblem(file, written.slice(1), 'this page');
    const resolved = resolvePageLink(written, file);
    if (!resolved.startsWith('/')) return { message: 'leads out of the docs folder' };
    const [, rawPath = '', anchor] = /^([^?#]*)(?:\?[^#]*)?(?:#(.*))?$/.exec(resolved)!;
    const target = this.target(rawPath);
    if (target === undefined) return this.missing(pathOf(rawPath));
    if (typeof target === 'object') return target;
    return anchor && target ? this.anchorProblem(target, anchor, `\`${pathOf(rawPath)}\``) : undefined;
  }

  /** The page file a path leads to; '' for a file or a redirect that leads somewhere; a problem, or undefined when it leads nowhere. */
  private target(rawPath: string): string | { message: string } | undefined {
    const path = pathOf(rawPath);
    const page = this.pagePath(path);
    if (page !== undefined) return page;
    // As the site matches a request: the path as written (`/old/index` may be a redirect's source), then as the page's URL.
    const redirect = redirectFor(this.targets.redirects, trimmed(rawPath)) ?? redirectFor(this.targets.redirects, path);
    return redirect ? this.redirected(redirect.headers.Location ?? '', new Set([path])) : undefined;
  }

  /** The page file of a URL; '' for a file of the docs folder or one the build writes; undefined when it is neither. */
  private pagePath(path: string): string | undefined {
    const page = this.pagesByUrl.get(path) ?? (path.endsWith('.md') ? this.pagesByUrl.get(path === '/index.md' ? '/' : path.slice(0, -3)) : undefined);
    if (page) return page.file;
    return WRITTEN.has(path) || /\/rss\.xml$/.test(path) || this.targets.isFile(path.slice(1)) ? '' : undefined;
  }

  /** Where a redirect leads, followed through the redirects its destination is the source of, as a browser follows them. */
  private redirected(location: string, seen: Set<string>): '' | { message: string } {
    if (EXTERNAL.test(location)) return '';
    const destination = pathOf(location.replace(/[?#].*$/, ''));
    if (this.pagePath(destination) !== undefined) return '';
    if (seen.has(destination)) return { message: `is redirected in a loop, back to \`${destination}\`` };
    seen.add(destination);
    const next = redirectFor(this.targets.redirects, destination);
    return next ? this.redirected(next.headers.Location ?? '', seen) : { message: `is redirected to \`${location}\`, which leads to no page` };
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

/** A path without its trailing slashes, as a server matches redirects' sources. */
function trimmed(raw: string): string {
  return raw.replace(/(?<=.)\/+$/, '');
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

