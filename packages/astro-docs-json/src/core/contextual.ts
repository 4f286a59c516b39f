/**
 * docs.json `contextual`: the page menu that hands a page to an AI assistant. `copy` puts
 * the page's Markdown on the clipboard, `view` opens it, the assistants open with a prompt
 * that links it, and custom entries link where their `href` says, with `$page` (the page's
 * URL) and `$path` (its path) filled in. Off unless docs.json asks for it, as on Mintlify.
 */
import type { ConfigIssue } from './diagnostics.ts';
import type { DocsJson } from './schema/docs-json.ts';

export interface ContextualItem {
  label: string;
  description: string;
  /** `copy` is done by the page's script; the others are links. */
  action: 'copy' | 'link';
  href?: string;
  icon?: string;
}

export interface ContextualSettings {
  display: 'header' | 'toc';
  options: Array<string | CustomOption>;
}

interface CustomOption {
  title: string;
  description?: string;
  icon?: string;
  href: string | { base: string; query?: Array<{ key: string; value: string }> };
}

const ASSISTANTS: Record<string, { label: string; url: (prompt: string) => string }> = {
  chatgpt: { label: 'ChatGPT', url: (prompt) => `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}` },
  claude: { label: 'Claude', url: (prompt) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
  perplexity: { label: 'Perplexity', url: (prompt) => `https://www.perplexity.ai/search?q=${encodeURIComponent(prompt)}` },
};
const BUILT_IN = new Set(['copy', 'view', ...Object.keys(ASSISTANTS)]);

/** The menu's settings, or none; an option this site has no entry for is a warning. */
export function contextualSettings(config: DocsJson | undefined): { settings?: ContextualSettings; issues: ConfigIssue[] } {
  const contextual = config?.contextual;
  if (!contextual?.options?.length) return { issues: [] };
  const issues: ConfigIssue[] = [];
  const options = contextual.options.filter((option, index) => {
    if (typeof option !== 'string') {
      // A link docs.json gives is followed by readers: only to web pages, never `javascript:`.
      const base = typeof option.href === 'string' ? option.href : option.href.base;
      if (/^(https?:\/\/|\/(?!\/))/i.test(base)) return true;
      issues.push({ severity: 'warning', code: 'unsafe-link', at: ['contextual', 'options', index, 'href'], message: `The page menu's ${JSON.stringify(option.title)} links to ${JSON.stringify(base.slice(0, 60))}, which is no web address: it is left out.`, hint: 'Give an https:// URL or a path of the site.' });
      return false;
    }
    if (BUILT_IN.has(option)) return true;
    issues.push({
      severity: 'warning',
      code: 'unknown-contextual-option',
      at: ['contextual', 'options', index],
      message: `The page menu has no ${JSON.stringify(option)} entry here: it is left out.`,
      hint: `Entries: ${[...BUILT_IN].join(', ')}, or a custom one ({ "title", "href" }).`,
    });
    return false;
  });
  return { settings: { display: contextual.display ?? 'header', options: options as ContextualSettings['options'] }, issues };
}

/** The menu of one page: `page` is its absolute URL (or path, without Astro's `site`), `markdown` its Markdown copy's. */
export function contextualItems(settings: ContextualSettings, page: { url: string; path: string; markdown: string; title: string }): ContextualItem[] {
  const prompt = `Read ${page.markdown} so I can ask questions about it.`;
  return settings.options.map((option): ContextualItem => {
    if (option === 'copy') return { label: 'Copy page', description: 'Copy this page as Markdown for AI tools', action: 'copy', icon: 'copy' };
    if (option === 'view') return { label: 'View as Markdown', description: 'Open this page as plain Markdown', action: 'link', href: page.markdown, icon: 'file-lines' };
    if (typeof option === 'string') {
      const assistant = ASSISTANTS[option]!;
      return { label: `Open in ${assistant.label}`, description: `Ask ${assistant.label} about this page`, action: 'link', href: assistant.url(prompt) };
    }
    const fill = (text: string) => text.replaceAll('$page', page.url).replaceAll('$path', page.path);
    let href: string;
    if (typeof option.href === 'string') href = fill(option.href);
    else {
      const query = (option.href.query ?? []).map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(fill(value))}`).join('&');
      href = query ? `${option.href.base}${option.href.base.includes('?') ? '&' : '?'}${query}` : option.href.base;
    }
    return { label: option.title, description: option.description ?? '', action: 'link', href, ...(option.icon ? { icon: option.icon } : {}) };
  });
}
