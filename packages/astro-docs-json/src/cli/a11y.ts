/**
 * `a11y`: images and videos without a text alternative, at their file and line, and
 * docs.json colours that fail WCAG AA contrast (`core/a11y/accessibility.ts`); exit 1 when
 * there is any.
 */
import path from 'node:path';
import { AA_TEXT, contrastProblems, missingAltText, type AltTextProblem, type ContrastProblem } from '../core/a11y/accessibility.ts';
import { parsePageSource } from '../core/markdown/page-markdown.ts';
import { terminalStyle } from '../core/report/format.ts';
import type { Site } from '../core/site/load-site.ts';
import { docsFiles, type DocsFiles } from './docs-files.ts';
import { readableDocs } from './load-docs.ts';

export interface A11yOptions {
  contrast: boolean;
  altText: boolean;
  json: boolean;
}

export async function accessibilityCommand(docsDir: string, options: A11yOptions): Promise<number> {
  const site = await readableDocs(docsDir, 'Accessibility');
  return site ? reportAccessibility(site, options) : 1;
}

function reportAccessibility(site: Site, options: A11yOptions): number {
  const contrast = options.contrast && site.config ? contrastProblems(site.config) : [];
  const files = docsFiles(site);
  const altText = options.altText ? [...site.routes, ...site.snippets].flatMap(({ file }) => altTextOf(files, file)) : [];
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ contrast, altText }, null, 2)}\n`);
    return contrast.length + altText.length ? 1 : 0;
  }
  const style = terminalStyle(process.stdout);
  for (const problem of contrast) process.stdout.write(`${describeContrast(problem, style)}\n`);
  for (const problem of altText) process.stdout.write(`${describeAltText(problem, site.docsDir, style)}\n`);
  const total = contrast.length + altText.length;
  process.stdout.write(total ? `\n${style.red('✗')} ${contrast.length} colour contrast and ${altText.length} alt text problems.\n` : `${style.bold('✓')} No accessibility problems found.\n`);
  return total ? 1 : 0;
}

function altTextOf(files: DocsFiles, file: string): Array<AltTextProblem & { file: string }> {
  const source = files.read(file);
  if (source === undefined) return [];
  const { root, offset } = parsePageSource(source, file);
  return missingAltText(root, offset).map((problem) => ({ file, ...problem }));
}

function describeContrast(problem: ContrastProblem, style: ReturnType<typeof terminalStyle>): string {
  return `${style.bold(`docs.json ${problem.setting}`)} ${problem.color} on the ${problem.mode} background ${problem.background}\n  contrast ${problem.ratio.toFixed(2)}:1, under WCAG AA's ${AA_TEXT}:1 for text\n  ${style.dim('hint:')} ${problem.mode === 'light' ? 'darken it' : 'lighten it'}, or give ${problem.mode === 'dark' ? '`colors.light` for dark mode' : 'another `colors.primary`'}.`;
}

function describeAltText(problem: AltTextProblem & { file: string }, docsDir: string, style: ReturnType<typeof terminalStyle>): string {
  const file = path.relative(process.cwd(), path.join(docsDir, problem.file)) || problem.file;
  const what = problem.element === '<video>' ? 'has no aria-label or title' : 'has no alt text';
  return `${style.bold(`${file}:${problem.line}`)} ${problem.element}${problem.src ? ` \`${problem.src}\`` : ''} ${what}`;
}
