/**
 * docs.json `contextual`: the page menu that hands a page to an AI assistant. `copy` puts
 * the page's Markdown on the clipboard, `view` opens it, the assistants open with a prompt
 * that links it, and custom entries link where their `href` says, with `$page` (the page's
 * URL) and `$path` (its path) filled in. Off unless docs.json asks for it, as on Mintlify.
 */
import type { ConfigIssue } from '../diagnostics.ts';
import { connectionText, cursorInstallLink, vscodeInstallLink, type McpConnection } from './mcp-connection.ts';
import type { DocsJson, Icon } from '../schema/docs-json.ts';

export interface ContextualItem {
  label: string;
  description: string;
  /**
   * `copy` puts the page's Markdown on the clipboard, `copy-text` the text given, `print`
   * opens the browser's print dialog (to save the page as a PDF): the page's script does
   * these. The others are links; `download` ones save the file they lead to.
   */
  action: 'copy' | 'copy-text' | 'print' | 'link' | 'download';
  href?: string;
  text?: string;
  icon?: Icon;
}

export interface ContextualSettings {
  display: 'header' | 'toc';
  options: Array<string | CustomOption>;
}

interface CustomOption {
  title: string;
  description?: string;
  icon?: Icon;
  href: string | { base: string; query?: Array<{ key: string; value: string }> };
}

/** The assistants a page opens in, with a prompt that links its Markdown. */
const ASSISTANTS: Record<string, { label: string; url: (prompt: string) => string }> = {
  chatgpt: { label: 'ChatGPT', url: (prompt) => `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}` },
  claude: { label: 'Claude', url: (prompt) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}` },
  perplexity: { label: 'Perplexity', url: (prompt) => `https://www.perplexity.ai/search?q=${encodeURIComponent(prompt)}` },
  grok: { label: 'Grok', url: (prompt) => `https://grok.com/?q=${encodeURIComponent(prompt)}` },
  aistudio: { label: 'Google AI Studio', url: (prompt) => `https://aistudio.google.com/prompts/new_chat?prompt=${encodeURIComponent(prompt)}` },
  devin: { label: 'Devin', url: (prompt) => `https://app.devin.ai/?prompt=${encodeURIComponent(prompt)}` },
};
/** The icon of each entry Mintlify names (Font Awesome's names, as docs.json's). */
const ENTRY_ICONS: Record<string, string> = {
  copy: 'copy', view: 'file-lines', 'download-pdf': 'file-pdf', 'download-spec': 'file-code',
  chatgpt: 'comments', claude: 'comments', perplexity: 'comments', grok: 'comments', aistudio: 'comments', devin: 'comments',
  mcp: 'server', 'add-mcp': 'terminal', cursor: 'plug', vscode: 'plug',
};

/** The icons a menu shows, for the site's icon style sheet. */
export function contextualIcons(settings: ContextualSettings | undefined): Icon[] {
  return (settings?.options ?? []).flatMap((option) => (typeof option === 'string' ? [ENTRY_ICONS[option] ?? []].flat() : option.icon ? [option.icon] : []));
}

/** The entries that connect an editor to the site's MCP server. */
const MCP_OPTIONS = ['mcp', 'add-mcp', 'cursor', 'vscode'];
const BUILT_IN = new Set(['copy', 'view', 'download-pdf', 'download-spec', ...Object.keys(ASSISTANTS), ...MCP_OPTIONS]);
/**
 * Entries Mintlify offers that need its hosted services (its assistant) or apps whose links
 * it does not document (Devin Desktop, once Windsurf; Devin's MCP install): left out, said so.
 */
const HOSTED_ONLY: Record<string, string> = {
  assistant: "Mintlify's hosted AI assistant",
  'devin-desktop': 'the Devin Desktop app, whose links are not documented',
  windsurf: 'the Windsurf app (now Devin Desktop), whose links are not documented',
  'devin-mcp': "Devin's MCP install, whose links are not documented",
};

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
      if (!/^(https?:\/\/|\/(?!\/))/i.test(base)) {
        issues.push({ severity: 'warning', code: 'unsafe-link', at: ['contextual', 'options', index, 'href'], message: `The page menu's ${JSON.stringify(option.title)} links to ${JSON.stringify(base.slice(0, 60))}, which is no web address: it is left out.`, hint: 'Give an https:// URL or a path of the site.' });
        return false;
      }
      if (mcp === false && JSON.stringify(option.href).includes('$mcp')) {
        issues.push({ severity: 'warning', code: 'no-mcp-server', at: ['contextual', 'options', index, 'href'], message: `The page menu's ${JSON.stringify(option.title)} names \`$mcp\`, the site's MCP server, which needs the site's address: it is left out.`, hint: 'Set `site` in astro.config.' });
        return false;
      }
      return true;
    }
    if (option in HOSTED_ONLY) {
      issues.push({ severity: 'warning', code: 'hosted-contextual-option', at: ['contextual', 'options', index], message: `The page menu's ${JSON.stringify(option)} entry needs ${HOSTED_ONLY[option]}: it is left out.`, hint: `Entries a self-hosted site offers: ${[...BUILT_IN].join(', ')}, or a custom one ({ "title", "href" }).` });
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

/** The page a menu is for. */
export interface MenuPage {
  /** Its absolute URL (or path, without Astro's `site`), and its path. */
  url: string;
  path: string;
  /** Its Markdown copy's URL. */
  markdown: string;
  title: string;
  /** The OpenAPI file an API page documents, as a link (`download-spec`). */
  spec?: string;
}

/**
 * The menu of one page. The MCP entries need the site's server (`mcp`): without one they
 * are left out (the build has warned of it); `download-spec` shows on API pages only.
 */
export function contextualItems(settings: ContextualSettings, page: MenuPage, mcp?: McpConnection): ContextualItem[] {
  const prompt = `Read ${page.markdown} so I can ask questions about it.`;
  return settings.options.flatMap((option): ContextualItem | [] => {
    if (typeof option !== 'string') return customItem(option, page, mcp);
    if (MCP_OPTIONS.includes(option)) return mcp ? mcpItem(option, mcp) : [];
    const assistant = ASSISTANTS[option];
    if (assistant) return { label: `Open in ${assistant.label}`, description: `Ask ${assistant.label} about this page`, action: 'link', href: assistant.url(prompt), icon: ENTRY_ICONS[option]! };
    if (option === 'copy') return { label: 'Copy page', description: 'Copy this page as Markdown for AI tools', action: 'copy', icon: ENTRY_ICONS[option]! };
    if (option === 'view') return { label: 'View as Markdown', description: 'Open this page as plain Markdown', action: 'link', href: page.markdown, icon: ENTRY_ICONS[option]! };
    if (option === 'download-pdf') return { label: 'Download PDF', description: 'Save this page as a PDF', action: 'print', icon: ENTRY_ICONS[option]! };
    if (option === 'download-spec') return page.spec ? { label: 'Download API spec', description: 'Download the OpenAPI file of this API', action: 'download', href: page.spec, icon: ENTRY_ICONS[option]! } : [];
    return [];
  });
}

/** A custom entry: `$page` (the page's URL), `$path` (its path) and `$mcp` (the MCP server's address) filled in. */
function customItem(option: CustomOption, page: MenuPage, mcp: McpConnection | undefined): ContextualItem | [] {
  const server = mcp ? connectionText(mcp) : undefined;
  if (server === undefined && JSON.stringify(option.href).includes('$mcp')) return [];
  const fill = (text: string) => text.replaceAll('$page', page.url).replaceAll('$path', page.path).replaceAll('$mcp', server ?? '');
  let href: string;
  if (typeof option.href === 'string') href = fill(option.href);
  else {
    const query = (option.href.query ?? []).map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(fill(value))}`).join('&');
    href = query ? `${option.href.base}${option.href.base.includes('?') ? '&' : '?'}${query}` : option.href.base;
  }
  return { label: option.title, description: option.description ?? '', action: 'link', href, ...(option.icon ? { icon: option.icon } : {}) };
}

function mcpItem(option: string, mcp: McpConnection): ContextualItem {
  if (option === 'cursor') return { label: 'Connect to Cursor', description: "Install these docs' MCP server in Cursor", action: 'link', href: cursorInstallLink(mcp), icon: ENTRY_ICONS[option]! };
  if (option === 'vscode') return { label: 'Connect to VS Code', description: "Install these docs' MCP server in VS Code", action: 'link', href: vscodeInstallLink(mcp), icon: ENTRY_ICONS[option]! };
  if (option === 'add-mcp') return { label: 'Copy MCP install command', description: "Copy the command that adds these docs' MCP server to your AI tools", action: 'copy-text', text: addMcpCommand(mcp), icon: ENTRY_ICONS[option]! };
  const what = mcp.transport === 'http' ? "the MCP server's URL" : 'the command that runs the MCP server';
  return { label: 'Copy MCP server', description: `Copy ${what} for AI tools`, action: 'copy-text', text: connectionText(mcp), icon: ENTRY_ICONS[option]! };
}

/** `npx add-mcp`, which writes the server into the settings of the AI tools it finds. */
function addMcpCommand(mcp: McpConnection): string {
  return mcp.transport === 'http' ? `npx add-mcp ${mcp.url}` : `npx add-mcp "${connectionText(mcp)}"`;
}
