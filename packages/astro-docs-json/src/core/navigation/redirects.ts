/**
 * docs.json `redirects`: `{ source, destination, permanent }`, 308 when permanent (the
 * default) and 307 otherwise. Sources and destinations may hold Mintlify's parameters,
 * `:name` for one segment and `:name*` for the rest of the path. A static site cannot
 * match patterns at request time, so a redirect with parameters becomes one redirect per
 * page its destination matches: `/beta/:slug*` → `/v2/:slug*` redirects `/beta/x` to
 * `/v2/x` for every page `/v2/x`.
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

export function resolveRedirects(redirects: DocsJson['redirects'], pageUrls: readonly string[]): { redirects: Redirect[]; issues: ConfigIssue[] } {
  const pages = new Set(pageUrls);
  const resolved = new Map<string, Redirect>();
  const issues: ConfigIssue[] = [];
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
    const add = (redirect: Redirect) => {
      if (pages.has(redirect.source)) {
        issues.push({ severity: 'warning', code: 'redirect-shadowed', at: [...at, 'source'], message: `The redirect from ${redirect.source} is not made: a page has that URL.`, hint: 'Remove the redirect, or the page.' });
      } else if (!resolved.has(redirect.source)) resolved.set(redirect.source, redirect);
    };
    if (sourceNames.length === 0) {
      add({ source, destination: entry.destination, status });
      return;
    }
    if (isExternal(entry.destination)) {
      issues.push({ severity: 'warning', code: 'redirect-unmatched', at, message: `The redirect from ${entry.source} to another site cannot be made on a static site: which paths it covers is known only at request time.`, hint: 'List the old paths one by one.' });
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
  return { redirects: [...resolved.values()], issues };
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
