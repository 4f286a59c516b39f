/**
 * The links of docs.json, which `broken-links` checks beside the pages': each at its JSON
 * path (`navigation.tabs[2].groups[0].pages[3]`) and its line. What loading the site
 * already finds is reused, not found again: navigation pages and group `root`s with no file
 * (`missing-page`), `openapi` specs that are not there (`missing-openapi`),
 * and the logo, favicon, background and font files (`missing-file`, `ignored-file`,
 * `outside-docs`). What it does not look at is found here: the `href`s of the navigation
 * that lead into the site, and, with `--check-redirects`, where docs.json's redirects lead.
 */
import { formatJsonPath, type Diagnostic, type JsonPath, type Locate } from '../diagnostics.ts';
import { isExternal } from '../paths/href.ts';
import type { DocsJson } from '../schema/docs-json.ts';

/** A problem with one place of docs.json, as `broken-links` reports it. */
export interface ConfigLinkProblem {
  /** The config file it is in, relative to the docs folder (docs.json, or a file it `$ref`s). */
  file: string;
  line: number;
  /** The JSON path of the place, `navigation.tabs[0].href`. */
  at: string;
  href: string;
  message: string;
}

/** What a link leads to, as the pages' links are checked: a problem, or nothing when it leads somewhere. */
export type LinkProblem = (href: string) => { message: string } | undefined;

export interface ConfigLinkOptions {
  /** docs.json `redirects` are checked too (`--check-redirects`). */
  redirects?: boolean;
}

/**
 * The problems loading the site finds that are docs.json naming something the docs folder
 * does not have. A navigation entry whose file `.mintignore` leaves out (`ignored-page`, an
 * ignored spec) is not one: the author chose to leave it out, the site shows no link to
 * it, and `check` warns of it. A logo it leaves out is: the site shows it broken.
 */
const NAMED_FILE_CODES = new Set(['missing-page', 'missing-openapi', 'missing-file', 'ignored-file', 'outside-docs']);
const leftOutOfNavigation = (d: Diagnostic) => d.path?.startsWith('navigation') && /ignored by `\.mintignore`/.test(d.message);
/** Those that are a redirect leading nowhere: a destination pattern no page matches, a parameter the source lacks. */
const REDIRECT_CODES = new Set(['redirect-unmatched', 'invalid-redirect']);

/** Every problem with docs.json's links: the loader's, the navigation's `href`s, and with `redirects` its redirects. */
export function brokenConfigLinks(
  config: DocsJson,
  found: { diagnostics: readonly Diagnostic[]; locate: Locate },
  problem: LinkProblem,
  options: ConfigLinkOptions = {},
): ConfigLinkProblem[] {
  const located = (at: JsonPath, href: string, message: string): ConfigLinkProblem => {
    const { file, line } = found.locate(at);
    return { file, line: line ?? 1, at: formatJsonPath(at), href, message };
  };
  const fromLoader = found.diagnostics.filter(
    (d) => d.path !== undefined && !leftOutOfNavigation(d) && (NAMED_FILE_CODES.has(d.code) || (options.redirects && REDIRECT_CODES.has(d.code))),
  );
  const hrefs = navigationHrefs(config.navigation).flatMap(({ href, at }) => {
    const wrong = isExternal(href) ? undefined : problem(href);
    return wrong ? [located(at, href, wrong.message)] : [];
  });
  const redirects = options.redirects
    ? plainRedirects(config.redirects).flatMap(({ destination, at }) => {
        const wrong = problem(destination);
        return wrong ? [located(at, destination, `its destination ${wrong.message}`)] : [];
      })
    : [];
  const loaderProblems = fromLoader.map((d) => ({ file: d.file, line: d.line ?? 1, at: d.path!, href: namedIn(d) || redirectNamed(config, d.path!), message: d.message }));
  return [...loaderProblems, ...hrefs, ...redirects].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** What a loader's problem names: the first thing its message quotes (the page, the spec, the file), or what it leaves out. */
function namedIn(diagnostic: Diagnostic): string {
  return /`([^`]+)`/.exec(diagnostic.message)?.[1] ?? diagnostic.omitted ?? '';
}

/** The destination of the redirect at `redirects[3]`, which a problem with it quotes none of. */
function redirectNamed(config: DocsJson, at: string): string {
  const index = /^redirects\[(\d+)\]/.exec(at)?.[1];
  return index === undefined ? '' : (config.redirects?.[Number(index)]?.destination ?? '');
}

/** Every `href` of the navigation, at its JSON path: tabs, anchors, dropdowns, products, links among `pages`, global links. */
export function navigationHrefs(navigation: unknown, at: JsonPath = ['navigation']): Array<{ href: string; at: JsonPath }> {
  if (typeof navigation !== 'object' || navigation === null) return [];
  if (Array.isArray(navigation)) return navigation.flatMap((item, index) => navigationHrefs(item, [...at, index]));
  return Object.entries(navigation).flatMap(([key, value]) =>
    key === 'href' && typeof value === 'string' ? [{ href: value, at: [...at, key] }] : navigationHrefs(value, [...at, key]),
  );
}

/**
 * The redirects whose destination is one path of the site, at the JSON path of their
 * destination. One to another site is not asked; one with parameters (`/v2/:slug*`) is
 * made only for the pages it matches, and the loader says when it matches none.
 */
function plainRedirects(redirects: DocsJson['redirects']): Array<{ destination: string; at: JsonPath }> {
  return (redirects ?? []).flatMap((redirect, index) => {
    const { destination } = redirect;
    if (isExternal(destination) || destination.startsWith('#') || /:[A-Za-z_]/.test(`${redirect.source}${destination}`)) return [];
    // docs.json may write a site path without its leading slash: it is still a path from the site's root.
    return [{ destination: destination.startsWith('/') ? destination : `/${destination}`, at: ['redirects', index, 'destination'] }];
  });
}
