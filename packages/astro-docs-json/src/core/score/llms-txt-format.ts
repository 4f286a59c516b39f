/**
 * Reading an llms.txt as the llmstxt.org format lays it out: an H1, a blockquote summary,
 * free text on how to use the files (the directives), then H2 sections of link lists.
 */

export interface LlmsProblem {
  line: number;
  message: string;
}

export interface LlmsLink {
  url: string;
  line: number;
  /** The H2 section it is listed under; `''` before the first. */
  section: string;
  /** Written as a Markdown link, `[title](url)`, not a bare address. */
  markdown: boolean;
}

/**
 * The target of a Markdown link, `](url)` or `](<url> "title")`: escaped characters and one
 * level of balanced parentheses included, as CommonMark reads them (`/a\(1\).png`, `/a(1).png`).
 */
const LINK_TARGET = /\]\(<?((?:\\.|\([^()\s]*\)|[^()\s<>\\])+)>?(?:\s+"[^"]*")?\)/g;

/** The targets of the Markdown links of a line, unescaped. */
export function markdownTargets(line: string): string[] {
  return [...line.matchAll(LINK_TARGET)].map((match) => match[1]!.replace(/\\(.)/g, '$1'));
}

const LINK_ITEM = /^\s*[-*]\s*\[(?:\\.|[^\]\\])+\]\([^)\s]+\)(:\s*.*)?$/;

/** The llmstxt.org format: an H1, then anything but headings, then H2 sections of link lists. */
export function validateLlmsTxt(text: string): LlmsProblem[] {
  const problems: LlmsProblem[] = [];
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first === -1 || !/^# \S/.test(lines[first]!)) problems.push({ line: first + 1 || 1, message: 'llms.txt must start with an H1: `# Site name`.' });
  let inSection = false;
  lines.forEach((line, index) => {
    if (index <= first || line.trim() === '') return;
    const heading = /^(#{1,6})\s/.exec(line);
    if (heading) {
      if (heading[1] === '##') inSection = true;
      else problems.push({ line: index + 1, message: `Only H2 headings may follow the title, not ${heading[1]}.` });
      return;
    }
    if (inSection && !LINK_ITEM.test(line)) problems.push({ line: index + 1, message: 'A section holds only a list of links: `- [Title](url): description`.' });
  });
  if (!lines.some((line) => /^>\s*\S/.test(line))) problems.push({ line: first + 2, message: 'There is no blockquote summary (`> What the site is about.`) under the title.' });
  if (!text.includes('](')) problems.push({ line: first + 1 || 1, message: 'There is no Markdown link (`[Title](url)`) to a page.' });
  return problems;
}

/** Every link of an llms.txt, Markdown or bare, with the section it is in. */
export function llmsLinks(text: string): LlmsLink[] {
  const links: LlmsLink[] = [];
  let section = '';
  text.split('\n').forEach((line, index) => {
    const heading = /^##\s+(.*)$/.exec(line);
    if (heading) section = heading[1]!.trim();
    for (const url of markdownTargets(line)) links.push({ url, line: index + 1, section, markdown: true });
    // An address written out, not as the target of a Markdown link.
    const bare = line.replace(LINK_TARGET, '](…)').match(/(?<![(<])\bhttps?:\/\/[^\s)>\]]+/g) ?? [];
    for (const url of bare) links.push({ url, line: index + 1, section, markdown: false });
  });
  return links;
}

/**
 * The text between the title's summary and the first section that tells an agent how to use
 * the files (llmstxt.org's "details" part: instructions, where the Markdown and the full text
 * are): what is there besides the one-line summary.
 */
export function llmsDirectives(text: string): string[] {
  const lines = text.split('\n');
  const title = lines.findIndex((line) => /^# \S/.test(line));
  const end = lines.findIndex((line, index) => index > title && /^##\s/.test(line));
  const between = lines.slice(title + 1, end === -1 ? lines.length : end);
  // The summary: the first blockquote paragraph that is not a block of its own (`> ## Agent Instructions`).
  const start = between.findIndex((line) => /^>\s*[^#\s]/.test(line));
  let stop = start;
  while (start !== -1 && stop < between.length && /^>/.test(between[stop]!)) stop++;
  return between.filter((line, index) => line.trim() !== '' && (start === -1 || index < start || index >= stop));
}
