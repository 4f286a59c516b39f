/**
 * An MDX file of the docs folder as its compiler gets it, with what Mintlify provides
 * that MDX does not:
 * - the built-in components, declared in each file that uses them (`declareComponents`);
 * - an import of a file that does not exist renders nothing, as on Mintlify, instead of
 *   failing the build; so does an import of a package that is not installed, or of
 *   Mintlify's own (`@mintlify/components`), whose components are the built-in ones;
 * - `/snippets/x` imports are read from the docs folder's root;
 * - the names a snippet uses and does not define are the props a page gives it;
 * - components written for React, imported from `.jsx` files or defined in the page, are
 *   rendered by React and hydrated (`client:load`) so that they are interactive. Those a
 *   page defines are moved into a module of their own (`pageReactModule`), since what an
 *   MDX file defines is compiled for Astro's JSX; so are copies of those it gives React
 *   components in props (`component-props.ts`).
 */
import path from 'node:path';
import type { Nodes, Root, RootContent } from 'mdast';
import { parseSync, type ESTree } from 'vite';
import { declareComponents } from '../../core/markdown/declare-components.ts';
import { componentTagsIn, isComponentName, isInteractiveReact, membersUsed } from '../../core/markdown/jsx-in-code.ts';
import { analyzeMdx, isSnippetFile, readAsWritten, type PageContent } from '../../core/markdown/page-content.ts';
import { textDigest } from '../../core/text-digest.ts';
import { mdxToMdast } from 'satteri';
import { applySourceEdits, malformedImageUrlEdits, type SourceEdit } from '../../core/markdown/url-escapes.ts';
import { importedFile, isDocsImport } from '../../core/pages/references.ts';
import { builtInStandIn, droppedImport } from '../../core/pages/package-imports.ts';
import { MINTLIFY_SYNTAX } from '../../core/markdown/syntax.ts';
import { snippetPropEdits } from './snippet-props.ts';
import { declaredIn, declaredNamesOf, exportedNames, type Statement } from './declared-names.ts';
import { pageReactModuleId, withReactGlobals } from './react-module.ts';
import { componentPropIslands, type ComponentPropIslands, type JsxElement, type PageComponent } from './component-props.ts';

export const COMPONENTS_MODULE = 'astro-docs-json/components';

export interface MdxModuleInput {
  docsDir: string;
  /** Relative to the docs folder. */
  file: string;
  /** The repaired source (`analyzeMdx`) and its tree. */
  source: string;
  tree: Root;
  content: PageContent;
  /** React renders the site's React components (its renderer is on the site). */
  react: boolean;
  /** Whether a module of the docs folder is written for React (`isInteractiveReact`). */
  isReactModule(file: string): boolean;
  /**
   * The React components an MDX file of the docs folder defines and exports
   * (`reactComponentsDefined`): a page imports them from that file's React module, the
   * one module the browser can hydrate them from.
   */
  reactExportsOf?(file: string): readonly string[];
  /**
   * The names a file of the docs folder exports (`exportedNames`), or undefined when that
   * cannot be known: a page's import of a name it lacks renders as a component that
   * failed, not as a build the bundler stops (`MISSING_EXPORT`).
   */
  exportsOf?(file: string): ReadonlySet<string> | undefined;
}

type Edit = SourceEdit;

/** What the file's ESM holds, statement by statement, and how the MDX module changes it. */
interface EsmPlan {
  edits: Edit[];
  /** Local names React renders: imported from React modules, or defined in the page. */
  reactComponents: Set<string>;
  /** The page's own React components, moved to its React module. */
  moved: string[];
  /**
   * Names imported from files that do not exist, and by imports of packages that are left
   * out (`droppedImport`), with what stands in for each: a built-in component, nothing.
   */
  standIns: Array<{ local: string; value: string }>;
  /** Names imported from files that do not export them: components that fail with a notice, or `undefined`. */
  missingExports: Array<{ local: string; name: string; target: string }>;
  /** The page's React module: the page's imports of code, its data, its React components. */
  reactModule: { imports: string[]; data: string[]; components: string[] };
  /** Imports of the docs folder's files that exist, with where their statement and its source are. */
  docsImports: DocsImport[];
  /** Elements of React components that the page gives components in props, which become islands of their own. */
  islands: ComponentPropIslands;
}

interface DocsImport {
  statement: ESTree.ImportDeclaration;
  /** The statement's span, and its source's, in the file. */
  at: { start: number; end: number };
  source: { start: number; end: number };
  /** Relative to the docs folder. */
  target: string;
}

/** What the MDX of a docs file is made from, from its text; when MDX cannot compile it, an error that says where and why. */
/**
 * What compiling a file needs. `known` is what loading the site found in this same text
 * (`PageContent.digest`): a file that MDX reads as written is then only parsed, not analysed
 * again (on a large site, that analysis is a few seconds of every clean build).
 */
export function mdxModuleInput(docsDir: string, file: string, text: string, react: Pick<MdxModuleInput, 'react' | 'isReactModule' | 'reactExportsOf' | 'exportsOf'>, known?: PageContent): MdxModuleInput {
  if (known && readAsWritten(file, known) && known.digest === textDigest(text)) {
    return { docsDir, file, source: text, tree: mdxToMdast(text, { features: MINTLIFY_SYNTAX }) as Root, content: known, ...react };
  }
  const { repaired, content, tree } = analyzeMdx(file, text);
  if (repaired.error || !tree) {
    const { line, column, message } = repaired.error ?? { line: 1, column: 1, message: 'no tree' };
    throw new Error(`${file}:${line}:${column}: MDX cannot compile this file: ${message}.`);
  }
  return { docsDir, file, source: repaired.source, tree, content, ...react };
}

/** The MDX its compiler reads. */
export function mdxModuleSource(input: MdxModuleInput): string {
  const plan = planEsm(input);
  // Absolute, so that the browser's bundle of a hydrated component finds the file too.
  const importEdits = plan.docsImports.map(({ source, target }) => ({ ...source, text: JSON.stringify(path.join(input.docsDir, target)) }));
  const edits = [...plan.edits, ...importEdits, ...plan.islands.edits, ...hydrationEdits(input, plan), ...malformedImageUrlEdits(input.source, input.tree), ...snippetEdits(input)];
  const reactModule = JSON.stringify(pageReactModuleId(input.file));
  // Imported for the page's markup, and exported for the pages that import this file; the islands' wrappers only imported.
  const esm = [
    plan.moved.length ? `import { ${plan.moved.join(', ')} } from ${reactModule}; export { ${plan.moved.join(', ')} };` : '',
    plan.islands.wrappers.length ? `import { ${plan.islands.wrappers.join(', ')} } from ${reactModule};` : '',
    missingImports(plan),
  ].filter(Boolean).join(' ');
  return declareComponents(applySourceEdits(input.source, edits), componentNames(input), COMPONENTS_MODULE, esm);
}

const componentNames = (input: MdxModuleInput) => input.content.components.map((used) => used.name);

/** In a snippet, the names its expressions use and it does not define are the props a page gives it (`snippet-props.ts`). */
function snippetEdits(input: MdxModuleInput): Edit[] {
  if (!isSnippetFile(input.file)) return [];
  // MDX's own names, and those the file defines: the components it uses, its imports and exports.
  const defined = new Set(['props', 'frontmatter', ...componentNames(input).map((name) => name.split('.')[0]!)]);
  for (const node of input.tree.children) if (node.type === 'mdxjsEsm') declaredIn(node.value, 'jsx')?.forEach((name) => defined.add(name));
  return snippetPropEdits(input.source, input.tree, defined);
}

const missingImports = (plan: EsmPlan) =>
  [
    plan.standIns.length ? `export const ${plan.standIns.map(({ local, value }) => `${local} = ${value}`).join(', ')};` : '',
    plan.missingExports.length
      ? `import { missingExport as __missingExport } from ${JSON.stringify(COMPONENTS_MODULE)}; export const ${plan.missingExports.map(({ local, name, target }) => `${local} = ${isComponentName(local) ? `__missingExport(${JSON.stringify(name)}, ${JSON.stringify(target)})` : 'undefined'}`).join(', ')};`
      : '',
  ]
    .filter(Boolean)
    .join(' ');

/**
 * The MDX of a file rendered from its source (`mdx-pages.ts`), compiled into the body of a
 * function rather than a module. Such a body takes what a module would import from its
 * one argument, by name: each import of the docs folder's files becomes one name there
 * (`__docsImport0`), the file `imports` lists, and the names the statement bound are read
 * from it. (MDX's compiler would take every import's names from that argument alike, and
 * two default imports would clash.)
 */
export function functionBodySource(input: MdxModuleInput): { source: string; imports: string[] } {
  const plan = planEsm(input);
  const imports: string[] = [];
  let missingExport = false;
  const importEdits = plan.docsImports.map(({ statement, at, target }) => {
    const name = `__docsImport${imports.push(target) - 1}`;
    const bindings = statement.specifiers.map((specifier) => {
      if (specifier.type === 'ImportNamespaceSpecifier') return `${specifier.local.name} = ${name}`;
      const imported = specifier.type === 'ImportDefaultSpecifier' ? 'default' : importedName(specifier);
      const binding = `${specifier.local.name} = ${name}[${JSON.stringify(imported)}]`;
      // A component the file does not export fails where it is used, with a notice.
      if (specifier.type === 'ImportDefaultSpecifier' || !isComponentName(specifier.local.name)) return binding;
      missingExport = true;
      return `${binding} ?? __missingExport(${JSON.stringify(imported)}, ${JSON.stringify(target)})`;
    });
    return { ...at, text: `import { ${name} } from ${JSON.stringify(target)};${bindings.length ? ` export const ${bindings.join(', ')};` : ''}` };
  });
  const edits = [...plan.edits, ...importEdits, ...malformedImageUrlEdits(input.source, input.tree), ...snippetEdits(input)];
  const esm = [missingImports(plan), missingExport ? `import { missingExport as __missingExport } from ${JSON.stringify(COMPONENTS_MODULE)};` : ''].filter(Boolean).join(' ');
  return { source: declareComponents(applySourceEdits(input.source, edits), componentNames(input), COMPONENTS_MODULE, esm), imports };
}

/** The React components an MDX file defines and exports, which move to its React module. */
export function reactComponentsDefined(input: MdxModuleInput): string[] {
  return planEsm(input).moved;
}

/** What Astro's MDX integration exports from every MDX module besides the file's own exports. */
const MDX_MODULE_EXPORTS = ['default', 'Content', 'frontmatter', 'file', 'url', 'getHeadings', 'components'];

/**
 * The names an MDX file's module exports: its own exports, the built-in components it
 * declares, the names of the imports it leaves out, and Astro's. Undefined when an
 * `export * from` leaves that open.
 */
export function mdxExportedNames(input: MdxModuleInput): Set<string> | undefined {
  const names = new Set([...MDX_MODULE_EXPORTS, ...componentNames(input).map((name) => name.split('.')[0]!)]);
  for (const node of input.tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const exported = exportedNames(node.value, 'jsx', (source) => isDropped(input, source));
    if (!exported) return undefined;
    exported.forEach((name) => names.add(name));
  }
  return names;
}

/**
 * The JSX of the React components a page defines, with what they use and the page gives
 * them: its imports and data, React's hooks (which Mintlify provides without an import),
 * and the built-in components they name, as React's; then the islands of React components
 * the page gives components in props (`component-props.ts`).
 */
export function pageReactModule(input: MdxModuleInput): string {
  const { reactModule, islands } = planEsm(input);
  return withReactGlobals([...reactModule.imports, ...reactModule.data, ...reactModule.components, ...islands.code].join('\n'));
}

function planEsm(input: MdxModuleInput): EsmPlan {
  const plan: EsmPlan = {
    edits: [],
    reactComponents: new Set(),
    moved: [],
    standIns: [],
    missingExports: [],
    reactModule: { imports: [], data: [], components: [] },
    docsImports: [],
    islands: { edits: [], elements: new Set(), wrappers: [], code: [] },
  };
  const exports: ExportedDeclaration[] = [];
  for (const { statement, text, at } of esmStatements(input)) {
    if (statement.type === 'ImportDeclaration') planImport(input, statement, text, at, plan);
    else if (statement.type === 'ExportNamedDeclaration' && statement.declaration) exports.push({ names: declaredNamesOf(statement.declaration as Statement), text, at });
  }
  const moved = input.react ? reactComponentsOf(exports, plan.reactComponents) : new Set<ExportedDeclaration>();
  for (const declaration of exports) {
    const { names, text, at } = declaration;
    if (moved.has(declaration)) {
      plan.moved.push(...names);
      plan.reactModule.components.push(text);
      plan.edits.push({ ...at, text: '' });
    } else if (!names.some(isComponentName)) {
      // Data the page exports may be what its components show: they get a copy.
      plan.reactModule.data.push(text);
    }
  }
  if (input.react) {
    const pageComponents = new Map<string, PageComponent>();
    for (const declaration of exports) if (!moved.has(declaration) && declaration.names.every(isComponentName)) declaration.names.forEach((name) => pageComponents.set(name, declaration));
    plan.islands = componentPropIslands(input.tree, { source: input.source, reactComponents: plan.reactComponents, pageComponents, canHydrate });
  }
  return plan;
}

interface EsmStatement {
  statement: Statement;
  /** Its text, and its span in the file. */
  text: string;
  at: { start: number; end: number };
}

/** The statements of the file's ESM blocks, in order. */
function esmStatements(input: MdxModuleInput): EsmStatement[] {
  const statements: EsmStatement[] = [];
  for (const node of input.tree.children) {
    if (node.type !== 'mdxjsEsm' || node.position?.start.offset === undefined) continue;
    const offset = node.position.start.offset;
    // The tree's value is the source's text there; where it is not, leave the block to MDX.
    if (input.source.slice(offset, offset + node.value.length) !== node.value) continue;
    const { program, errors } = parseSync(`${input.file}.jsx`, node.value, { lang: 'jsx', sourceType: 'module' });
    if (errors.length) continue; // MDX reports it.
    for (const statement of program.body) {
      statements.push({ statement, text: node.value.slice(statement.start, statement.end), at: { start: offset + statement.start, end: offset + statement.end } });
    }
  }
  return statements;
}

interface ExportedDeclaration {
  names: string[];
  text: string;
  at: { start: number; end: number };
}

/**
 * The components a page defines that React renders, added to `react` (the names React
 * renders): those written for React (hooks, event handlers), and those that render only
 * React components, such as a wrapper that passes its children on to one. Those are React
 * components too, as on Mintlify: the page's Markdown and built-in components given to them
 * as children reach React as HTML that Astro rendered. A component that also renders
 * built-in components (Astro's) stays with Astro, which renders the React ones inside it.
 */
function reactComponentsOf(exports: readonly ExportedDeclaration[], react: Set<string>): Set<ExportedDeclaration> {
  const components = exports.filter(({ names }) => names.length > 0 && names.every(isComponentName));
  const moved = new Set<ExportedDeclaration>();
  const move = (declaration: ExportedDeclaration) => {
    moved.add(declaration);
    declaration.names.forEach((name) => react.add(name));
  };
  components.filter(({ text }) => isInteractiveReact(text)).forEach(move);
  // Until no more wrappers turn out to render only React components.
  for (let found = true; found; ) {
    found = false;
    for (const declaration of components) {
      if (moved.has(declaration)) continue;
      const rendered = componentTagsIn(declaration.text).map((tag) => tag.name.split('.')[0]!).filter((name) => !declaration.names.includes(name));
      if (rendered.length > 0 && rendered.every((name) => react.has(name))) {
        move(declaration);
        found = true;
      }
    }
  }
  return moved;
}

/** Whether an import is left out: it names a file of the docs folder that is not there, or a package that is not installed or is Mintlify's (`droppedImport`). */
const isDropped = (input: Pick<MdxModuleInput, 'docsDir' | 'file'>, specifier: string): boolean =>
  isDocsImport(specifier) ? importedFile(input.docsDir, input.file, specifier) === undefined : droppedImport(input.docsDir, input.file, specifier) !== undefined;

/**
 * An import left out, as Mintlify leaves it out (reported when the site is loaded:
 * `missing-import`, `dropped-import`), and what stands in for each name it binds: the
 * built-in component of that name (`builtInStandIn`); for a missing file, nothing; for a
 * package, a component that shows its content alone, as an unknown one does, or `undefined`.
 */
function dropImport(input: MdxModuleInput, statement: ESTree.ImportDeclaration, at: { start: number; end: number }, plan: EsmPlan, fromPackage: boolean) {
  plan.edits.push({ ...at, text: '' });
  for (const specifier of statement.specifiers) {
    const local = specifier.local.name;
    const imported = importedNameOf(specifier);
    const builtIn = builtInStandIn({ imported, local }, fromPackage);
    const component = builtIn ?? (fromPackage && isComponentName(local) ? imported : undefined);
    const value = component !== undefined ? `__component(${JSON.stringify(component)}, ${JSON.stringify(membersUsed(input.source, local))})` : fromPackage ? 'undefined' : '__nothing';
    plan.standIns.push({ local, value });
  }
}

function planImport(input: MdxModuleInput, statement: ESTree.ImportDeclaration, text: string, at: { start: number; end: number }, plan: EsmPlan) {
  const specifier = String(statement.source.value);
  const locals = statement.specifiers.map((entry) => entry.local.name);
  if (!isDocsImport(specifier)) {
    if (droppedImport(input.docsDir, input.file, specifier)) return dropImport(input, statement, at, plan, true);
    plan.reactModule.imports.push(text);
    return;
  }
  const target = importedFile(input.docsDir, input.file, specifier);
  if (target === undefined) return dropImport(input, statement, at, plan, false);
  if (rewritesDocsImport(input, statement, target, at, plan)) return;
  const source = { start: at.start + (statement.source.start - statement.start), end: at.start + (statement.source.end - statement.start) };
  plan.docsImports.push({ statement, at, source, target });
  if (runsInReact(input, target)) {
    const absolute = JSON.stringify(path.join(input.docsDir, target));
    plan.reactModule.imports.push(`${text.slice(0, statement.source.start - statement.start)}${absolute}${text.slice(statement.source.end - statement.start)}`);
    if (/\.[jt]sx$/.test(target)) locals.forEach((name) => plan.reactComponents.add(name));
  }
}

type ImportedSpecifier = ESTree.ImportDeclaration['specifiers'][number];

/** The name a specifier imports: `default`, a name, or `*` (the namespace, always there). */
export const importedNameOf = (specifier: ImportedSpecifier) =>
  specifier.type === 'ImportDefaultSpecifier' ? 'default' : specifier.type === 'ImportNamespaceSpecifier' ? '*' : importedName(specifier);

/**
 * An import of a docs file, written again where it must be:
 * - React components that an MDX file defines (`export const X = () => { useState… }`)
 *   are taken from that file's React module, where they live: the browser hydrates them
 *   from there, and the page's own React components can use them;
 * - names the file does not export are left out (`missingExports`), as Mintlify renders
 *   the rest of the page.
 * The statement's other names (the file's content, its data) still come from the file.
 * Whether it did.
 */
function rewritesDocsImport(input: MdxModuleInput, statement: ESTree.ImportDeclaration, target: string, at: { start: number; end: number }, plan: EsmPlan): boolean {
  const exported = input.exportsOf?.(target);
  const absent = new Set(exported ? statement.specifiers.filter((specifier) => specifier.type !== 'ImportNamespaceSpecifier' && !exported.has(importedNameOf(specifier))) : []);
  const reactExports = new Set(input.react && /\.mdx$/i.test(target) ? (input.reactExportsOf?.(target) ?? []) : []);
  const fromReact = statement.specifiers.filter((specifier): specifier is ESTree.ImportSpecifier => specifier.type === 'ImportSpecifier' && !absent.has(specifier) && reactExports.has(importedName(specifier)));
  if (absent.size === 0 && fromReact.length === 0) return false;
  absent.forEach((specifier) => plan.missingExports.push({ local: specifier.local.name, name: importedNameOf(specifier), target }));
  const kept = statement.specifiers.filter((specifier) => !absent.has(specifier) && !fromReact.includes(specifier as ESTree.ImportSpecifier));
  const reactImport = fromReact.length ? `import { ${fromReact.map((specifier) => `${moduleExportName(importedName(specifier))} as ${specifier.local.name}`).join(', ')} } from ${JSON.stringify(pageReactModuleId(target))};` : '';
  const keptImport = kept.length ? importStatement(kept, path.join(input.docsDir, target)) : '';
  plan.edits.push({ ...at, text: [reactImport, keptImport].filter(Boolean).join(' ') });
  if (reactImport) plan.reactModule.imports.push(reactImport);
  fromReact.forEach((specifier) => plan.reactComponents.add(specifier.local.name));
  if (keptImport && runsInReact(input, target)) {
    plan.reactModule.imports.push(keptImport);
    if (/\.[jt]sx$/.test(target)) kept.forEach((specifier) => plan.reactComponents.add(specifier.local.name));
  }
  return true;
}

/**
 * Whether a file the page imports goes into its React module, which the browser loads: code
 * (`.js`, `.ts`), and components written for React. A `.jsx` or `.tsx` file that is not is
 * compiled for Astro's JSX runtime, which runs only on the server.
 */
function runsInReact(input: MdxModuleInput, target: string): boolean {
  return /\.[jt]s$/.test(target) || (/\.[jt]sx$/.test(target) && input.react && input.isReactModule(target));
}

function importedName(specifier: ESTree.ImportSpecifier): string {
  return specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
}

/** A name as an import writes it: a string where it is not an identifier (`{ "a-b" as c }`). */
const moduleExportName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** `import D, { a as b } from "…";` or `import * as N from "…";`, of these specifiers. */
function importStatement(specifiers: ESTree.ImportDeclaration['specifiers'], from: string): string {
  const parts: string[] = [];
  const named: string[] = [];
  for (const specifier of specifiers) {
    if (specifier.type === 'ImportDefaultSpecifier') parts.unshift(specifier.local.name);
    else if (specifier.type === 'ImportNamespaceSpecifier') parts.push(`* as ${specifier.local.name}`);
    else named.push(`${moduleExportName(importedName(specifier))} as ${specifier.local.name}`);
  }
  if (named.length) parts.push(`{ ${named.join(', ')} }`);
  return `import ${parts.join(', ')} from ${JSON.stringify(from)};`;
}

/**
 * `client:load` on each use of a React component in the page's markup, so that React
 * hydrates it. Uses inside expressions and attributes stay static (MDX's compiler only
 * hydrates markup), and so do uses whose props are functions or elements, which cannot
 * cross to the browser.
 */
function hydrationEdits(input: MdxModuleInput, { reactComponents, islands }: EsmPlan): Edit[] {
  if (reactComponents.size === 0) return [];
  const edits: Edit[] = [];
  const visit = (node: Nodes | RootContent) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name && reactComponents.has(node.name.split('.')[0]!) && !islands.elements.has(node)) {
      const start = node.position?.start.offset;
      const tag = `<${node.name}`;
      if (start !== undefined && input.source.startsWith(tag, start) && canHydrate(node)) {
        edits.push({ start: start + tag.length, end: start + tag.length, text: ' client:load' });
      }
    }
    if ('children' in node) node.children.forEach(visit);
  };
  visit(input.tree);
  return edits;
}

function canHydrate(element: JsxElement): boolean {
  return element.attributes.every((attribute) => {
    if (attribute.type !== 'mdxJsxAttribute') return false; // `{...props}`
    if (attribute.name.startsWith('client:')) return false; // the author chose
    const value = attribute.value;
    return typeof value !== 'object' || value === null || !/=>|\bfunction\b|</.test(value.value);
  });
}
