/**
 * What a page or snippet file holds, read once when the site is loaded: whether it is
 * plain Markdown, what forgiving MDX had to repair in it, the components it uses without
 * importing them, the icons those name, and the files it points at.
 */
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { markdownToMdast, mdxToMdast } from 'satteri';
import { contentIcon } from '../icons/iconify.ts';
import type { Icon } from '../schema/docs-json.ts';
import { declaredNames, repairMdx, type Repair, type RepairedMdx } from './forgiving-mdx.ts';
import { classNamesInCode, classTokens, expressionClassTokens } from './class-names.ts';
import { componentTagsIn, isInteractiveReact } from './jsx-in-code.ts';
import { nestingProblem } from './limits.ts';
import { malformedEscape } from './url-escapes.ts';

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
  /** Icons named as text (`icon="rocket"`): they go into the sprite at build time. */
  icons: Icon[];
  /**
   * Files inside the docs folder that the file points at (images, and imported snippets),
   * and links whose URL has a malformed `%` escape, which lead nowhere.
   */
  references: Array<{ kind: 'image' | 'import' | 'link'; url: string; line: number }>;
  /** The languages its code blocks name (```js), each at its first line. */
  languages: Array<{ name: string; line: number }>;
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
  /** A digest of the file's text, when the file was read from the docs folder: the same digest, the same text. */
  digest?: string;
  /** MDX reads another text than the file's: forgiving MDX changed it (repairs, and edits it makes without a word). */
  edited?: boolean;
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

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
  const found = element.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
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

function stringAttribute(element: JsxElement, name: string): string | undefined {
  const found = element.attributes.find((a): a is MdxJsxAttribute => a.type === 'mdxJsxAttribute' && a.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

function collect(tree: Root, mdx: boolean): Omit<PageContent, 'plain' | 'repairs' | 'error'> & { mdxSyntax: boolean; localImage: boolean } {
  const declared = new Set<string>();
  const components = new Map<string, number>();
  const icons: Icon[] = [];
  const references: PageContent['references'] = [];
  const languages = new Map<string, number>();
  let mdxSyntax = false;
  let localImage = false;
  let needsModule: string | undefined;
  const image = (url: string | undefined, line: number) => {
    if (!url || !IN_DOCS.test(url)) return;
    references.push({ kind: 'image', url, line });
    if (FILE_RELATIVE.test(url)) localImage = true;
  };
  let react = false;
  const params: ParamFieldInfo[] = [];
  const classes = new Set<string>();
  const addClasses = (tokens: string[]) => tokens.forEach((token) => classes.add(token));
  const use = (name: string, line: number) => {
    // Lower-case names are HTML elements; `Tabs.Tab` needs `Tabs`.
    if (/^[A-Z]/.test(name) && !components.has(name)) components.set(name, line);
  };
  /**
   * Components and icons in code: attribute values, expressions, definitions. A name of
   * JavaScript's globals there (`new Map<K, V>()`) is code, not a component.
   */
  const code = (text: string, line: number) => {
    addClasses(classNamesInCode(text));
    for (const tag of componentTagsIn(text)) {
      if (!(tag.name.split('.')[0]! in globalThis)) use(tag.name, line);
      if (tag.icon) icons.push(contentIcon(tag.icon, tag.iconType));
    }
  };
  /** Static and dynamic imports: of the docs folder's files, and of anything else (`node:fs`), which runs at build time. */
  const imports = (text: string, line: number) => {
    for (const [, source] of text.matchAll(IMPORT_SPECIFIER)) references.push({ kind: 'import', url: source!, line });
  };
  const visit = (node: Nodes) => {
    if (node.type.startsWith('mdx')) mdxSyntax = true;
    if (node.type === 'image' || node.type === 'definition') image(node.url, lineOf(node));
    if (node.type === 'code' && node.lang && !languages.has(node.lang)) languages.set(node.lang, lineOf(node));
    if (node.type === 'html') addClasses(classNamesInCode(node.value));
    if (node.type === 'link' && malformedEscape(node.url)) references.push({ kind: 'link', url: node.url, line: lineOf(node) });
    if (node.type === 'mdxjsEsm') {
      declaredNames(node.value).forEach((name) => declared.add(name));
      imports(node.value, lineOf(node));
      code(node.value, lineOf(node));
      if (/^\s*export\s/m.test(node.value) && isInteractiveReact(node.value)) react = true;
      if (REEXPORT.test(node.value)) needsModule ??= 'an `export … from`';
    }
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') {
      imports(node.value, lineOf(node));
      code(node.value, lineOf(node));
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const name = node.name ?? '';
      use(name, lineOf(node));
      const param = name === 'ParamField' ? paramField(node) : undefined;
      if (param) params.push(param);
      if (name === 'script' || name === 'style') needsModule ??= `a \`<${name}>\` element`;
      const icon = stringAttribute(node, 'icon');
      if (icon) icons.push(contentIcon(icon, stringAttribute(node, 'iconType'), stringAttribute(node, 'iconLibrary')));
      if (name === 'img' || name === 'Frame' || name === 'Card') image(stringAttribute(node, name === 'Card' ? 'img' : 'src'), lineOf(node));
      for (const attribute of node.attributes) {
        const value = attribute.type === 'mdxJsxAttribute' ? attribute.value : attribute;
        const classAttribute = attribute.type === 'mdxJsxAttribute' && (attribute.name === 'className' || attribute.name === 'class');
        if (classAttribute && typeof value === 'string') addClasses(classTokens(value));
        if (classAttribute && typeof value === 'object' && value !== null) addClasses(expressionClassTokens(value.value));
        if (typeof value === 'object' && value !== null) code(value.value, lineOf(node));
      }
    }
    if ('children' in node) (node.children as Nodes[]).forEach(visit);
  };
  visit(tree);
  return {
    components: [...components].filter(([name]) => !declared.has(name.split('.')[0]!)).map(([name, line]) => ({ name, line })),
    icons,
    references: mdx ? references : references.filter((reference) => reference.kind !== 'import'),
    languages: [...languages].map(([name, line]) => ({ name, line })),
    ...(react ? { react } : {}),
    ...(params.length ? { params } : {}),
    ...(classes.size ? { classes: [...classes].sort() } : {}),
    mdxSyntax,
    localImage,
    ...(localImage || needsModule ? { needsModule: localImage ? 'an image beside the file' : needsModule } : {}),
  };
}

const withoutPositions = (tree: unknown) => JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value));

/** Folders at the top of the docs folder that hold snippets, not pages. */
export const SNIPPET_FOLDERS = new Set(['snippets', '_snippets']);

export const isSnippetFile = (file: string) => SNIPPET_FOLDERS.has(file.slice(0, file.indexOf('/')));

export function analyzePageContent(file: string, source: string): PageContent {
  if (!/\.md$/i.test(file)) return analyzeMdx(file, source).content;
  const refused = refuse(source);
  if (refused) return refused.content;
  return withinStack<PageContent>(
    () => {
      const { mdxSyntax, localImage, ...usage } = collect(markdownToMdast(source) as Root, false);
      return { plain: !localImage, repairs: [], ...usage };
    },
    () => tooDeep(source).content,
  );
}

/** An MDX file's content, and its source as repaired for MDX, which its compiler then reads, with its tree. */
export function analyzeMdx(file: string, source: string): { repaired: RepairedMdx; content: PageContent; tree?: Root } {
  return refuse(source) ?? withinStack(() => readMdx(file, source), () => tooDeep(source));
}

function readMdx(file: string, source: string): { repaired: RepairedMdx; content: PageContent; tree?: Root } {
  const repaired = repairMdx(source, { snippet: isSnippetFile(file) });
  if (repaired.error) return { repaired, content: { plain: false, repairs: repaired.repairs, error: repaired.error, components: [], icons: [], references: [], languages: [] } };
  const tree = mdxToMdast(repaired.source) as Root;
  const { mdxSyntax, localImage, ...usage } = collect(tree, true);
  // MDX reads some Markdown differently (indented code, autolinks, HTML): plain only if it reads the same.
  const plain =
    repaired.repairs.length === 0 &&
    !mdxSyntax &&
    !localImage &&
    withoutPositions(tree) === withoutPositions(markdownToMdast(source, { position: false }));
  return { repaired, content: { plain, repairs: repaired.repairs, ...(repaired.source === source ? {} : { edited: true }), ...usage }, tree };
}

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
