/**
 * Where a link leads, said in words (`docs@example.com`, `github.com/acme/repo`,
 * `/quickstart`): the name of a link that shows nothing else, in a rendered page
 * (`core/a11y/icon-link-names.ts`) and in a page's Markdown copy.
 */

/** Percent escapes as the characters they stand for; a malformed one as written. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A link's mail address or number, host and path, or path; undefined for one that leads nowhere to say (`#`, `javascript:`). */
export function addressOf(href: string): string | undefined {
  const trimmed = href.trim();
  const contact = /^(mailto|tel):([^?]*)/i.exec(trimmed);
  if (contact) return decoded(contact[2]!).trim() || undefined;
  if (/^(javascript|data):/i.test(trimmed) || trimmed === '' || trimmed.startsWith('#')) return undefined;
  const external = /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]+)([^?#]*)/i.exec(trimmed);
  if (external) return `${external[1]!.replace(/^www\./i, '')}${decoded(external[2]!).replace(/\/+$/, '')}`;
  const path = decoded(trimmed.replace(/[?#].*$/, ''));
  return path || undefined;
}
