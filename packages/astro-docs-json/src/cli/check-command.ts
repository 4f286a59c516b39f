/**
 * `check` and `validate`: the docs folder's problems as a build would report them, the
 * components and frontmatter keys it does not know, and its summary; exit 1 on an error.
 */
import path from 'node:path';
import { compatibility } from '../core/report/compatibility.ts';
import { summarize, terminalStyle } from '../core/report/format.ts';
import { formatSummary, summarizeSite } from '../core/report/summary.ts';
import type { Site } from '../core/site/load-site.ts';
import { loadDocs, reportProblems } from './load-docs.ts';

export async function checkCommand(docsDir: string, strict: boolean): Promise<number> {
  const site = await loadDocs(docsDir, strict);
  reportProblems(site, process.stdout);
  const { errors, text } = summarize(site.diagnostics);
  const where = path.relative(process.cwd(), path.join(site.docsDir, 'docs.json')) || 'docs.json';
  const style = terminalStyle(process.stdout);
  reportUnknown(site, style);
  process.stdout.write(`${formatSummary(summarizeSite(site), style, { all: true })}\n\n`);
  if (errors > 0) {
    process.stdout.write(`${style.red('✗')} ${where}: ${text}.\n`);
    return 1;
  }
  process.stdout.write(`${style.bold('✓')} ${where} is valid: ${text}.\n`);
  return 0;
}

function reportUnknown(site: Site, style: ReturnType<typeof terminalStyle>): void {
  const { components, frontmatterKeys } = compatibility(site);
  if (!components.length && !frontmatterKeys.length) return;
  const list = (items: string[]) => (items.length > 5 ? `${items.slice(0, 5).join(', ')} and ${items.length - 5} more` : items.join(', '));
  process.stdout.write(`${style.bold('Not known to this site')} (components show their content alone; frontmatter keys are kept, unused):\n`);
  for (const { name, uses } of components) process.stdout.write(`  component <${name}>: ${list(uses)}\n`);
  for (const { key, files } of frontmatterKeys) process.stdout.write(`  frontmatter \`${key}\`: ${list(files)}\n`);
  process.stdout.write('\n');
}
