/**
 * The anchors Mintlify gives a page's components, so that a link copied from a Mintlify
 * site lands on the same field, accordion, tab or view here. One `ComponentAnchors` per
 * page, asked in the page's order; the compiler (`core/html/component-anchors.ts`) and the
 * link checker (`core/links/page-anchors.ts`) both ask it, so the ids a page has and the
 * ids links are checked against are the same.
 *
 * As on Mintlify, each kind counts on its own: fields (`<ParamField>`, `<ResponseField>`)
 * share one count and avoid the ids fields are given; tabs avoid the ids tabs are given;
 * accordions and views only count their own. A component given an `id` keeps it.
 */
import { componentAnchor, fieldAnchor, SlugCounter, tabAnchor } from './anchors.ts';

/** A component as the page wrote it: its name and its string attributes. */
export interface WrittenComponent {
  name: string;
  /** A string attribute's value, or `undefined` (absent, or an expression). */
  attribute(name: string): string | undefined;
  /** Whether it has the attribute, whatever its value. */
  has(name: string): boolean;
}

/** Components Mintlify anchors by the name of the field they document. */
export const FIELD_COMPONENTS = new Set(['ParamField', 'Param', 'ResponseField']);
/** Components Mintlify anchors by their title. */
export const TITLED_COMPONENTS = new Set(['Accordion', 'Tab', 'View']);
/** Where `<ParamField>` takes its name from, the first that has one. */
const PARAM_NAME_ATTRIBUTES = ['query', 'path', 'body', 'header'] as const;

/** The name a field component documents: `<ResponseField name>`, or its location attribute (`<ParamField query="limit">`). */
export function fieldName(component: WrittenComponent): string | undefined {
  if (component.name === 'ResponseField') return component.attribute('name') || undefined;
  for (const location of PARAM_NAME_ATTRIBUTES) {
    const value = component.attribute(location);
    if (value) return value;
  }
  return undefined;
}

/**
 * A title's text as Mintlify reads Markdown in titles: code, emphasis, strikethrough and
 * links stand for their text (`` `npm` / **pnpm** `` → `npm / pnpm`).
 */
export function titleText(title: string): string {
  return title
    .replace(/\n/g, ' ')
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, __, code: string) => (code.startsWith(' ') && code.endsWith(' ') && code.trim() ? code.slice(1, -1) : code))
    .replace(/\[([^\]]*)\]\(([^)\s]*)\)/g, (whole, label: string, url: string) => (/^(?:https?:|mailto:|tel:|[/#.])|\//i.test(url) ? label : whole))
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(\*|_)(?=\S)([\s\S]*?\S)\1(?![\w*])/g, '$2')
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');
}

export class ComponentAnchors {
  /** Field ids taken: those given, then those made. */
  readonly #fieldIds: Set<string>;
  /** How many fields of each first anchor have been anchored. */
  readonly #fieldCounts = new Map<string, number>();
  readonly #tabIds: Set<string>;
  readonly #tabCounter = new SlugCounter();
  readonly #accordionCounts = new Map<string, number>();
  readonly #viewCounts = new Map<string, number>();

  /** `given`: the ids the page gives its fields and its tabs, which made ids avoid wherever these are on the page. */
  constructor(given: { fields?: Iterable<string>; tabs?: Iterable<string> } = {}) {
    this.#fieldIds = new Set(given.fields);
    this.#tabIds = new Set(given.tabs);
  }

  /** The id Mintlify gives `component`, or `undefined` when it gives none (it has its own `id`, or nothing to make one of). */
  anchor(component: WrittenComponent): string | undefined {
    if (component.has('id')) return undefined;
    if (FIELD_COMPONENTS.has(component.name)) {
      const name = fieldName(component);
      return name === undefined ? undefined : this.field(name);
    }
    const title = component.attribute('title');
    if (!title) return undefined;
    // A title with no Latin letter nor digit has no anchor of this kind: the component makes its own.
    if (component.name === 'Accordion') return counted(this.#accordionCounts, titleText(title)) || undefined;
    if (component.name === 'View') return counted(this.#viewCounts, title) || undefined;
    if (component.name === 'Tab') return this.tab(titleText(title)) || undefined;
    return undefined;
  }

  /** A field's id: `param-<name>`, or `param-<name>-<n>` past those the page has. */
  field(name: string): string {
    const base = fieldAnchor(name);
    let count = this.#fieldCounts.get(base) ?? 0;
    let id = fieldAnchor(name, count);
    while (this.#fieldIds.has(id)) id = fieldAnchor(name, ++count);
    this.#fieldCounts.set(base, count + 1);
    this.#fieldIds.add(id);
    return id;
  }

  /** A tab's id: its title's slug as a heading's, counted, past the ids tabs are given. */
  tab(title: string): string {
    let id = tabAnchor(title, this.#tabCounter);
    while (id && this.#tabIds.has(id)) id = tabAnchor(title, this.#tabCounter);
    this.#tabIds.add(id);
    return id;
  }
}

/** An accordion's or a view's anchor: its title's, then `-1`, `-2`... for the next of the same anchor. */
function counted(counts: Map<string, number>, title: string): string {
  const base = componentAnchor(title);
  if (!base) return '';
  const count = counts.get(base) ?? 0;
  counts.set(base, count + 1);
  return componentAnchor(title, count);
}

/** The ids a page's source gives its fields and tabs (`<ParamField query="a" id="limit">`): read before any id is made, as Mintlify does. */
export function givenIds(source: string): { fields: string[]; tabs: string[] } {
  const fields: string[] = [];
  const tabs: string[] = [];
  for (const match of source.matchAll(/<(ParamField|Param|ResponseField|Tab)\b((?:[^>"'{]|"[^"]*"|'[^']*'|\{[^}]*\})*)>/g)) {
    const id = /(?:^|\s)id\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(match[2]!);
    const value = id?.[1] ?? id?.[2];
    if (value) (match[1] === 'Tab' ? tabs : fields).push(value);
  }
  return { fields, tabs };
}
