/**
 * docs.json `redirects`: `{ source, destination, permanent }`, 308 when permanent (the
 * default) and 307 otherwise. Sources and destinations may hold Mintlify's parameters,
 * `:name` for one segment and `:name*` for the rest of the path. A static site cannot
 * match patterns at request time, so a redirect with parameters becomes one redirect per
 * page its destination matches: `/beta/:slug*` → `/v2/:slug*` redirects `/beta/x` to
 * `/v2/x` for every page `/v2/x`. Hosts that read `_redirects` (`redirects-file.ts`) match
 * patterns themselves: for them it stays one rule where their format can say it.
 */
import type { ConfigIssue, JsonPath } from '../diagnostics.ts';
import { hrefFor } from '../paths/href.ts';
import type { DocsJson } from '../schema/docs-json.ts';

export interface Redirect {
  source: string;
  destination: string;
  status: 307 | 308;
}

const PARAMETER = /:([A-Za-z_]\w*)(\*)?/g;
const isExternal = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url);

/** `/v2/:slug*` as a regular expression over page URLs, with a group per parameter. */
function patternOf(template: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of template.matchAll(PARAMETER)) {
    source += template.slice(last, match.index).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    names.push(match[1]!);
    source += match[2] ? '(.*)' : '([^/]+)';
    last = match.index + match[0].length;
  }
  source += template.slice(last).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { regex: new RegExp(`^${source}$`), names };
}

function fill(template: string, values: Map<string, string>): string {
  return template.replace(PARAMETER, (_, name: string) => values.get(name) ?? '').replace(/\/{2,}/g, '/').replace(/(?<=.)\/$/, '');
}

const normalize = (url: string) => (url.length > 1 ? url.replace(/\/$/, '') : url);

/**
 * A redirect path written without its leading slash (`old/page`) is, as on Mintlify, a path
 * from the site's root: it is read so, with a warning. URLs and `#anchors` are left as they are.
 */
function fromRoot(path: string, at: JsonPath, issues: ConfigIssue[]): string {
  if (path.startsWith('/') || path.startsWith('#') || isExternal(path)) return path;
  issues.push({
    severity: 'warning',
    code: 'redirect-path',
    at,
    message: `The redirect path "${path}" has no leading slash: it is read as "/${path}".`,
    hint: `Write "/${path}".`,
  });
  return `/${path}`;
}

/** What one docs.json redirect made: its redirects, and the rule a host's `_redirects` writes for it when one can. */
interface EntryOutput {
  redirects: Redirect[];
  pattern?: Redirect;
}

/**
 * `redirects`: one per old URL, which a static build writes as pages and a server answers.
 * `rules`: the same redirects for a static host's `_redirects` file (`redirects-file.ts`),
 * where a redirect with parameters stays one rule when the host's format can say it.
 */
export function resolveRedirects(redirects: DocsJson['redirects'], pageUrls: readonly string[]): { redirects: Redirect[]; rules: Redirect[]; issues: ConfigIssue[] } {
  const pages = new Set(pageUrls);
  const resolved = new Map<string, Redirect>();
  const issues: ConfigIssue[] = [];
  const entries: EntryOutput[] = [];
  (redirects ?? []).forEach((original, index) => {
    const at = ['redirects', index];
    const entry = { ...original, source: fromRoot(original.source, [...at, 'source'], issues), destination: fromRoot(original.destination, [...at, 'destination'], issues) };
    const status = entry.permanent === false ? 307 : 308;
    const source = normalize(entry.source);
    const sourceNames = [...source.matchAll(PARAMETER)].map((match) => match[1]!);
    const destinationNames = [...entry.destination.matchAll(PARAMETER)].map((match) => match[1]!);
    const unknown = destinationNames.filter((name) => !sourceNames.includes(name));
    if (unknown.length) {
      issues.push({
        severity: 'error',
        code: 'invalid-redirect',
        at: [...at, 'destination'],
        message: `The redirect destination uses \`:${unknown[0]}\`, which its source does not define.`,
        hint: `The source "${entry.source}" defines ${sourceNames.length ? sourceNames.map((name) => `\`:${name}\``).join(', ') : 'no parameters'}.`,
      });
      return;
    }
    const output: EntryOutput = { redirects: [] };
    entries.push(output);
    const add = (redirect: Redirect) => {
      if (pages.has(redirect.source)) {
        issues.push({ severity: 'warning', code: 'redirect-shadowed', at: [...at, 'source'], message: `The redirect from ${redirect.source} is not made: a page has that URL.`, hint: 'Remove the redirect, or the page.' });
      } else if (!resolved.has(redirect.source)) {
        resolved.set(redirect.source, redirect);
        output.redirects.push(redirect);
      }
    };
    if (sourceNames.length === 0) {
      add({ source, destination: entry.destination, status });
      return;
    }
    output.pattern = hostPattern({ source, destination: entry.destination, status }, pages);
    if (isExternal(entry.destination)) {
      issues.push({
        severity: 'warning',
        code: 'redirect-unmatched',
        at,
        message: `The redirect from ${entry.source} to another site is made only by a host that reads \`_redirects\` (Netlify, Cloudflare Pages): which paths it covers is known only at request time.`,
        hint: 'List the old paths one by one.',
      });
      return;
    }
    const destination = patternOf(normalize(entry.destination));
    let matched = 0;
    for (const url of pages) {
      const match = destination.regex.exec(url);
      if (!match) continue;
      const values = new Map(destination.names.map((name, i) => [name, match[i + 1]!]));
      // Source parameters the destination does not use cannot be recovered from a page.
      if (sourceNames.some((name) => !values.has(name))) continue;
      add({ source: fill(source, values), destination: url, status });
      matched++;
    }
    if (matched === 0) {
      issues.push({ severity: 'warning', code: 'redirect-unmatched', at, message: `The redirect from ${entry.source} matches no page: ${entry.destination} is not the URL of any.`, hint: 'Check the destination against the page URLs (`npx astro-docs-json routes`).' });
    }
  });
  return { redirects: [...resolved.values()], rules: hostRules(entries), issues };
}

/**
 * A redirect with parameters as one rule of a host's `_redirects` (Netlify, Cloudflare
 * Pages): `:name` as a whole segment stays, and `:name*` as the source's last segment is
 * the file's `*`, which the destination names `:splat`. None when the format cannot say it
 * (a parameter inside a segment, `:name*` before the end), or when the pattern covers a
 * page: Cloudflare follows a rule over a file that is there, where the build lets the page win.
 */
function hostPattern(redirect: Redirect, pages: ReadonlySet<string>): Redirect | undefined {
  const segments = redirect.source.split('/');
  let splat: string | undefined;
  for (const [index, segment] of segments.entries()) {
    const parameter = /^:([A-Za-z_]\w*)(\*)?$/.exec(segment);
    // A parameter inside a segment, or a `*` of the path itself, which the file would read as its own.
    if (!parameter && /:[A-Za-z_]|\*/.test(segment)) return undefined;
    if (!parameter?.[2]) continue;
    if (index !== segments.length - 1) return undefined;
    splat = parameter[1];
  }
  const names = [...redirect.destination.matchAll(PARAMETER)];
  // The splat's value is only the file's `:splat`; a star on another parameter has no meaning there.
  if (names.some(([, name, star]) => (name === splat) !== Boolean(star))) return undefined;
  const { regex } = patternOf(redirect.source);
  for (const url of pages) if (regex.test(url)) return undefined;
  return {
    source: splat ? redirect.source.replace(/:\w+\*$/, '*') : redirect.source,
    destination: splat ? redirect.destination.replaceAll(`:${splat}*`, ':splat') : redirect.destination,
    status: redirect.status,
  };
}

/**
 * The rules of `_redirects`, in docs.json's order but paths before patterns, as Cloudflare
 * Pages asks (it reads a path after a pattern as one of its 100 patterns). A path an earlier
 * pattern covers is left out: hosts take the first rule that matches, and docs.json's order says which.
 */
function hostRules(entries: readonly EntryOutput[]): Redirect[] {
  const paths: Redirect[] = [];
  const patterns: Array<{ rule: Redirect; regex: RegExp }> = [];
  for (const { redirects, pattern } of entries) {
    if (pattern) patterns.push({ rule: pattern, regex: hostRegex(pattern.source) });
    else paths.push(...redirects.filter((redirect) => !patterns.some(({ regex }) => regex.test(redirect.source))));
  }
  return [...paths, ...patterns.map(({ rule }) => rule)];
}

/**
 * A rule's source (`/docs/:page`, `/beta/*`) as the regular expression hosts match paths
 * with: `:name` one segment, `*` the rest (`splat`). A name given twice captures once.
 */
export function hostRegex(source: string): RegExp {
  const names = new Set<string>();
  const group = (name: string, pattern: string) => (names.has(name) ? `(?:${pattern})` : (names.add(name), `(?<${name}>${pattern})`));
  const pattern = source.replace(/:([A-Za-z_]\w*)|\*|[.+?^${}()|[\]\\]/g, (token, name?: string) =>
    name ? group(name, '[^/]+') : token === '*' ? group('splat', '.*') : `\\${token}`,
  );
  return new RegExp(`^${pattern}$`);
}

/** Each site's redirects by source, made on the first request: a `:slug*` redirect can stand for thousands. */
const indexes = new WeakMap<readonly Redirect[], Map<string, Redirect>>();

/**
 * The response to a request for a redirect's source on a server: its status, where it leads
 * (with the site's base path) and how long caches may keep it. Undefined when the path,
 * the base path taken off, is no redirect's source.
 */
export function redirectFor(redirects: readonly Redirect[], pathname: string, base = ''): { status: number; headers: Record<string, string> } | undefined {
  let path: string;
  try {
    path = decodeURI(base && pathname.startsWith(base) ? pathname.slice(base.length) || '/' : pathname);
  } catch {
    return undefined; // Not a path any redirect could have.
  }
  let bySource = indexes.get(redirects);
  if (!bySource) indexes.set(redirects, (bySource = new Map(redirects.map((redirect) => [redirect.source, redirect]))));
  const redirect = bySource.get(normalize(path));
  if (!redirect) return undefined;
  return {
    status: redirect.status,
    headers: { Location: hrefFor(redirect.destination, base), 'Cache-Control': redirect.status === 308 ? 'public, max-age=3600' : 'no-store' },
  };
}
