/**
 * `routes`: the route table, every page's URL, file, title, version and language, as
 * columns or JSON. Problems go to stderr, so that stdout stays the table alone.
 */
import { summarize } from '../core/report/format.ts';
import type { Site } from '../core/site/load-site.ts';
import { loadDocs, reportProblems } from './load-docs.ts';

export async function routesCommand(docsDir: string, json: boolean): Promise<number> {
  const site = await loadDocs(docsDir);
  if (!site.ok) {
    reportProblems(site, process.stderr);
    process.stderr.write(`The route table cannot be built: ${summarize(site.diagnostics).text}.\n`);
    return 1;
  }
  process.stdout.write(json ? `${JSON.stringify(routeTable(site), null, 2)}\n` : routeColumns(site));
  return 0;
}

function routeTable(site: Site) {
  return {
    routes: site.routes.map(({ url, file, title, version, language, hidden }) => ({ url, file, title, version, language, hidden })),
    defaultVersion: site.defaultVersion,
    defaultLanguage: site.defaultLanguage,
  };
}

function routeColumns(site: Site): string {
  const rows = [
    ['URL', 'FILE', 'TITLE', 'VERSION', 'LANGUAGE', 'HIDDEN'],
    ...site.routes.map((r) => [r.url, r.file, r.title, r.version ?? '-', r.language ?? '-', r.hidden ? 'yes' : '']),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => `${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()}\n`);
  return `${lines.join('')}\n${site.routes.length} routes; default version: ${site.defaultVersion ?? 'none'}; default language: ${site.defaultLanguage ?? 'none'}.\n`;
}
