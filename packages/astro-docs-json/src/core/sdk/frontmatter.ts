/**
 * Pages whose frontmatter names one SDK symbol (`sdk: "class Client"`, `sdk: "method
 * Client.getUser"`, or the object form with `kind`, `name`, `parent`, `format`, `source`):
 * the symbol's reference is shown below the page's own content, and gives the page its
 * title and description where the page sets none. As on Mintlify, only pages the navigation
 * lists are built so; the string form takes its format (and, unless it names one, its
 * artifact) from the tab or group `sdk` above the page. Every failure is a warning: the
 * page keeps its own content.
 */
import { closestMatches, listOf, type Diagnostic } from '../diagnostics.ts';
import type { PageFile } from '../pages/page-files.ts';
import { SDK_SYMBOL_KINDS, type SdkSetting, type SdkSymbolKind, type SdkSymbolSetting } from '../schema/sdk.ts';
import { artifactKey } from './artifacts.ts';
import { firstParagraph, type ReferenceTarget, type SdkExpansion } from './reference-pages.ts';
import type { SdkLibrary } from './model.ts';

/** What a page's `sdk` frontmatter asks for, with the inherited setting filled in. */
interface SymbolRequest {
  kind: SdkSymbolKind;
  name: string;
  parent?: string;
  format: SdkSetting['format'];
  source: string;
}

export async function resolveSymbolPages(expansion: SdkExpansion, realPages: readonly PageFile[], listed: ReadonlyMap<string, SdkSetting | undefined>): Promise<void> {
  for (const page of realPages) {
    const value = page.frontmatter.sdk;
    if (value === undefined) continue;
    const warn = (message: string, hint: string) => expansion.diagnostics.push({ severity: 'warning', code: 'sdk-symbol', file: page.file, message: `The frontmatter's \`sdk\`: ${message} The page is built with its own content only.`, hint });
    if (!listed.has(page.url)) {
      warn('the page is in no navigation, and SDK references are built only for pages the navigation lists.', 'List the page in docs.json, under the tab or group whose `sdk` it draws from.');
      continue;
    }
    const request = symbolRequest(value, listed.get(page.url));
    if ('problem' in request) {
      warn(request.problem, request.hint);
      continue;
    }
    const outcome = await expansion.artifacts.read(request);
    if ('problem' in outcome) {
      expansion.diagnostics.push({ severity: 'warning', code: outcome.problem.code, file: page.file, message: `${outcome.problem.message} The page's \`sdk\` symbol is not shown.`, hint: outcome.problem.hint });
      continue;
    }
    const found = findSymbol(outcome.library, request);
    if ('problem' in found) {
      warn(found.problem, found.hint);
      continue;
    }
    const target: ReferenceTarget = { library: outcome.library, source: request.source, ...found.target };
    page.sdk = { source: artifactKey(request.source), label: expansion.show(page.url, target) };
    const doc = found.target.member?.doc ?? found.target.symbol.doc;
    const summary = firstParagraph(doc.description);
    const title = found.target.member ? `${found.target.symbol.name}.${found.target.member.name}` : found.target.symbol.name;
    page.frontmatter = { ...page.frontmatter, ...(page.frontmatter.title === undefined ? { title } : {}), ...(page.frontmatter.description === undefined && summary ? { description: summary } : {}) };
  }
}

type Problem = { problem: string; hint: string };

/** The string form `[source] kind name`, or the object form, over the setting the page inherits. */
export function symbolRequest(value: string | SdkSymbolSetting, inherited: SdkSetting | undefined): SymbolRequest | Problem {
  let written: SdkSymbolSetting;
  if (typeof value === 'string') {
    const words = value.trim().split(/\s+/);
    const [source, kind, name] = words.length === 3 ? words : [undefined, words[0], words[1]];
    if (words.length < 2 || words.length > 3 || !SDK_SYMBOL_KINDS.includes(kind as SdkSymbolKind)) {
      return { problem: `${JSON.stringify(value)} is not \`[source] kind name\`.`, hint: `The kind is one of ${listOf([...SDK_SYMBOL_KINDS])}: \`class Client\`, \`method Client.getUser\`.` };
    }
    if (!inherited) return { problem: 'the string form takes its format from a tab or group with `sdk`, and the page is under none.', hint: 'Write the object form, with `format` and `source`, or move the page under a tab or group with `sdk`.' };
    written = { kind: kind as SdkSymbolKind, name: name!, ...(source ? { source } : {}) };
  } else written = value;
  const format = written.format ?? inherited?.format;
  const source = written.source ?? inherited?.source;
  if (!format || !source) return { problem: `it names no ${format ? '`source`' : '`format`'}, and the page is under no tab or group with \`sdk\`.`, hint: 'Set `format` and `source` in the object form.' };
  let { name, parent } = written;
  if ((written.kind === 'method' || written.kind === 'property') && parent === undefined) {
    const dot = name.lastIndexOf('.');
    if (dot <= 0) return { problem: `a ${written.kind} is named with its parent: \`${written.kind} Parent.${name}\`.`, hint: 'Write the enclosing class, interface or type before the name, or set `parent`.' };
    parent = name.slice(0, dot);
    name = name.slice(dot + 1);
  }
  return { kind: written.kind, name, ...(parent ? { parent } : {}), format, source };
}

function findSymbol(library: SdkLibrary, request: SymbolRequest): { target: Pick<ReferenceTarget, 'symbol' | 'member'> } | Problem {
  const notFound = (what: string, candidates: string[]): Problem => {
    const close = closestMatches(what, candidates, 3);
    return { problem: `the artifact ${request.source} has no ${request.kind} \`${what}\`.`, hint: close.length ? `Did you mean ${listOf(close)}?` : 'Names are as the artifact writes them, with namespaces: `Outer.Inner`.' };
  };
  if (request.kind === 'method' || request.kind === 'property') {
    const parents = library.symbols.filter((symbol) => symbol.kind === 'class' || symbol.kind === 'interface' || symbol.kind === 'type');
    const parent = parents.find((symbol) => symbol.name === request.parent);
    if (!parent) return notFound(`${request.parent}.${request.name}`, parents.flatMap((symbol) => symbol.members.map((member) => `${symbol.name}.${member.name}`)));
    const kinds = request.kind === 'method' ? ['method'] : ['property', 'accessor'];
    const member = parent.members.find((candidate) => candidate.name === request.name && kinds.includes(candidate.kind));
    if (!member) return notFound(`${parent.name}.${request.name}`, parent.members.filter((candidate) => kinds.includes(candidate.kind)).map((candidate) => `${parent.name}.${candidate.name}`));
    return { target: { symbol: parent, member } };
  }
  const ofKind = library.symbols.filter((symbol) => symbol.kind === request.kind);
  const symbol = ofKind.find((candidate) => candidate.name === request.name);
  return symbol ? { target: { symbol } } : notFound(request.name, ofKind.map((candidate) => candidate.name));
}
