/**
 * `a11y`: images and videos without a text alternative and links and buttons without an
 * accessible name, at their file and line, and docs.json colours that fail WCAG AA contrast
 * (`core/a11y/`); exit 1 when there is any.
 */
import path from 'node:path';
import { contrastProblems, missingAltText, type AltTextProblem, type ContrastProblem } from '../core/a11y/accessibility.ts';
import { namelessControls, type NamelessControl } from '../core/a11y/accessible-names.ts';
import { parsePageSource } from '../core/markdown/page-markdown.ts';
import { terminalStyle } from '../core/report/format.ts';
import type { Site } from '../core/site/load-site.ts';
import { docsFiles, type DocsFiles } from './docs-files.ts';
import { readableDocs } from './load-docs.ts';

export interface A11yOptions {
  contrast: boolean;
  altText: boolean;
  linkNames: boolean;
  json: boolean;
}

export async function accessibilityCommand(docsDir: string, options: A11yOptions): Promise<number> {
  const site = await readableDocs(docsDir, 'Accessibility');
  return site ? reportAccessibility(site, options) : 1;
}

type Located<Problem> = Problem & { file: string };

function reportAccessibility(site: Site, options: A11yOptions): number {
  const contrast = options.contrast && site.config ? contrastProblems(site.config) : [];
  const files = docsFiles(site);
  const pages = [...site.routes, ...site.snippets].flatMap(({ file }) => pageProblems(files, file, options));
  const altText = pages.flatMap((page) => page.altText);
  const linkNames = pages.flatMap((page) => page.linkNames);
  const total = contrast.length + altText.length + linkNames.length;
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ contrast, altText, linkNames }, null, 2)}\n`);
    return total ? 1 : 0;
  }
  const style = terminalStyle(process.stdout);
  for (const problem of contrast) process.stdout.write(`${describeContrast(problem, style)}\n`);
  for (const problem of altText) process.stdout.write(`${describeAltText(problem, site.docsDir, style)}\n`);
  for (const problem of linkNames) process.stdout.write(`${describeNameless(problem, site.docsDir, style)}\n`);
  const iconOnly = linkNames.filter(({ content }) => content === 'icon').length;
  const summary = `${contrast.length} colour contrast, ${altText.length} alt text and ${linkNames.length} accessible name problems (${iconOnly} icon-only, ${linkNames.length - iconOnly} empty)`;
  process.stdout.write(total ? `\n${style.red('✗')} ${summary}.\n` : `${style.bold('✓')} No accessibility problems found.\n`);
  return total ? 1 : 0;
}

/** One file's images without alt text and nameless links and buttons, as the options ask. */
function pageProblems(files: DocsFiles, file: string, options: A11yOptions): { altText: Array<Located<AltTextProblem>>; linkNames: Array<Located<NamelessControl>> } {
  const source = options.altText || options.linkNames ? files.read(file) : undefined;
  if (source === undefined) return { altText: [], linkNames: [] };
  const { root, offset } = parsePageSource(source, file);
  return {
    altText: options.altText ? missingAltText(root, offset).map((problem) => ({ file, ...problem })) : [],
    linkNames: options.linkNames ? namelessControls(root, offset).map((problem) => ({ file, ...problem })) : [],
  };
}

const locationOf = (file: string, docsDir: string) => path.relative(process.cwd(), path.join(docsDir, file)) || file;

function describeContrast(problem: ContrastProblem, style: ReturnType<typeof terminalStyle>): string {
  const needs = problem.setting === 'colors.dark' ? `under WCAG AA's ${problem.threshold}:1 for buttons and other parts of the interface` : `under WCAG AA's ${problem.threshold}:1 for text`;
  const hint =
    problem.setting === 'colors.dark'
      ? 'it is drawn on both backgrounds: pick a mid tone, neither very light nor very dark.'
      : `${problem.mode === 'light' ? 'darken it' : 'lighten it'}, or give ${problem.mode === 'dark' ? '`colors.light` for dark mode' : 'another `colors.primary`'}.`;
  return `${style.bold(`docs.json ${problem.setting}`)} ${problem.color} on the ${problem.mode} background ${problem.background}\n  contrast ${problem.ratio.toFixed(2)}:1, ${needs}\n  ${style.dim('hint:')} ${hint}`;
}

function describeAltText(problem: Located<AltTextProblem>, docsDir: string, style: ReturnType<typeof terminalStyle>): string {
  const file = locationOf(problem.file, docsDir);
  const what = problem.element === '<video>' ? 'has no aria-label or title' : 'has no alt text';
  return `${style.bold(`${file}:${problem.line}`)} ${problem.element}${problem.src ? ` \`${problem.src}\`` : ''} ${what}`;
}

function describeNameless(problem: Located<NamelessControl>, docsDir: string, style: ReturnType<typeof terminalStyle>): string {
  const what = problem.element === 'link' ? 'link' : problem.element;
  const target = problem.href !== undefined ? ` to \`${problem.href}\`` : '';
  const shows = problem.content === 'icon' ? `shows only ${problem.icon ? `the icon \`${problem.icon}\`` : 'an icon or an image with no alt text'}` : 'shows nothing';
  const hint =
    problem.content === 'icon'
      ? 'give it an `aria-label` (or `title`) that says where it leads: the pages this package builds name it from its destination, Mintlify leaves it nameless.'
      : 'give it text, or an `aria-label`, or remove it.';
  return `${style.bold(`${locationOf(problem.file, docsDir)}:${problem.line}`)} ${what}${target} ${shows}, and has no accessible name\n  ${style.dim('hint:')} ${hint}`;
}
