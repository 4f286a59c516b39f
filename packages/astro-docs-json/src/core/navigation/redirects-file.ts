/**
 * The `_redirects` file of a static site, which Netlify and Cloudflare Pages read from the
 * output folder: docs.json's redirects answered with their own status (308, or 307 when not
 * permanent), in front of the pages that redirect, which the build keeps for hosts that read
 * no `_redirects`. A redirect with parameters is one rule where the format can say it
 * (`resolveRedirects`' `rules`). The site's own `_redirects` (Astro's `public/`, the docs
 * folder) comes first, as it is (`host-file.ts`): both hosts take the first rule that
 * matches, so its rules win, and a redirect of docs.json from a path it has is not written.
 *
 * Netlify serves the file at a rule's path, when there is one, instead of following the rule
 * unless the rule is forced (`308!`), and the page that redirects is such a file. Cloudflare
 * reads a forced rule as malformed, and follows every rule anyway. `force` marks the rules
 * for Netlify.
 */
import { siteTexts, withPart } from '../host-file.ts';
import { hrefFor } from '../paths/href.ts';
import { hostRegex, type Redirect } from './redirects.ts';

const BEGIN = "# astro-docs-json: docs.json's redirects, written again by every build";

/** `existing`: the site's own `_redirects` files, any of which may be missing. Empty when there is nothing to write. */
export function redirectsFile(existing: ReadonlyArray<string | undefined>, rules: readonly Redirect[], { base = '', force = false } = {}): string {
  const own = siteTexts(existing, BEGIN);
  const taken = new Set(own.flatMap((text) => fileRules(text).map(([source]) => source)));
  const lines = rules.flatMap((rule) => {
    const source = hrefFor(rule.source, base);
    return taken.has(source) ? [] : [`${source} ${hrefFor(rule.destination, base)} ${rule.status}${force ? '!' : ''}`];
  });
  return withPart(own, BEGIN, lines);
}

/** The tokens of each rule of a `_redirects` text, without comments, inline ones too. */
function fileRules(text: string): string[][] {
  return text.split('\n').flatMap((line) => {
    const tokens = line.trim().split(/\s+/);
    const comment = tokens.findIndex((token, index) => token.startsWith('#') && (index === 0 || index >= 2));
    const rule = comment < 0 ? tokens : tokens.slice(0, comment);
    return rule[0] ? [rule] : [];
  });
}

export interface HostRedirect {
  regex: RegExp;
  /** With the file's `:name` and `:splat`. */
  destination: string;
  status: number;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * The redirects of a `_redirects` file, as `astro-docs-json preview` answers them: each rule
 * of a path, where it leads and a redirect status (301 when it has none, as on Netlify),
 * forced or not. Rewrites (`200`), other statuses, conditions (`Country=…`) and rules for
 * other domains are the hosts' alone.
 */
export function parseRedirectsFile(text: string): HostRedirect[] {
  return fileRules(text).flatMap(([source, destination, status = '301', ...more]) => {
    const code = Number(status.replace(/!$/, ''));
    if (!destination || more.length || !REDIRECT_STATUSES.has(code) || !source!.startsWith('/')) return [];
    return [{ regex: hostRegex(source!), destination, status: code }];
  });
}

/** The first rule that matches a request's path (as sent), and where it leads; the request's query goes along. */
export function matchRedirect(rules: readonly HostRedirect[], pathname: string, search = ''): { status: number; location: string } | undefined {
  // `/old/` is `/old`'s rule too, as on Netlify.
  const paths = pathname.length > 1 && pathname.endsWith('/') ? [pathname, pathname.slice(0, -1)] : [pathname];
  for (const rule of rules) {
    const match = paths.map((path) => rule.regex.exec(path)).find(Boolean);
    if (!match) continue;
    const location = rule.destination.replace(/:([A-Za-z_]\w*)/g, (token, name: string) => match.groups?.[name] ?? token);
    return { status: rule.status, location: search && !location.includes('?') ? `${location}${search}` : location };
  }
  return undefined;
}
