/**
 * The one summary a build and `check` end with: the pages built, the navigation entries
 * left out and why, and what was tolerated, counted by kind. Whatever the site is built
 * without is named here, so that nothing is lost silently.
 */
import type { Diagnostic } from '../diagnostics.ts';
import { plainStyle, positionOf, type Style } from './format.ts';

export interface LeftOut {
  /** The navigation entry: a page path, an operation, a spec's generated pages. */
  entry: string;
  /** Where it is listed: `docs.json navigation.tabs[0].pages[2]`, or a page file. */
  where: string;
  reason: string;
}

export interface SiteSummary {
  /** The pages of the route table, the hidden ones included; none without a valid docs.json. */
  pages: number | undefined;
  /** Pages that no navigation lists. */
  hiddenPages: number;
  leftOut: LeftOut[];
  /** The pages built with a notice in place of their content, as `file:line` where the line is known. */
  failedPages: string[];
  /** Warnings by kind, the most frequent first. */
  warnings: Array<{ code: string; label: string; count: number }>;
  errors: number;
}

/** What each kind of warning is, in a few words, for the counts. */
export const WARNING_KINDS: Record<string, string> = {
  'missing-page': 'navigation pages with no file',
  'ignored-page': 'navigation pages `.mintignore` leaves out',
  'ignored-file': 'images, snippets, specs and files docs.json names that `.mintignore` leaves out',
  'unknown-operation': 'OpenAPI operations their specs lack',
  'missing-openapi': 'OpenAPI specs not found',
  'ambiguous-operation': 'OpenAPI operations found in several specs',
  'openapi-url': 'OpenAPI specs named by URL and not read',
  'invalid-openapi': 'OpenAPI specs read despite problems',
  'asyncapi-not-read': 'AsyncAPI documents not found, or named by URL and not downloaded, built without their pages',
  'invalid-asyncapi': 'AsyncAPI documents, or parts of them, that could not be read',
  'unknown-channel': 'pages whose `asyncapi` channel is not in the document',
  'graphql-schema': 'GraphQL schemas not found or not read, built without their pages',
  'invalid-graphql': 'GraphQL schemas that do not parse or validate, built without their pages',
  'graphql-placement': '`graphql` settings where Mintlify does not read them',
  'sdk-format-unsupported': 'SDK artifacts in a format not read yet, their pages left out',
  'sdk-remote-artifact': 'SDK artifacts named by URL, not downloaded',
  'missing-sdk-artifact': 'SDK artifacts not found',
  'invalid-sdk-artifact': 'SDK artifacts that could not be read',
  'sdk-outside-docs': 'SDK artifacts outside the docs folder, not read',
  'sdk-placement': '`sdk` settings where Mintlify does not take them',
  'sdk-symbol': 'pages whose `sdk` symbol is not shown',
  'invalid-frontmatter': 'frontmatter values ignored',
  'lenient-frontmatter': 'frontmatters that are not strict YAML, read as Mintlify reads them',
  'missing-import': 'imports of missing files, rendered as nothing',
  'dropped-import': 'imports of packages left out, as on Mintlify (built-in components in their place)',
  'missing-image': 'images not in the docs folder',
  'missing-file': 'logos, favicons, backgrounds and fonts docs.json names that are not in the docs folder',
  'malformed-url': 'links and images with a malformed `%` escape',
  'forgiving-mdx': 'MDX repaired as Mintlify reads it',
  'unknown-component': 'unknown components, shown as their content',
  'unknown-icon': 'unknown icons',
  'unknown-variable': '`{{name}}`s no docs.json variable defines, shown as written',
  'unusable-variable': 'docs.json variables no `{{name}}` can name',
  'unknown-key': 'unknown docs.json keys, ignored',
  'unsupported-setting': 'Mintlify settings this site does not apply',
  'hosted-contextual-option': 'page-menu entries that need Mintlify\'s hosted services',
  'redirect-path': 'redirect paths without a leading slash',
  'redirect-unmatched': 'redirects that match no page',
  'redirect-shadowed': 'redirects hidden by a page',
  'duplicate-page': 'pages in both .md and .mdx',
  'outside-docs': 'symbolic links that lead out of the docs folder, not followed',
  'page-import': 'page imports of code from outside the docs folder, run at build time',
  'empty-division': 'navigation elements with nothing in them',
  'link-entry': "links among `pages` (mint.json's), shown in the sidebar",
  'related-page': '"Related topics" links that lead to no page, or beyond the limit, left out',
  'restricted-page': "pages for signed-in readers of some groups, left out, even with `strict` (`restrictedPages: 'publish'` publishes them)",
  'page-error': 'pages that failed while they rendered, shown with a notice in place of their content',
  'component-error': 'components that failed while their page rendered, shown as a notice',
  'social-image': 'logos, backgrounds or fonts the social images are drawn without',
  'unknown-language': 'code-block languages the highlighter lacks, shown as plain text',
  'custom-language': "docs.json code languages that can't be read, shown as plain text",
  'unknown-code-theme': 'unknown code themes, replaced by the default ones',
  'unknown-sample-language': 'request-sample languages with no samples, left out',
  'diagram-option': 'diagram options ignored',
  'diagram-syntax': 'diagrams Mermaid cannot read, shown as their source',
  'math-syntax': 'formulas KaTeX cannot typeset, shown as their source',
  'git-dates': "last-modified dates Git could not give",
  'invalid-integration': 'integration settings ignored',
  'consent-unavailable': 'analytics that wait for a consent that cannot be asked',
  'telemetry-off': 'analytics not loaded, as `integrations.telemetry` asks',
  'unknown-contextual-option': 'unknown page-menu entries, left out',
  'unsafe-link': 'page-menu links that are not web addresses, left out',
  'no-mcp-server': 'page-menu entries for an MCP server the site cannot name, left out',
};

/** Why an entry was left out, from the problem's kind; its message otherwise. */
const REASONS: Record<string, string> = {
  'missing-page': 'no file',
  'ignored-page': 'its file is ignored, by `.mintignore` or by default',
  'ignored-file': 'its spec is ignored, by `.mintignore` or by default',
  'unknown-operation': 'not in its spec',
  'missing-openapi': 'no such spec',
  'openapi-url': 'its spec could not be fetched',
  'graphql-schema': 'its GraphQL schema could not be read',
  'invalid-graphql': 'its GraphQL schema is invalid',
  'outside-docs': 'its spec is behind a link out of the docs folder',
  'sdk-format-unsupported': 'its artifact is in a format not read yet',
  'sdk-remote-artifact': 'its artifact is named by URL, and not downloaded',
  'missing-sdk-artifact': 'no such artifact',
  'invalid-sdk-artifact': 'its artifact could not be read',
  'sdk-outside-docs': 'its artifact lies outside the docs folder',
};

export function summarizeSite(site: { config?: unknown; routes: ReadonlyArray<{ hidden: boolean }>; diagnostics: readonly Diagnostic[] }): SiteSummary {
  const counts = new Map<string, number>();
  const leftOut: LeftOut[] = [];
  const failedPages: string[] = [];
  let errors = 0;
  for (const diagnostic of site.diagnostics) {
    if (diagnostic.severity === 'error') errors++;
    else counts.set(diagnostic.code, (counts.get(diagnostic.code) ?? 0) + 1);
    if (diagnostic.code === 'page-error') failedPages.push(`${diagnostic.file}${positionOf(diagnostic)}`);
    if (diagnostic.omitted !== undefined) {
      const where = `${diagnostic.file}${diagnostic.path ? ` ${diagnostic.path}` : diagnostic.line ? `:${diagnostic.line}` : ''}`;
      leftOut.push({ entry: diagnostic.omitted, where, reason: REASONS[diagnostic.code] ?? diagnostic.message });
    }
  }
  return {
    pages: site.config === undefined ? undefined : site.routes.length,
    hiddenPages: site.routes.filter((route) => route.hidden).length,
    leftOut,
    failedPages: failedPages.sort(),
    warnings: [...counts]
      .map(([code, count]) => ({ code, label: WARNING_KINDS[code] ?? code, count }))
      .sort((a, b) => b.count - a.count || a.code.localeCompare(b.code)),
    errors,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** At most this many left-out entries are listed one by one; `check` lists them all. */
const LISTED = 20;

export function formatSummary(summary: SiteSummary, style: Style = plainStyle, { all = false } = {}): string {
  const lines = [
    summary.pages === undefined
      ? style.bold('No route table until docs.json is valid.')
      : style.bold(`${plural(summary.pages, 'page')} (${summary.hiddenPages} not in the navigation)`),
  ];
  if (summary.leftOut.length > 0) {
    const count = summary.leftOut.length;
    lines.push(`${count} navigation ${count === 1 ? 'entry' : 'entries'} left out:`);
    const shown = all ? summary.leftOut : summary.leftOut.slice(0, LISTED);
    for (const { entry, where, reason } of shown) lines.push(`  ${entry}  ${style.dim(`(${reason}; ${where})`)}`);
    if (shown.length < summary.leftOut.length) lines.push(`  ${style.dim(`and ${summary.leftOut.length - shown.length} more: \`npx astro-docs-json check\` lists them all`)}`);
  }
  if (summary.failedPages.length > 0) {
    const count = summary.failedPages.length;
    lines.push(`${plural(count, 'page')} failed while ${count === 1 ? 'it' : 'they'} rendered, built with a notice in place of ${count === 1 ? 'its' : 'their'} content:`);
    for (const page of all ? summary.failedPages : summary.failedPages.slice(0, LISTED)) lines.push(`  ${page}`);
    if (!all && count > LISTED) lines.push(`  ${style.dim(`and ${count - LISTED} more`)}`);
  }
  if (summary.warnings.length > 0) {
    const total = summary.warnings.reduce((sum, kind) => sum + kind.count, 0);
    lines.push(`${plural(total, 'warning')}, tolerated as Mintlify does (\`strict\` makes them errors):`);
    for (const { code, label, count } of summary.warnings) lines.push(`  ${String(count).padStart(5)}  ${label} ${style.dim(`(${code})`)}`);
  }
  if (summary.errors > 0) lines.push(style.red(plural(summary.errors, 'error')));
  return lines.join('\n');
}

/**
 * The diagnostics a build prints: every error, and of each kind of warning the first
 * `shown`; `hidden` counts the rest by kind, so that a large site's log does not repeat
 * one kind of warning thousands of times (`check` lists them all).
 */
export function diagnosticsToLog(diagnostics: readonly Diagnostic[], shown = 5): { printed: Diagnostic[]; hidden: Map<string, number> } {
  const printed: Diagnostic[] = [];
  const perKind = new Map<string, number>();
  const hidden = new Map<string, number>();
  for (const diagnostic of diagnostics) {
    const count = perKind.get(diagnostic.code) ?? 0;
    if (diagnostic.severity === 'error' || count < shown) {
      printed.push(diagnostic);
      if (diagnostic.severity === 'warning') perKind.set(diagnostic.code, count + 1);
    } else hidden.set(diagnostic.code, (hidden.get(diagnostic.code) ?? 0) + 1);
  }
  return { printed, hidden };
}
