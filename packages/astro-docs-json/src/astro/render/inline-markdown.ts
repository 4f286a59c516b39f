/**
 * The Markdown a banner may hold (spec 2.3: "may hold Markdown links"): links, bold,
 * italics and code, on one line. Everything else is text, escaped.
 */
import { hrefFor } from '../../core/paths/href.ts';
import { escapeHtml } from './html.ts';

const SAFE_URL = /^(https?:|mailto:|tel:|\/|#|\.{0,2}\/)/i;

export function renderInlineMarkdown(markdown: string, base = ''): string {
  const tokens: string[] = [];
  const hold = (html: string) => `\u0000${tokens.push(html) - 1}\u0000`;
  let text = markdown.replace(/`([^`]+)`/g, (_, code: string) => hold(`<code>${escapeHtml(code)}</code>`));
  text = text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, url: string) =>
    SAFE_URL.test(url) ? hold(`<a href="${escapeHtml(hrefFor(url, base))}">${renderInlineMarkdown(label, base)}</a>`) : whole,
  );
  text = escapeHtml(text)
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>')
    .replace(/(^|\W)_([^_]+)_(?=\W|$)/g, '$1<em>$2</em>');
  return text.replace(/\u0000(\d+)\u0000/g, (_, index: string) => tokens[Number(index)]!);
}
