/**
 * The `_headers` file of a static site, which Netlify and Cloudflare Pages read from the
 * output folder: one rule for every path (`/*`) that sends the pages' headers
 * (`pageResponseHeaders`), added after the site's own rules, which stay as they are
 * (`host-file.ts`). Both hosts send every rule that matches a path, and join the values of
 * a header that two rules set.
 */
import { siteTexts, withPart } from '../host-file.ts';

const BEGIN = "# astro-docs-json: the pages' headers, written again by every build";

/** `existing`: the site's own `_headers` files (Astro's `public/`, the docs folder), any of which may be missing. */
export function headersFile(existing: ReadonlyArray<string | undefined>, headers: Readonly<Record<string, string>>): string {
  return withPart(siteTexts(existing, BEGIN), BEGIN, ['/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)]);
}
