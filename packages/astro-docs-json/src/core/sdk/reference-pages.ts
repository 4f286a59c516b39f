/**
 * What the SDK expansion keeps as it goes: the reference pages made (generated, or pages
 * whose frontmatter names a symbol), the URL each symbol is shown at first (for links
 * between references), and the artifacts' problems, each reported once.
 */
import type { ConfigIssue, Diagnostic, JsonPath } from '../diagnostics.ts';
import type { PageFile } from '../pages/page-files.ts';
import { artifactKey, type ArtifactLibrary, type ArtifactProblem } from './artifacts.ts';
import type { SdkLibrary, SdkMember, SdkSymbol } from './model.ts';

/** A reference a page shows: a symbol, or one member of it. */
export interface ReferenceTarget {
  library: SdkLibrary;
  source: string;
  symbol: SdkSymbol;
  member?: SdkMember;
}

/** What the expansion keeps as it goes: the pages made, and the URL of each symbol's first page, per artifact. */
export class SdkExpansion {
  readonly pageFiles: PageFile[] = [];
  readonly issues: ConfigIssue[] = [];
  readonly diagnostics: Diagnostic[] = [];
  readonly targets = new Map<string, ReferenceTarget>();
  readonly symbolUrls = new Map<string, Map<string, string>>();
  readonly artifacts: ArtifactLibrary;
  private readonly usedUrls: Set<string>;
  private readonly reported = new Set<string>();

  constructor(artifacts: ArtifactLibrary, realPages: readonly PageFile[]) {
    this.artifacts = artifacts;
    this.usedUrls = new Set(realPages.map((page) => page.url));
  }

  /** Records that `url` shows `target`; the label keys its Markdown. */
  show(url: string, target: ReferenceTarget): string {
    const label = referenceLabel(target);
    this.targets.set(label, target);
    const urls = this.symbolUrls.get(target.source) ?? new Map<string, string>();
    this.symbolUrls.set(target.source, urls);
    const id = target.member?.id ?? target.symbol.id;
    if (!urls.has(id)) urls.set(id, url);
    return label;
  }

  /** A URL no page has yet: `wanted`, or `wanted-1`, `wanted-2`... */
  claimUrl(wanted: string): string {
    let url = wanted;
    for (let n = 1; this.usedUrls.has(url); n++) url = `${wanted}-${n}`;
    this.usedUrls.add(url);
    return url;
  }

  /** An artifact's problem, reported once per artifact: at the docs.json element, or in the artifact's file. */
  report(problem: ArtifactProblem, at: JsonPath, source: string): void {
    const key = `${problem.code} ${source}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    const omitted = `the SDK reference pages of ${source}`;
    if (problem.inFile) {
      this.diagnostics.push({ severity: 'warning', code: problem.code, file: problem.inFile.file, ...(problem.inFile.path ? { path: problem.inFile.path } : {}), message: problem.message, hint: problem.hint, omitted });
    } else this.issues.push({ severity: 'warning', code: problem.code, at, message: problem.message, hint: problem.hint, omitted });
  }
}

export const referenceLabel = (target: Pick<ReferenceTarget, 'source' | 'symbol' | 'member'>) =>
  `${artifactKey(target.source)} ${target.member ? `${target.member.kind} ${target.symbol.name}.${target.member.name}` : `${target.symbol.kind} ${target.symbol.name}`}`;

/** A description's first paragraph, as plain text, for the meta description and listings. */
export function firstParagraph(markdown: string): string {
  const paragraph = markdown.trim().split(/\n\s*\n/)[0] ?? '';
  const plain = paragraph.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '').replace(/\s+/g, ' ').trim();
  return plain.length > 300 ? `${plain.slice(0, 297).trimEnd()}…` : plain;
}

