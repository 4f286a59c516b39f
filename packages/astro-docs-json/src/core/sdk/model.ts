/**
 * An SDK's reference in one shape, whatever tool wrote its artifact: the symbols that get a
 * page each (classes, interfaces, functions...) and the members documented on them. Each
 * format's reader (`typedoc.ts`) fills it; the pages and their Markdown (`markdown.ts`) are
 * made from it alone. Descriptions are Markdown; a link to another symbol of the library is
 * written `[text](sdk-symbol:<id>)` and becomes a link to that symbol's page, if it has one.
 */

/** The kinds of symbol that get a page of their own. */
export type SdkPageKind = 'class' | 'interface' | 'enum' | 'function' | 'type' | 'variable';

/** A type as code, with the library's symbols it names (by id), to link their pages. */
export interface SdkType {
  text: string;
  refs: string[];
}

/** What the comment of a symbol, member or signature says. */
export interface SdkDoc {
  /** Markdown. */
  description: string;
  /** Set when the symbol is deprecated: the notice, possibly empty. */
  deprecated?: string;
  /** Markdown of each example (code fences included where the author wrote them). */
  examples: string[];
}

export interface SdkParameter {
  name: string;
  type?: SdkType;
  optional: boolean;
  defaultValue?: string;
  /** Markdown. */
  description: string;
}

export interface SdkSignature {
  /** The signature as code: `getUser(id: string): Promise<User>`. */
  code: string;
  refs: string[];
  doc: SdkDoc;
  typeParameters: SdkParameter[];
  parameters: SdkParameter[];
  returns?: { type: SdkType; description: string };
}

export type SdkMemberKind = 'constructor' | 'property' | 'method' | 'accessor' | 'enum-member' | 'call' | 'index';

export interface SdkMember {
  /** Unique in its library, when the artifact gives members an id (links to a member lead to its heading). */
  id?: string;
  kind: SdkMemberKind;
  name: string;
  static: boolean;
  /** The declaration as code, for members without signatures: `readonly baseUrl: string`. */
  code?: string;
  type?: SdkType;
  signatures: SdkSignature[];
  doc: SdkDoc;
}

export interface SdkSymbol {
  /** Unique in its library. */
  id: string;
  kind: SdkPageKind;
  name: string;
  /** The module, package or namespace it belongs to, when the library has several. */
  module?: string;
  doc: SdkDoc;
  /** The declaration as code: `class Client extends Base`, `type Id = string`. */
  declaration?: string;
  declarationRefs: string[];
  signatures: SdkSignature[];
  members: SdkMember[];
}

export interface SdkLibrary {
  symbols: SdkSymbol[];
}

export const NO_DOC: SdkDoc = { description: '', examples: [] };

/** The label of the symbol kinds' groups in the navigation, in the order they are listed. */
export const KIND_GROUPS: ReadonlyArray<[SdkPageKind, string]> = [
  ['class', 'Classes'],
  ['interface', 'Interfaces'],
  ['enum', 'Enumerations'],
  ['type', 'Type aliases'],
  ['function', 'Functions'],
  ['variable', 'Variables'],
];

/** The URL folder of each kind's pages. */
export const KIND_FOLDERS: Record<SdkPageKind, string> = {
  class: 'classes',
  interface: 'interfaces',
  enum: 'enums',
  type: 'types',
  function: 'functions',
  variable: 'variables',
};
