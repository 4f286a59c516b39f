/**
 * The RSS 2.0 feed of a changelog page (`rss: true` in its frontmatter): one item per
 * `<Update>`, its label as the title, its anchor on the page as the link, its content as
 * Markdown text, its tags as categories, and a date when the label is one.
 */
import { labelAnchor } from '../markdown/anchors.ts';
import type { ChangelogEntry } from '../markdown/page-markdown.ts';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 does not allow at all are left out.
const xml = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);


/** A label that is a date (`2025-06-02`, `June 2, 2025`), as RSS writes dates. */
function dateOf(label: string): string | undefined {
  if (!/\d{4}/.test(label)) return undefined;
  const time = Date.parse(label);
  return Number.isNaN(time) ? undefined : new Date(time).toUTCString();
}

export interface FeedInput {
  title: string;
  description?: string;
  /** The page's absolute URL (or its path, on a site without Astro's `site`). */
  link: string;
  /** The feed's own URL. */
  self: string;
  language?: string;
  entries: ChangelogEntry[];
}

export function rssFeed(feed: FeedInput): string {
  const items = feed.entries.map((entry) => {
    const anchor = labelAnchor(entry.label);
    const link = anchor ? `${feed.link}#${anchor}` : feed.link;
    const text = [entry.description, entry.markdown].filter(Boolean).join('\n\n');
    const date = dateOf(entry.label);
    return [
      '    <item>',
      `      <title>${xml(entry.label || feed.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="${/^https?:/.test(link)}">${xml(link)}</guid>`,
      ...(date ? [`      <pubDate>${date}</pubDate>`] : []),
      ...entry.tags.map((tag) => `      <category>${xml(tag)}</category>`),
      `      <description>${xml(text)}</description>`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(feed.title)}</title>`,
    `    <link>${xml(feed.link)}</link>`,
    `    <description>${xml(feed.description ?? feed.title)}</description>`,
    ...(feed.language ? [`    <language>${xml(feed.language)}</language>`] : []),
    `    <atom:link href="${xml(feed.self)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
