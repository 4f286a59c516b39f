/**
 * What pages and snippets hold that will not build or not show as written: MDX that had to
 * be repaired or cannot be, components nobody provides, images and snippets that are not
 * in the docs folder. Each is reported once, with its file and line.
 */
import { closestMatch, type Diagnostic } from '../diagnostics.ts';
import path from 'node:path';
import { malformedEscape } from '../markdown/url-escapes.ts';
import { describeRule, docsIgnore, unignoreHint, type IgnoreRule } from './mintignore.ts';
import { readFileSync } from 'node:fs';
import { fileStatus, importedFile, importedFiles, isDocsImport, referencedFile, resolveImport } from './references.ts';
import { reactModuleTest, SCRIPT_MODULE } from './react-modules.ts';
import { iconNames, isKnownIcon, type IconLibrary } from '../icons/iconify.ts';
import { BUILT_IN_COMPONENTS, isBuiltInComponent } from '../markdown/built-in-components.ts';
import { isKnownLanguage } from '../markdown/code-languages.ts';
import { importReferences, type PageContent } from '../markdown/page-content.ts';
import type { ImportBinding } from '../markdown/forgiving-mdx.ts';
import { isComponentName } from '../markdown/jsx-in-code.ts';
import { builtInStandIn, droppedImport, packageName, type DroppedImport } from './package-imports.ts';

interface ContentFile {
  /** Relative to the docs folder. */
  file: string;
  content: PageContent;
}

export interface ContentOptions {
  /** docs.json `icons.library`, where icon names are looked up. */
  iconLibrary?: IconLibrary;
  /** Whether pages may import what is not a file of the docs folder (`node:fs`, a package): a warning if so, else an error. */
  allowPageImports?: boolean;
  /** docs.json `styling.latex`: `false` turns math off, and its formulas are text. */
  latex?: boolean;
  /** The names docs.json `variables` defines, for the hint of one that is not. */
  variables?: readonly string[];
  /** The docs folder's own code languages (docs.json `styling.codeblocks.languages.custom`), by every name they answer to. */
  customLanguages?: readonly string[];
}

/** Languages a misspelt one is likely meant to be. */
const COMMON_LANGUAGES = ['js', 'ts', 'jsx', 'tsx', 'bash', 'json', 'yaml', 'python', 'go', 'rust', 'java', 'html', 'css', 'sql'];

/** Where something is used, for a message: every place when there are few, a count and the first few otherwise. */
export function usedIn(places: readonly string[], shown = 3): string {
  if (places.length <= shown + 1) return `Used in ${places.join(', ')}.`;
  return `Used in ${places.length} places: ${places.slice(0, shown).join(', ')} and ${places.length - shown} more.`;
}

export function contentDiagnostics(docsDir: string, files: readonly ContentFile[], options: ContentOptions = {}): Diagnostic[] {
  const { iconLibrary } = options;
  const diagnostics: Diagnostic[] = [];
  const unknown = new Map<string, Array<{ file: string; line: number }>>();
  const languages = new Map<string, Array<{ file: string; line: number }>>();
  const customLanguages = new Set(options.customLanguages);

  for (const { file, content } of files) {
    // One warning per kind of repair and file, with every line it was made on.
    const repairs = Map.groupBy(content.repairs, (repair) => repair.message);
    for (const [message, found] of repairs) {
      const lines = [...new Set(found.map((repair) => repair.line))];
      diagnostics.push({
        severity: 'warning',
        code: 'forgiving-mdx',
        file,
        line: lines[0]!,
        message: `${message}${lines.length > 1 ? ` (lines ${lines.join(', ')})` : ''}`,
        hint: 'Mintlify accepts this and so does this build, as described; MDX elsewhere will not.',
      });
    }
    if (content.error) {
      diagnostics.push({
        severity: 'error',
        code: 'invalid-mdx',
        file,
        line: content.error.line,
        column: content.error.column,
        message: `MDX cannot compile this page: ${content.error.message}.`,
        hint: 'Close every component you open (`<Note>...</Note>`), and write `{` and `<` in prose as `\\{` and `&lt;`.',
      });
    }
    for (const { name, line } of content.components) {
      if (isBuiltInComponent(name)) continue;
      const uses = unknown.get(name) ?? unknown.set(name, []).get(name)!;
      uses.push({ file, line });
    }
    for (const { name, line } of content.languages) {
      if (!isKnownLanguage(name) && !customLanguages.has(name)) (languages.get(name) ?? languages.set(name, []).get(name)!).push({ file, line });
    }
    for (const reference of content.references) {
      const problem = referenceProblem(docsDir, file, reference, options.allowPageImports ?? true);
      if (problem) diagnostics.push({ file, line: reference.line, ...problem });
    }
    diagnostics.push(...drawingProblems(file, content, options.latex !== false));
  }

  // Each icon is looked up once, however many pages name it.
  const iconUses = new Map<string, { icon: PageContent['icons'][number]; files: Set<string> }>();
  for (const { file, content } of files) {
    for (const icon of content.icons) {
      const key = JSON.stringify(icon);
      const uses = iconUses.get(key) ?? iconUses.set(key, { icon, files: new Set() }).get(key)!;
      uses.files.add(file);
    }
  }
  for (const { icon, files: uses } of iconUses.values()) {
    if (isKnownIcon(icon, iconLibrary)) continue;
    const name = typeof icon === 'string' ? icon : icon.name;
    const suggestion = closestMatch(name, iconNames(icon, iconLibrary));
    diagnostics.push({
      severity: 'warning',
      code: 'unknown-icon',
      file: [...uses][0]!,
      message: `The icon \`${name}\` is not one the site knows: the component shows without it. ${usedIn([...uses])}`,
      hint: `${suggestion ? `Did you mean \`${suggestion}\`? ` : ''}A name is looked up in the site's library (docs.json \`icons.library\`, or \`iconLibrary\`), then in Font Awesome, Lucide, Tabler, Material Design Icons and Simple Icons; an image file, a URL or SVG code also works.`,
    });
  }

  for (const [name, uses] of unknown) {
    const suggestion = closestMatch(name, Object.keys(BUILT_IN_COMPONENTS));
    diagnostics.push({
      severity: 'warning',
      code: 'unknown-component',
      file: uses[0]!.file,
      line: uses[0]!.line,
      message: `\`<${name}>\` is not a component this site knows: its content is shown without it. ${usedIn(uses.map((use) => `${use.file}:${use.line}`))}`,
      hint: suggestion ? `Did you mean \`<${suggestion}>\`? Or import it from a snippet.` : 'Import it from a snippet (`import { X } from \'/snippets/x.jsx\'`), or remove it.',
    });
  }
  for (const [name, uses] of languages) {
    const suggestion = closestMatch(name, COMMON_LANGUAGES);
    diagnostics.push({
      severity: 'warning',
      code: 'unknown-language',
      file: uses[0]!.file,
      line: uses[0]!.line,
      message: `\`${name}\` is not a language the code highlighter knows: its code blocks are shown as plain text. ${usedIn(uses.map((use) => `${use.file}:${use.line}`))}`,
      hint: `${suggestion ? `Did you mean \`${suggestion}\`? ` : ''}Name one of Shiki's languages, or add it in Astro's \`markdown.shikiConfig.langs\`.`,
    });
  }
  diagnostics.push(...unknownVariables(files, options.variables ?? []));
  return diagnostics;
}

/**
 * The code files pages and snippets import (`.jsx` snippets), and those these import in
 * turn: their imports of packages that the build leaves out (`dropped-import`), each
 * named once at its file and line. Each file is read once.
 */
export function codeImportDiagnostics(docsDir: string, files: readonly ContentFile[], read = (file: string) => readFileSync(path.join(docsDir, file), 'utf8')): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const queue = [...new Set(files.flatMap(({ file, content }) => importedFiles(docsDir, file, content.references)))].filter((file) => SCRIPT_MODULE.test(file));
  const seen = new Set(queue);
  const isReact = reactModuleTest(docsDir, read);
  for (const file of queue) {
    let text: string;
    try {
      text = read(file);
    } catch {
      continue; // the bundler says why
    }
    for (const reference of importReferences(text)) {
      if (isDocsImport(reference.url)) {
        const target = importedFile(docsDir, file, reference.url);
        if (target !== undefined && SCRIPT_MODULE.test(target) && !seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
        continue;
      }
      const dropped = reference.names && droppedImport(docsDir, file, reference.url);
      if (dropped) diagnostics.push({ file, line: reference.line, ...droppedImportProblem(reference.url, dropped, reference.names!, isReact(file)) });
    }
  }
  return diagnostics;
}

/** Formulas KaTeX cannot typeset and diagrams Mermaid cannot draw: the page shows their source. */
function drawingProblems(file: string, content: PageContent, latex: boolean): Diagnostic[] {
  const formulas = latex ? (content.math?.problems ?? []) : [];
  return [
    ...formulas.map(({ line, message }): Diagnostic => ({
      severity: 'warning',
      code: 'math-syntax',
      file,
      line,
      message: `${message}. The page shows its source instead.`,
      hint: 'Fix the LaTeX (KaTeX\'s supported functions are the reference). A dollar sign that is not math is written `\\$`.',
    })),
    ...(content.diagrams?.problems ?? []).map(({ line, message, setting }): Diagnostic =>
      setting
        ? { severity: 'warning', code: 'diagram-option', file, line, message: `${message}.`, hint: 'Write `placement="top-left"`, `"top-right"`, `"bottom-left"` or `"bottom-right"`.' }
        : {
            severity: 'warning',
            code: 'diagram-syntax',
            file,
            line,
            message: `${message}. The page shows the diagram's source instead.`,
            hint: 'Check the diagram against Mermaid\'s syntax for its type (mermaid.js.org).',
          },
    ),
  ];
}

/** `{{name}}`s no docs.json variable defines: shown as written, which is rarely what was meant. One warning per name. */
function unknownVariables(files: readonly ContentFile[], defined: readonly string[]): Diagnostic[] {
  const uses = new Map<string, Array<{ file: string; line: number }>>();
  for (const { file, content } of files) {
    for (const { name, line } of content.variables ?? []) (uses.get(name) ?? uses.set(name, []).get(name)!).push({ file, line });
  }
  return [...uses].map(([name, places]): Diagnostic => {
    const suggestion = closestMatch(name, defined);
    return {
      severity: 'warning',
      code: 'unknown-variable',
      file: places[0]!.file,
      line: places[0]!.line,
      message: `\`{{${name}}}\` names no variable of docs.json \`variables\`: it is shown as written. ${usedIn(places.map((place) => `${place.file}:${place.line}`))}`,
      hint: `${suggestion ? `Did you mean \`{{${suggestion}}}\`? ` : ''}Define \`${name}\` in docs.json \`variables\`, or put the braces in code (\`\`{{${name}}}\`\`) to show them as they are.`,
    };
  });
}

type Reference = PageContent['references'][number];

/** An image or import of a file that `.mintignore` leaves out: as Mintlify reads it, there is no such file. */
function ignoredReference(kind: Reference['kind'], url: string, target: string, rule: IgnoreRule): Omit<Diagnostic, 'file'> {
  return {
    severity: 'warning',
    code: 'ignored-file',
    message: `The ${kind} \`${url}\`${url.replace(/^\//, '') === target ? '' : ` (${target})`} is ignored by ${describeRule(rule)}: ${kind === 'image' ? 'it is not published, and the page shows it broken' : 'what it imports renders as nothing'}.`,
    hint: unignoreHint(target, rule),
  };
}

/**
 * What is wrong with an image or import of a page: missing, ignored by `.mintignore`, behind a link that leads out
 * of the docs folder, or code that is not the docs folder's and runs when the site is built.
 */
function referenceProblem(docsDir: string, file: string, reference: Reference, allowPageImports: boolean): Omit<Diagnostic, 'file'> | undefined {
  const { kind, url } = reference;
  const escape = kind === 'import' ? undefined : malformedEscape(url);
  if (escape) {
    return {
      severity: 'warning',
      code: 'malformed-url',
      message: `The ${kind} \`${url}\` has a malformed \`%\` escape (\`${escape}\`), so it names no file or page: ${kind === 'image' ? 'the page shows it broken' : 'the link leads nowhere'}.`,
      hint: 'A `%` in a URL starts an escape of two hex digits: write a `%` itself as `%25`.',
    };
  }
  if (kind === 'import' && !isDocsImport(url)) {
    // Only a static import is left out: an `import()` or `export … from` runs as written.
    const dropped = reference.names && droppedImport(docsDir, file, url);
    if (dropped) return droppedImportProblem(url, dropped, reference.names!);
    return {
      severity: allowPageImports ? 'warning' : 'error',
      code: 'page-import',
      message: `The page imports \`${url}\`, which is not a file of the docs folder: its code runs on the machine that builds the site.`,
      hint: allowPageImports
        ? 'Mintlify only lets pages import the docs folder\'s snippets. `docsJson({ allowPageImports: false })` or `strict` refuses such imports, for sites that build pull requests from strangers.'
        : 'Import snippets of the docs folder only, like `/snippets/x.jsx`; `allowPageImports: false` refuses anything else.',
    };
  }
  const resolved = kind === 'import' ? resolveImport(docsDir, file, url) : undefined;
  const target = resolved ? resolved.file : referencedFile(file, url);
  const status = resolved ? resolved.status : target === undefined ? 'missing' : fileStatus(docsDir, path.join(docsDir, target));
  if (status === 'ignored') return ignoredReference(kind, url, target!, docsIgnore(docsDir).ruleFor(target!)!);
  if (status === 'outside') {
    return {
      severity: 'warning',
      code: 'outside-docs',
      message: `\`${url}\` is a symbolic link that leads out of the docs folder: it is neither read nor published, and the page shows ${kind === 'image' ? 'the image broken' : 'nothing in its place'}.`,
      hint: 'Put the file itself in the docs folder.',
    };
  }
  if (status === 'inside') return undefined;
  if (kind === 'image') return { severity: 'warning', code: 'missing-image', message: `The image \`${url}\` is not in the docs folder: the page shows it broken.` };
  const builtIns = (reference.names ?? []).filter((binding) => builtInStandIn(binding, false)).map((binding) => binding.local);
  return {
    severity: 'warning',
    code: 'missing-import',
    message: `The import \`${url}\` is not a file of the docs folder: ${builtIns.length ? `${areBuiltIns(builtIns)}, and the rest of ` : ''}what it imports renders as nothing.`,
    hint: 'Snippets are imported from the docs folder\'s root, like `/snippets/intro.mdx`, or relative to the page.',
  };
}

const listed = (items: readonly string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));
const areBuiltIns = (names: readonly string[]) => `${listed(names.map((name) => `\`<${name}>\``))} ${names.length > 1 ? 'are the built-in components' : 'is the built-in component'}`;

/**
 * An import of a package that is left out, as Mintlify leaves it out (`package-imports.ts`),
 * with what stands in for each name it imports: the built-in component of that name (not
 * in a `react` module), a component that shows its content alone (as an unknown component
 * does), or nothing.
 */
function droppedImportProblem(url: string, why: DroppedImport, names: readonly ImportBinding[], react = false): Omit<Diagnostic, 'file'> {
  // React cannot render the built-in components, which are Astro's.
  const standsIn = (binding: ImportBinding) => !react && builtInStandIn(binding, true) !== undefined;
  const builtIn = names.filter(standsIn).map((binding) => binding.local);
  const content = names.filter((binding) => !standsIn(binding) && isComponentName(binding.local)).map((binding) => `\`<${binding.local}>\``);
  const undefinedNames = names.filter((binding) => !isComponentName(binding.local)).map((binding) => `\`${binding.local}\``);
  const instead = [
    builtIn.length ? areBuiltIns(builtIn) : '',
    content.length ? `${listed(content)} ${content.length > 1 ? 'show their' : 'shows its'} content alone` : '',
    undefinedNames.length ? `${listed(undefinedNames)} ${undefinedNames.length > 1 ? 'are' : 'is'} undefined` : '',
  ].filter(Boolean);
  return {
    severity: 'warning',
    code: 'dropped-import',
    message: `The import of \`${url}\` is left out, as on Mintlify: ${why === 'mintlify' ? 'Mintlify\'s components are built in' : 'the package is not installed where the docs are built'}.${instead.length ? ` ${instead.join('; ')}.` : ''}`,
    hint: why === 'mintlify' ? 'Remove the import: the built-in components need none.' : `Remove the import, or install \`${packageName(url)}\` in the project that builds the docs to use its code.`,
  };
}
