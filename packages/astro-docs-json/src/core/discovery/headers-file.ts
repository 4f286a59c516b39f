/**
 * The `_headers` file of a static site, which Netlify and Cloudflare Pages read from the
 * output folder: one rule for every path (`/*`) that sends the pages' headers
 * (`pageResponseHeaders`), added after the site's own rules, which stay as they are. Both
 * hosts send every rule that matches a path, and join the values of a header that two
 * rules set. The rule is marked, so that a build that finds it (in an output folder it
 * keeps) writes it again instead of adding a second.
 */

const BEGIN = "# astro-docs-json: the pages' headers, written again by every build";
const END = '# astro-docs-json: end';

/** `existing`: the site's own `_headers` files (Astro's `public/`, the docs folder), any of which may be missing. */
export function headersFile(existing: ReadonlyArray<string | undefined>, headers: Readonly<Record<string, string>>): string {
  const own = [...new Set(existing.map((text) => withoutOwnRule(text ?? '').trim()).filter(Boolean))];
  const rule = [BEGIN, '/*', ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`), END].join('\n');
  return `${[...own, rule].join('\n\n')}\n`;
}

/** The text without the rule a build wrote into it. */
function withoutOwnRule(text: string): string {
  const start = text.indexOf(BEGIN);
  if (start < 0) return text;
  const end = text.indexOf(END, start);
  return text.slice(0, start) + (end < 0 ? '' : text.slice(end + END.length));
}
