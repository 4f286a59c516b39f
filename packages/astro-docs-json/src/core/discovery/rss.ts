/**
 * The RSS 2.0 feed of a changelog page (`rss: true` in its frontmatter), its items made
 * from the page's `<Update>`s as Mintlify makes them: an update with an `rss` prop is one
 * item of that title and description; else an update with Markdown headings is an item
 * per heading, linked to the heading; else it is one item, its label as the title, its
 * content as the text. Items link to their anchor on the page, carry the update's tags
 * as categories, and a date when its label is one.
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

/** One `<item>` of the feed. */
interface FeedItem {
  title: string;
  anchor: string;
  /** The anchor is a heading's, which the page numbers when it repeats; an update's is its label's, as written. */
  heading?: true;
  text: string;
  date?: string;
  tags: readonly string[];
}

/** The items an update makes (see above). */
function itemsOf(entry: ChangelogEntry, feedTitle: string): FeedItem[] {
  const date = dateOf(entry.label);
  const common = { ...(date ? { date } : {}), tags: entry.tags };
  const ownText = [entry.description, entry.markdown].filter(Boolean).join('\n\n');
  if (entry.rss) return [{ title: entry.rss.title ?? (entry.label || feedTitle), anchor: labelAnchor(entry.label), text: entry.rss.description ?? ownText, ...common }];
  if (entry.sections.length > 0) {
    return entry.sections.map((section) => ({ title: section.heading || entry.label || feedTitle, anchor: labelAnchor(section.heading), heading: true as const, text: section.markdown, ...common }));
  }
  return [{ title: entry.label || feedTitle, anchor: labelAnchor(entry.label), text: ownText, ...common }];
}

export function rssFeed(feed: FeedInput): string {
  // Headings that repeat (two updates with a "Fixes" heading) get -1, -2..., as the page's do.
  const seen = new Map<string, number>();
  const unique = (anchor: string) => {
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    return count === 0 ? anchor : `${anchor}-${count}`;
  };
  const items = feed.entries.flatMap((entry) => itemsOf(entry, feed.title)).map((item) => {
    const anchor = item.anchor && item.heading ? unique(item.anchor) : item.anchor;
    const link = anchor ? `${feed.link}#${anchor}` : feed.link;
    return [
      '    <item>',
      `      <title>${xml(item.title)}</title>`,
      `      <link>${xml(link)}</link>`,
      `      <guid isPermaLink="${/^https?:/.test(link)}">${xml(link)}</guid>`,
      ...(item.date ? [`      <pubDate>${item.date}</pubDate>`] : []),
      ...item.tags.map((tag) => `      <category>${xml(tag)}</category>`),
      `      <description>${xml(item.text)}</description>`,
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
