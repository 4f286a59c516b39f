/**
 * An SDK symbol's reference as Markdown: its declaration, signatures, parameters, return
 * type, members and examples. The one text both the page (rendered by the site's Markdown
 * processor, so that code is highlighted and headings anchored as on any page) and its
 * Markdown copy (`<url>.md`, llms-full.txt) are made from. Types that name another symbol of
 * the library link to its page.
 */
import { cleanAnchor, headingSlug } from '../markdown/anchors.ts';
import type { SdkDoc, SdkMember, SdkMemberKind, SdkParameter, SdkSignature, SdkSymbol, SdkType } from './model.ts';

/** The page (its URL, with `#anchor` for a member) and name of a symbol or member of the library, by id; undefined for one without a page. */
export type SymbolLinks = (id: string) => { url: string; name: string } | undefined;

/** The heading of a member, which its links' anchors are made from. */
export function memberHeading(member: Pick<SdkMember, 'kind' | 'name' | 'static'>): string {
  const name = member.kind === 'constructor' ? 'constructor' : member.name;
  return `${member.static ? 'static ' : ''}${name}${member.kind === 'method' || member.kind === 'constructor' ? '()' : ''}`;
}

/** The id the page gives a member's heading. */
export const memberAnchor = (member: Pick<SdkMember, 'kind' | 'name' | 'static'>) => cleanAnchor(headingSlug(memberHeading(member)));

const SECTIONS: ReadonlyArray<[string, readonly SdkMemberKind[]]> = [
  ['Constructors', ['constructor']],
  ['Call signatures', ['call']],
  ['Properties', ['property', 'accessor', 'index']],
  ['Methods', ['method']],
];

/** The page of a symbol: its own Markdown, with no title (the page's title is the symbol's name). */
export function symbolMarkdown(symbol: SdkSymbol, links: SymbolLinks): string {
  const blocks: string[] = [];
  if (symbol.declaration) blocks.push(codeBlock(symbol.declaration), seeAlso(symbol.declarationRefs, links));
  blocks.push(docMarkdown(symbol.doc, links));
  for (const signature of symbol.signatures) {
    if (symbol.signatures.length > 1) blocks.push(`## ${signature.code.length <= 80 ? inlineCode(signature.code) : 'Overload'}`);
    blocks.push(signatureMarkdown(signature, links, symbol.doc.description));
  }
  if (symbol.kind === 'enum') blocks.push(enumMembers(symbol.members, links));
  else {
    for (const [title, kinds] of SECTIONS) {
      const members = symbol.members.filter((member) => kinds.includes(member.kind));
      if (!members.length) continue;
      blocks.push(`## ${title}`, ...members.map((member) => memberMarkdown(member, links, '###')));
    }
  }
  return join(blocks);
}

/** A member alone, for a page whose frontmatter names `method Client.getUser`. */
export function memberOnlyMarkdown(member: SdkMember, links: SymbolLinks): string {
  return memberMarkdown(member, links, '##');
}

function memberMarkdown(member: SdkMember, links: SymbolLinks, level: string): string {
  const blocks = [`${level} ${memberHeading(member)}`, deprecation(member.doc, links)];
  if (member.code) blocks.push(codeBlock(member.code), seeAlso(member.type?.refs ?? [], links), linked(member.doc.description, links));
  else blocks.push(linked(member.doc.description, links));
  for (const signature of member.signatures) blocks.push(signatureMarkdown(signature, links, member.doc.description));
  blocks.push(examples(member.doc, links));
  return join(blocks);
}

/** A signature's code, then (unless its parent said the same) its description, parameters and return value. */
function signatureMarkdown(signature: SdkSignature, links: SymbolLinks, parentDescription?: string): string {
  const blocks = [codeBlock(signature.code)];
  if (signature.doc.description !== parentDescription) blocks.push(deprecation(signature.doc, links), linked(signature.doc.description, links));
  if (signature.typeParameters.length) blocks.push(`**Type parameters**`, parameterList(signature.typeParameters, links));
  if (signature.parameters.length) blocks.push(`**Parameters**`, parameterList(signature.parameters, links));
  if (signature.returns && signature.returns.type.text !== 'void') {
    const description = signature.returns.description ? `: ${linked(signature.returns.description, links)}` : '';
    blocks.push(`**Returns** ${typeMarkdown(signature.returns.type, links)}${description}`);
  }
  if (signature.doc.description !== parentDescription) blocks.push(examples(signature.doc, links));
  return join(blocks);
}

function parameterList(parameters: readonly SdkParameter[], links: SymbolLinks): string {
  return parameters
    .map((parameter) => {
      const facts = [parameter.type ? typeMarkdown(parameter.type, links) : '', parameter.optional ? 'optional' : 'required', parameter.defaultValue !== undefined ? `default ${inlineCode(parameter.defaultValue)}` : '']
        .filter(Boolean)
        .join(', ');
      const description = parameter.description ? `: ${oneLine(linked(parameter.description, links))}` : '';
      return `- ${inlineCode(parameter.name)} (${facts})${description}`;
    })
    .join('\n');
}

function enumMembers(members: readonly SdkMember[], links: SymbolLinks): string {
  if (!members.length) return '';
  const rows = members.map((member) => `- ${inlineCode(member.code ?? member.name)}${member.doc.description ? `: ${oneLine(linked(member.doc.description, links))}` : ''}`);
  return join(['## Members', rows.join('\n')]);
}

function docMarkdown(doc: SdkDoc, links: SymbolLinks): string {
  return join([deprecation(doc, links), linked(doc.description, links), examples(doc, links)]);
}

function deprecation(doc: SdkDoc, links: SymbolLinks): string {
  if (doc.deprecated === undefined) return '';
  return `> **Deprecated.**${doc.deprecated ? ` ${oneLine(linked(doc.deprecated, links))}` : ''}`;
}

function examples(doc: SdkDoc, links: SymbolLinks): string {
  if (!doc.examples.length) return '';
  return join(doc.examples.map((example) => `**Example**\n\n${linked(/```/.test(example) ? example : codeBlock(example), links)}`));
}

/** A type as code; linked to the page of the one library symbol it names, else followed by links to each. */
function typeMarkdown(type: SdkType, links: SymbolLinks): string {
  const targets = new Map(type.refs.flatMap((id) => {
    const target = links(id);
    return target ? [[target.url, target.name] as const] : [];
  }));
  if (targets.size === 1) return `[${inlineCode(type.text)}](${[...targets.keys()][0]})`;
  if (targets.size === 0) return inlineCode(type.text);
  return `${inlineCode(type.text)} (${[...targets].map(([url, name]) => `[${inlineCode(name)}](${url})`).join(', ')})`;
}

/** Links to the library's symbols a declaration names, under its code block. */
function seeAlso(refs: readonly string[], links: SymbolLinks): string {
  const targets = new Map(refs.flatMap((id) => {
    const target = links(id);
    return target ? [[target.url, target.name] as const] : [];
  }));
  if (!targets.size) return '';
  return `See ${[...targets].map(([url, name]) => `[${inlineCode(name)}](${url})`).join(', ')}.`;
}

/** `sdk-symbol:` links made links to their pages, or plain text when the symbol has none. */
function linked(markdown: string, links: SymbolLinks): string {
  return markdown.replace(/\[([^\]]*)\]\(sdk-symbol:([^)\s]+)\)/g, (_, label: string, id: string) => {
    const target = links(id);
    return target ? `[${label}](${target.url})` : label;
  });
}

/** A fenced code block, its fence longer than any run of backticks in the code. */
function codeBlock(code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}ts\n${code}\n${fence}`;
}

function inlineCode(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((match) => match[0].length));
  const ticks = '`'.repeat(longest + 1);
  const padded = code.startsWith('`') || code.endsWith('`') ? ` ${code} ` : code;
  return `${ticks}${padded}${ticks}`;
}

const oneLine = (markdown: string) => markdown.replace(/\s*\n\s*/g, ' ');

const join = (blocks: readonly string[]) => blocks.filter((block) => block.trim()).join('\n\n');
