/**
 * A name for each link of a rendered page that shows only an icon. Mintlify renders
 * `<a href="…"><Icon icon="github" /></a>` as a link a screen reader announces as "link" and
 * nothing more; the pages this package builds give it an `aria-label`: the title of the page
 * it leads to, else its address (the path, the host and path, the mail address), else the
 * icon's name. A link that has text, an image with alt text, or a name of its own keeps it.
 *
 * It reads the page's HTML as rendered (`astro/render/icon-link-names.ts` runs it on each
 * page's content), where the icons of `<Icon>` are drawn, whatever the page wrote them as.
 */
import { addressOf } from '../paths/link-address.ts';

/** A link and its content: no `<a>` holds another (HTML forbids it), so the first `</a>` closes it. */
const LINK = /<a\b([^>]*)>([\s\S]*?)<\/a>/gi;

/** Attributes that give an element its name, or hide it from assistive technology. */
const NAMED_OR_HIDDEN = /\s(?:aria-label|aria-labelledby|title)\s*=\s*(?:"\s*[^"\s][^"]*"|'\s*[^'\s][^']*'|[^\s"'>]+)|\saria-hidden\s*=\s*["']?true/i;

/** Content that names the link: text, an image's alt text, or an element's own label. */
function contentNamesLink(content: string): boolean {
  if (/<img\b[^>]*\salt\s*=\s*(?:"\s*[^"\s][^"]*"|'\s*[^'\s][^']*')/i.test(content)) return true;
  if (/\saria-label\s*=\s*(?:"\s*[^"\s][^"]*"|'\s*[^'\s][^']*')/i.test(content)) return true;
  const text = content
    .replace(/<(script|style|svg)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ');
  return text.trim() !== '';
}

/** Text as an attribute's value in double quotes. */
const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const decodeAttribute = (value: string) => value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return match ? decodeAttribute(match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

/**
 * The name an icon-only link gets: the title of the site's page at `href`
 * (`titleOf`, for the site's own links), else its address, else the icon's name.
 */
export function iconLinkName(href: string | undefined, icon: string | undefined, titleOf: (href: string) => string | undefined): string | undefined {
  const title = href === undefined ? undefined : titleOf(href)?.trim();
  if (title) return title;
  const address = href === undefined ? undefined : addressOf(href);
  if (address) return address;
  const iconName = icon?.trim();
  return iconName ? iconName.replace(/[-_]+/g, ' ') : undefined;
}

/** The page's HTML with an `aria-label` on each link that shows only an icon, or nothing, and has no name. */
export function nameIconOnlyLinks(html: string, titleOf: (href: string) => string | undefined): string {
  if (!html.includes('<a')) return html;
  return html.replace(LINK, (whole, attributes: string, content: string) => {
    const href = attribute(attributes, 'href');
    if (href === undefined || NAMED_OR_HIDDEN.test(attributes) || contentNamesLink(content)) return whole;
    const name = iconLinkName(href, attribute(content, 'data-icon'), titleOf);
    return name ? `<a aria-label="${escapeAttribute(name)}"${attributes}>${content}</a>` : whole;
  });
}
