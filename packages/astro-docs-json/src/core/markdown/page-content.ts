/**
 * What a page or snippet file holds, read once when the site is loaded: whether it is
 * plain Markdown, what forgiving MDX had to repair in it, the components it uses without
 * importing them, the icons those name, and the files it points at.
 */
import type { Nodes, Root } from 'mdast';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { contentIcon } from '../icons/iconify.ts';
import type { Icon } from '../schema/docs-json.ts';
import { declaredNames, IMPORT_CLAUSE, importBindings, repairMdx, type ImportBinding, type Repair, type RepairedMdx } from './forgiving-mdx.ts';
import { classNamesInCode, classTokens, expressionClassTokens } from './class-names.ts';
import { parseCodeMeta } from './code-meta.ts';
import { componentTagsIn, isInteractiveReact } from './jsx-in-code.ts';
import { nestingProblem } from './limits.ts';
import { malformedEscape } from './url-escapes.ts';
import { diagramOptions } from './diagrams.ts';
import { formulaProblem, latexElementSource, quotedFormula } from './math.ts';
import { MINTLIFY_SYNTAX } from './syntax.ts';
import { FRONTMATTER } from './frontmatter.ts';
import { variableUses } from './variables.ts';
import { jsxAttribute, stringAttribute, type JsxElement } from './jsx-elements.ts';
import { lintTree, type TreeLint } from './page-lint.ts';

/** What a generated page (an OpenAPI operation) holds: no file of its own. */
/** `import x from 'y'`, `import 'y'`, `export { x } from 'y'`, `import('y')`. */
const IMPORT_SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"]([^'"]+)['"]/g;
/** `export { x } from 'y'`, `export * from 'y'`. */
const REEXPORT = /(?:^|[\s;])export\s*(?:\*|\{[^}]*\})[^;'"]*\bfrom\s*['"]/;

export const NO_CONTENT: PageContent = { plain: false, repairs: [], components: [], icons: [], references: [], languages: [] };

export interface PageContent {
  /**
   * Plain Markdown: a `.md` file, or an `.mdx` file with no imports, exports, JSX or
   * expressions that MDX reads exactly as Markdown would, and in either case no image
   * beside the page (those go through Astro's image pipeline, which needs a module). Such
   * a page can be rendered straight from its source, without compiling a module; on a
   * large site that matters, as the bundler spends about 300 KB of memory on a module.
   */
  plain: boolean;
  /** What forgiving MDX rewrote so that MDX accepts the file. */
  repairs: Repair[];
  /** Why MDX cannot compile the file, repairs and all. */
  error?: Repair & { column: number };
  /** Components the file uses without importing or defining them, each at its first line. */
  components: Array<{ name: string; line: number }>;
  /** Icons named as text (`icon="rocket"`, and in code blocks' options): they go into the icon style sheet at build time. */
  icons: Icon[];
  /**
   * Files inside the docs folder that the file points at (images, and imported snippets),
   * and links whose URL has a malformed `%` escape, which lead nowhere.
   */
  references: Array<{ kind: 'image' | 'import' | 'link'; url: string; line: number; /** What a static import binds. */ names?: ImportBinding[] }>;
  /** The languages its code blocks name (```js), each at its first line. */
  languages: Array<{ name: string; line: number }>;
  /** Its formulas (`$…$`, `$$…$$`, ```` ```math ````, `<Latex>`), with those KaTeX cannot typeset. */
  math?: { problems: ContentProblem[] };
  /**
   * Its Mermaid diagrams, with those Mermaid cannot draw. The analysis of the text leaves
   * the diagrams `unread`; reading the file (`file-analysis.ts`) has Mermaid read them.
   */
  diagrams?: { count: number; problems: ContentProblem[]; unread?: Array<{ line: number; text: string }> };
  /** The file defines components written for React (`isInteractiveReact`), which React renders. */
  react?: boolean;
  /**
   * What only a module of the bundler's can render: an image beside the file (Astro's image
   * pipeline imports it), a `<script>` or `<style>` element, an `export … from`. Without
   * it, and with imports of MDX files only, an MDX file is rendered from its source.
   */
  needsModule?: string;
  /** The class names its class attributes give (`className="rounded-xl"`), sorted: the site's Tailwind classes. */
  classes?: string[];
  /** The request parameters its `<ParamField>`s document, for the playground of a page with `api:` frontmatter. */
  params?: ParamFieldInfo[];
  /**
   * `{{name}}`s the file shows as written, in its text, its components' props or its
   * frontmatter: docs.json `variables` replaced all those it defines before (`variables.ts`).
   */
  variables?: Array<{ name: string; line: number }>;
  /** A digest of the file's text, when the file was read from the docs folder: the same digest, the same text. */
  digest?: string;
  /** MDX reads another text than the file's: forgiving MDX changed it (repairs, and edits it makes without a word). */
  edited?: boolean;
  /** A page's headings that skip a level and code blocks that name no language, from the tree of its own text (not for an edited file). */
  lint?: TreeLint;
}


/** Something in a file that will not show as its author meant, at its line. */
export interface ContentProblem {
  line: number;
  message: string;
  /** A setting of it that is ignored, while it still shows. */
  setting?: true;
}

export interface ParamFieldInfo {
  location: 'path' | 'query' | 'header' | 'cookie' | 'body';
  name: string;
  type?: string;
  required: boolean;
  default?: string;
  placeholder?: string;
}

const PARAM_LOCATIONS = ['path', 'query', 'header', 'cookie', 'body'] as const;

/** An attribute's value when it is written as a literal: `"x"`, `{10}`, `{true}`, `{"x"}`; `true` when bare. */
function literalAttribute(element: JsxElement, name: string): string | true | undefined {
  const found = jsxAttribute(element, name);
  if (!found) return undefined;
  if (found.value === null || found.value === undefined) return true;
  if (typeof found.value === 'string') return found.value;
  try {
    const value: unknown = JSON.parse(found.value.value);
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  } catch {
    return undefined;
  }
}

function paramField(element: JsxElement): ParamFieldInfo | undefined {
  const location = PARAM_LOCATIONS.find((key) => typeof literalAttribute(element, key) === 'string');
  if (!location) return undefined;
  const text = (key: string) => {
    const value = literalAttribute(element, key);
    return typeof value === 'string' ? value : undefined;
  };
  const [type, fallback, placeholder, required] = [text('type'), text('default'), text('placeholder'), literalAttribute(element, 'required')];
  return {
    location,
    name: text(location)!,
    ...(type ? { type } : {}),
    required: required === true || required === 'true',
    ...(fallback !== undefined ? { default: fallback } : {}),
    ...(placeholder !== undefined ? { placeholder } : {}),
  };
}

/** A URL relative to the page's file: not `/x`, `#x`, `https:`, `data:` or the like. */
const FILE_RELATIVE = /^(?![a-z][a-z0-9+.-]*:|\/|#)/i;
/** A URL inside the docs folder: file-relative, or from its root (`/images/a.png`). */
const IN_DOCS = /^(?![a-z][a-z0-9+.-]*:|\/\/|#)/i;

const lineOf = (node: Nodes) => node.position?.start.line ?? 1;

/** What the walk of a file's tree (`collect`) has found so far. */
interface Findings {
  /** Names the file imports or exports: components of those names are its own. */
  declared: Set<string>;
  components: Map<string, number>;
  icons: Icon[];
  references: PageContent['references'];
  languages: Map<string, number>;
  classes: Set<string>;
  params: ParamFieldInfo[];
  variables: Array<{ name: string; line: number }>;
  mdxSyntax: boolean;
  localImage: boolean;
  react: boolean;
  needsModule: string | undefined;
  /** The file's text, as parsed: what `<Latex>` elements hold is read from it. */
  source: string;
  math: { problems: ContentProblem[] } | undefined;
  diagrams: Array<{ line: number; text: string }>;
  diagramProblems: ContentProblem[];
  /**
   * Link reference definitions (`[id]: /images/a.png`) by their label, the first of each,
   * and the labels that image (`![alt][id]`) and link (`[text][id]`) references use: a
   * definition is an image only where an image reference uses it. Most define links.
   */
  definitions: Map<string, { url: string; line: number }>;
  labelsUsed: { image: Set<string>; link: Set<string> };
}

/** An image the file shows: a reference when it lies in the docs folder. */
function addImage(found: Findings, url: string | undefined, line: number) {
  if (!url || !IN_DOCS.test(url)) return;
  found.references.push({ kind: 'image', url, line });
  if (FILE_RELATIVE.test(url)) found.localImage = true;
}

/** A link the file holds: a reference when its `%` escapes are malformed, which leaves it leading nowhere. */
function addLink(found: Findings, url: string, line: number) {
  if (malformedEscape(url)) found.references.push({ kind: 'link', url, line });
}

/** The definitions that references use, where they are written: as an image where an image reference uses one, else as a link. */
function addDefinitionsUsed(found: Findings) {
  for (const [label, { url, line }] of found.definitions) {
    if (found.labelsUsed.image.has(label)) addImage(found, url, line);
    else if (found.labelsUsed.link.has(label)) addLink(found, url, line);
  }
}

function addComponent(found: Findings, name: string, line: number) {
  // Lower-case names are HTML elements; `Tabs.Tab` needs `Tabs`.
  if (/^[A-Z]/.test(name) && !found.components.has(name)) found.components.set(name, line);
}

const addClasses = (found: Findings, tokens: string[]) => tokens.forEach((token) => found.classes.add(token));

/**
 * Components and icons in code: attribute values, expressions, definitions. A name of
 * JavaScript's globals there (`new Map<K, V>()`) is code, not a component.
 */
function addCode(found: Findings, text: string, line: number) {
  addClasses(found, classNamesInCode(text));
  for (const tag of componentTagsIn(text)) {
    if (!(tag.name.split('.')[0]! in globalThis)) addComponent(found, tag.name, line);
    if (tag.icon) found.icons.push(contentIcon(tag.icon, tag.iconType));
  }
}

/**
 * Static and dynamic imports: of the docs folder's files, and of anything else (`node:fs`),
 * which runs at build time; each at its own line of the block `text` starts at `line`, with
 * the names a static import binds.
 */
function addImports(found: Findings, text: string, line: number) {
  found.references.push(...importReferences(text, line));
}

/** The imports of code (`text`, whose first line is `line`), each at its own line, with the names a static import binds (`names`: only a static import has them). */
export function importReferences(text: string, line = 1): PageContent['references'] {
  // By where their specifier starts.
  const bindings = new Map([...text.matchAll(IMPORT_CLAUSE)].map((match) => [match.index + match[0].length, importBindings(match[1]!)]));
  const references: PageContent['references'] = [];
  let at = line;
  let counted = 0;
  for (const match of text.matchAll(IMPORT_SPECIFIER)) {
    for (let index = text.indexOf('\n', counted); index !== -1 && index < match.index; index = text.indexOf('\n', index + 1)) at++;
    counted = match.index;
    const url = match[1]!;
    // A static import's (`import 'x'` binds none); not an `export … from`'s nor an `import()`'s.
    const names = bindings.get(match.index + match[0].length - url.length - 1) ?? (/^import\s*['"]/.test(match[0]) ? [] : undefined);
    references.push({ kind: 'import', url, line: at, ...(names ? { names } : {}) });
  }
  return references;
}

/** A formula, and why KaTeX cannot typeset it when it cannot. */
function addFormula(found: Findings, tex: string, display: boolean, line: number) {
  found.math ??= { problems: [] };
  const problem = formulaProblem(tex, display);
  if (problem) found.math.problems.push({ line, message: `The formula \`${quotedFormula(tex)}\` cannot be typeset: ${problem}` });
}

/** A ```` ```mermaid ```` block: its text, for Mermaid to read, and a `placement` that is no corner. */
function addDiagram(found: Findings, text: string, meta: string | null | undefined, line: number) {
  found.diagrams.push({ line, text });
  const { unknownPlacement } = diagramOptions(meta);
  if (unknownPlacement !== undefined) {
    found.diagramProblems.push({ line, message: `The diagram's \`placement="${unknownPlacement}"\` is not one of top-left, top-right, bottom-left, bottom-right: its controls sit at the bottom right`, setting: true });
  }
}

/** Markdown's own nodes: images, code blocks' languages and icons, formulas and diagrams, HTML's classes, links that lead nowhere. */
function collectMarkdown(found: Findings, node: Nodes) {
  if (node.type === 'image') addImage(found, node.url, lineOf(node));
  if (node.type === 'definition' && !found.definitions.has(node.identifier)) found.definitions.set(node.identifier, { url: node.url, line: lineOf(node) });
  if (node.type === 'imageReference' || node.type === 'linkReference') found.labelsUsed[node.type === 'imageReference' ? 'image' : 'link'].add(node.identifier);
  if (node.type === 'code' && node.lang && !found.languages.has(node.lang)) found.languages.set(node.lang, lineOf(node));
  if (node.type === 'code' && node.meta) addCodeIcon(found, node.meta);
  if (node.type === 'code' && node.lang === 'mermaid') addDiagram(found, node.value, node.meta, lineOf(node));
  if ((node.type === 'code' && node.lang === 'math') || node.type === 'math') addFormula(found, node.value, true, lineOf(node));
  if (node.type === 'inlineMath') addFormula(found, node.value, false, lineOf(node));
  if (node.type === 'html') addClasses(found, classNamesInCode(node.value));
  if (node.type === 'link') addLink(found, node.url, lineOf(node));
  if (node.type === 'text') found.variables.push(...variableUses(node.value, lineOf(node)));
}

/** A code block's icon (```` ```js index.js icon="square-js" ````), shown in its header. */
function addCodeIcon(found: Findings, meta: string) {
  const { icon } = parseCodeMeta(meta);
  if (icon) found.icons.push(contentIcon(icon));
}

/** An ESM block (imports, exports): the names it declares, what it imports, the components in its code. */
function collectEsm(found: Findings, esm: string, line: number) {
  declaredNames(esm).forEach((name) => found.declared.add(name));
  addImports(found, esm, line);
  addCode(found, esm, line);
  if (/^\s*export\s/m.test(esm) && isInteractiveReact(esm)) found.react = true;
  if (REEXPORT.test(esm)) found.needsModule ??= 'an `export … from`';
}

/** A component or HTML element: its name, its params, icon and image, and what its attributes hold. */
function collectElement(found: Findings, element: JsxElement) {
  const name = element.name ?? '';
  const line = lineOf(element);
  addComponent(found, name, line);
  const param = name === 'ParamField' ? paramField(element) : undefined;
  if (param) found.params.push(param);
  if (name === 'script' || name === 'style') found.needsModule ??= `a \`<${name}>\` element`;
  if (name === 'Latex') collectLatex(found, element);
  const icon = stringAttribute(element, 'icon');
  if (icon) found.icons.push(contentIcon(icon, stringAttribute(element, 'iconType'), stringAttribute(element, 'iconLibrary')));
  if (name === 'img' || name === 'Frame' || name === 'Card') addImage(found, stringAttribute(element, name === 'Card' ? 'img' : 'src'), line);
  for (const attribute of element.attributes) {
    const value = attribute.type === 'mdxJsxAttribute' ? attribute.value : attribute;
    const classAttribute = attribute.type === 'mdxJsxAttribute' && (attribute.name === 'className' || attribute.name === 'class');
    if (classAttribute && typeof value === 'string') addClasses(found, classTokens(value));
    if (typeof value === 'string') found.variables.push(...variableUses(value, line));
    if (classAttribute && typeof value === 'object' && value !== null) addClasses(found, expressionClassTokens(value.value));
    if (typeof value === 'object' && value !== null) addCode(found, value.value, line);
  }
}

/** A `<Latex>` element: a formula when it holds literal text; else only rendering knows what it holds. */
function collectLatex(found: Findings, element: JsxElement) {
  found.math ??= { problems: [] };
  const { start, end } = element.position ?? {};
  if (start?.offset === undefined || end?.offset === undefined) return;
  const tex = latexElementSource(found.source.slice(start.offset, end.offset));
  if (tex !== undefined) addFormula(found, tex, false, start.line);
}

function collect(tree: Root, mdx: boolean, source: string): Omit<PageContent, 'plain' | 'repairs' | 'error'> & { mdxSyntax: boolean; localImage: boolean } {
  const found: Findings = {
    declared: new Set(),
    components: new Map(),
    icons: [],
    references: [],
    languages: new Map(),
    classes: new Set(),
    params: [],
    variables: [],
    mdxSyntax: false,
    localImage: false,
    react: false,
    needsModule: undefined,
    source,
    math: undefined,
    diagrams: [],
    diagramProblems: [],
    definitions: new Map(),
    labelsUsed: { image: new Set(), link: new Set() },
  };
  const visit = (node: Nodes) => {
    if (node.type.startsWith('mdx')) found.mdxSyntax = true;
    if (node.type === 'mdxjsEsm') collectEsm(found, node.value, lineOf(node));
    else if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      addImports(found, node.value, lineOf(node));
      addCode(found, node.value, lineOf(node));
    } else if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') collectElement(found, node);
    else collectMarkdown(found, node);
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  addDefinitionsUsed(found);
  const { declared, components, icons, references, languages, classes, params, variables, mdxSyntax, localImage, react, needsModule, math, diagrams, diagramProblems } = found;
  return {
    components: [...components].filter(([name]) => !declared.has(name.split('.')[0]!)).map(([name, line]) => ({ name, line })),
    icons,
    references: mdx ? references : references.filter((reference) => reference.kind !== 'import'),
    languages: [...languages].map(([name, line]) => ({ name, line })),
    ...(react ? { react } : {}),
    ...(params.length ? { params } : {}),
    ...(variables.length ? { variables } : {}),
    ...(classes.size ? { classes: [...classes].sort() } : {}),
    ...(math ? { math } : {}),
    ...(diagrams.length ? { diagrams: { count: diagrams.length, problems: diagramProblems, unread: diagrams } } : {}),
    mdxSyntax,
    localImage,
    ...(localImage || needsModule ? { needsModule: localImage ? 'an image beside the file' : needsModule } : {}),
  };
}

/** Where docs.json turns LaTeX off (`styling.latex: false`), the formulas found are not reported (`content-diagnostics.ts`). */

const withoutPositions = (tree: unknown) => JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value));

/** Folders at the top of the docs folder that hold snippets, not pages. */
export const SNIPPET_FOLDERS = new Set(['snippets', '_snippets']);

export const isSnippetFile = (file: string) => SNIPPET_FOLDERS.has(file.slice(0, file.indexOf('/')));

/**
 * What a file holds. A page's (`titled` says whether its frontmatter gives it a title) is
 * linted too, on the tree read here, for the score.
 */
export function analyzePageContent(file: string, source: string, titled?: boolean): PageContent {
  return withFrontmatterVariables(/\.md$/i.test(file) ? analyzeMarkdown(source, titled) : analyzeMdx(file, source, titled).content, source);
}

function analyzeMarkdown(source: string, titled: boolean | undefined): PageContent {
  const refused = refuse(source);
  if (refused) return refused.content;
  return withinStack<PageContent>(
    () => {
      const tree = markdownToMdast(source, { features: MINTLIFY_SYNTAX }) as Root;
      const { mdxSyntax, localImage, ...usage } = collect(tree, false, source);
      return { plain: !localImage, repairs: [], ...usage, ...linted(tree, source, titled) };
    },
    () => tooDeep(source).content,
  );
}

/** With the `{{name}}`s its frontmatter shows as written (a title, say), first. */
function withFrontmatterVariables(content: PageContent, source: string): PageContent {
  const yaml = FRONTMATTER.exec(source)?.[1];
  const uses = yaml ? variableUses(yaml, 2) : [];
  return uses.length ? { ...content, variables: [...uses, ...(content.variables ?? [])] } : content;
}

/** Content found in an MDX file that MDX reads as written (no repair, no error): compiling that same text needs only its tree. */
export function readAsWritten(file: string, content: PageContent): boolean {
  // A `.md` file's content is read as Markdown: its MDX reading may differ.
  return /\.mdx$/i.test(file) && content.digest !== undefined && !content.edited && !content.error;
}

/** An MDX file's content, and its source as repaired for MDX, which its compiler then reads, with its tree. */
export function analyzeMdx(file: string, source: string, titled?: boolean): { repaired: RepairedMdx; content: PageContent; tree?: Root } {
  return refuse(source) ?? withinStack(() => readMdx(file, source, titled), () => tooDeep(source));
}

function readMdx(file: string, source: string, titled: boolean | undefined): { repaired: RepairedMdx; content: PageContent; tree?: Root } {
  const repaired = repairMdx(source, { snippet: isSnippetFile(file) });
  if (repaired.error) return { repaired, content: { plain: false, repairs: repaired.repairs, error: repaired.error, components: [], icons: [], references: [], languages: [] } };
  // Parsed once: the repairs' last parse read this same source, unless it repaired words in braces.
  const tree = repaired.tree ?? (mdxToMdast(repaired.source, { features: MINTLIFY_SYNTAX }) as Root);
  const { mdxSyntax, localImage, ...usage } = collect(tree, true, repaired.source);
  // MDX reads some Markdown differently (indented code, autolinks, HTML): plain only if it reads the same.
  const plain =
    repaired.repairs.length === 0 &&
    !mdxSyntax &&
    !localImage &&
    withoutPositions(tree) === withoutPositions(markdownToMdast(source, { position: false, features: MINTLIFY_SYNTAX }));
  // The score's lint reads the file's own text: an edited file's is read again then.
  const edited = repaired.source !== source;
  return { repaired, content: { plain, repairs: repaired.repairs, ...(edited ? { edited: true } : {}), ...usage, ...(edited ? {} : linted(tree, source, titled)) }, tree };
}

/** A page's lint, where the page is linted (`titled` given). */
const linted = (tree: Root, source: string, titled: boolean | undefined): Pick<PageContent, 'lint'> => (titled === undefined ? {} : { lint: lintTree(tree, source, titled) });

/** A file that is not read, with why (`error`): it is nothing more. */
function unread(source: string, error: Repair & { column: number }): { repaired: RepairedMdx; content: PageContent } {
  return { repaired: { source, repairs: [], error }, content: { ...NO_CONTENT, error } };
}

/** A file that nests too deep for the parser (`limits.ts`) is not given to it. */
function refuse(source: string): { repaired: RepairedMdx; content: PageContent } | undefined {
  const problem = nestingProblem(source);
  return problem ? unread(source, { line: problem.line, column: problem.column, message: problem.message }) : undefined;
}

const tooDeep = (source: string) => unread(source, { line: 1, column: 1, message: 'The page nests too deep to be read' });

/** `read()`, or `deep()` if reading runs out of stack: walks of a tree nested too deep. */
function withinStack<T>(read: () => T, deep: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof RangeError && /call stack/i.test(error.message)) return deep();
    throw error;
  }
}
