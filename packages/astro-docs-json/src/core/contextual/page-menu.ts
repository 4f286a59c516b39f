/**
 * `contextual/`: what a page offers AI tools: the page menu (`page-menu.ts`), and how an
 * assistant connects to the site's MCP server (`mcp-connection.ts`), which the menu,
 * llms.txt and the discovery document share.
 *
 * docs.json `contextual`: the page menu that hands a page to an AI assistant. `copy` puts
 * the page's Markdown on the clipboard, `view` opens it, the assistants open with a prompt
 * that links it, and custom entries link where their `href` says, with `$page` (the page's
 * URL) and `$path` (its path) filled in. Off unless docs.json asks for it, as on Mintlify.
 */
import type { ConfigIssue } from '../diagnostics.ts';
import { connectionText, cursorInstallLink, vscodeInstallLink, type McpConnection } from './mcp-connection.ts';
import type { DocsJson } from '../schema/docs-json.ts';

export interface ContextualItem {
  label: string;
  description: string;
  /** `copy` puts the page's Markdown on the clipboard, `copy-text` the text given, by the page's script; the others are links. */
  action: 'copy' | 'copy-text' | 'link';
  href?: string;
  text?: string;
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
/** The entries that connect an editor to the site's MCP server. */
const MCP_OPTIONS = ['mcp', 'cursor', 'vscode'];
const BUILT_IN = new Set(['copy', 'view', ...Object.keys(ASSISTANTS), ...MCP_OPTIONS]);

/**
 * The menu's settings, or none; an option this site has no entry for is a warning. `mcp`
 * says whether the site has an MCP server to connect to (`mcp-connection.ts`): when it has
 * none, the entries that connect to one are left out with a warning; when that is not known
 * (`check`, which sees no Astro config), they are kept.
 */
export function contextualSettings(config: DocsJson | undefined, { mcp }: { mcp?: boolean } = {}): { settings?: ContextualSettings; issues: ConfigIssue[] } {
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
    if (MCP_OPTIONS.includes(option) && mcp === false) {
      issues.push({
        severity: 'warning',
        code: 'no-mcp-server',
        at: ['contextual', 'options', index],
        message: `The page menu's ${JSON.stringify(option)} entry connects to the site's MCP server, which needs the site's address: it is left out.`,
        hint: 'Set `site` in astro.config (and `docsJson({ mcp: true })` with an adapter to serve MCP from the site itself).',
      });
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

/**
 * The menu of one page: `page` is its absolute URL (or path, without Astro's `site`),
 * `markdown` its Markdown copy's. The MCP entries need the site's server (`mcp`): without
 * one they are left out (the build has warned of it).
 */
export function contextualItems(settings: ContextualSettings, page: { url: string; path: string; markdown: string; title: string }, mcp?: McpConnection): ContextualItem[] {
  const prompt = `Read ${page.markdown} so I can ask questions about it.`;
  return settings.options.flatMap((option): ContextualItem | [] => {
    if (option === 'copy') return { label: 'Copy page', description: 'Copy this page as Markdown for AI tools', action: 'copy', icon: 'copy' };
    if (option === 'view') return { label: 'View as Markdown', description: 'Open this page as plain Markdown', action: 'link', href: page.markdown, icon: 'file-lines' };
    if (typeof option === 'string' && MCP_OPTIONS.includes(option)) return mcp ? mcpItem(option, mcp) : [];
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

function mcpItem(option: string, mcp: McpConnection): ContextualItem {
  if (option === 'cursor') return { label: 'Connect to Cursor', description: "Install these docs' MCP server in Cursor", action: 'link', href: cursorInstallLink(mcp) };
  if (option === 'vscode') return { label: 'Connect to VS Code', description: "Install these docs' MCP server in VS Code", action: 'link', href: vscodeInstallLink(mcp) };
  const what = mcp.transport === 'http' ? "the MCP server's URL" : 'the command that runs the MCP server';
  return { label: 'Copy MCP server', description: `Copy ${what} for AI tools`, action: 'copy-text', text: connectionText(mcp) };
}
