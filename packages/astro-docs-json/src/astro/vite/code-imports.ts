/**
 * The imports of packages that a code file of the docs folder (a `.jsx` snippet) makes and
 * Mintlify leaves out (`droppedImport`: not installed, or Mintlify's own), left out here too,
 * as they are from MDX files (`mdx-module.ts`), rather than ending the build where the
 * bundler finds no such package. What stands in for each name they import: for Astro's JSX
 * runtime, the built-in component of that name (`builtInStandIn`), else a component that
 * shows its content alone; for React, which cannot render the built-in components (Astro's),
 * a component that shows its content alone; `undefined` for what is not a component.
 */
import { parseSync } from 'vite';
import { isComponentName, membersUsed } from '../../core/markdown/jsx-in-code.ts';
import { builtInStandIn, droppedImport } from '../../core/pages/package-imports.ts';
import { isDocsImport } from '../../core/pages/references.ts';
import { applySourceEdits, type SourceEdit } from '../../core/markdown/url-escapes.ts';
import { COMPONENTS_MODULE, importedNameOf } from '../mdx/mdx-module.ts';

/** `code` of the docs file `file` without its dropped imports; `astro`: it is compiled for Astro's JSX runtime, not React's. */
export function withoutDroppedImports(code: string, lang: 'jsx' | 'tsx', docsDir: string, file: string, astro: boolean): string {
  if (!/\bimport\b/.test(code)) return code;
  const { program, errors } = parseSync(`module.${lang}`, code, { lang, sourceType: 'module' });
  if (errors.length) return code; // its compiler says why
  const edits: SourceEdit[] = [];
  const declarations: string[] = [];
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration') continue;
    const specifier = String(statement.source.value);
    if (isDocsImport(specifier) || !droppedImport(docsDir, file, specifier)) continue;
    edits.push({ start: statement.start, end: statement.end, text: '' });
    for (const entry of statement.specifiers) {
      const local = entry.local.name;
      const imported = importedNameOf(entry);
      const members = membersUsed(code, local);
      const value = !isComponentName(local) ? 'undefined' : astro ? `__component(${JSON.stringify(builtInStandIn({ imported, local }, true) ?? imported)}, ${JSON.stringify(members)})` : contentAlone(members);
      declarations.push(`const ${local} = ${value};`);
    }
  }
  if (edits.length === 0) return code;
  const head = declarations.some((line) => line.includes('__component')) ? [`import { component as __component } from ${JSON.stringify(COMPONENTS_MODULE)};`] : [];
  // On the first line, so that the file's own lines keep their numbers.
  return `${[...head, ...declarations].join(' ')} ${applySourceEdits(code, edits)}`;
}

/** A React component that shows its content alone, with the members the file's tags give it (`<Chart.Legend>`). */
function contentAlone(members: readonly string[]): string {
  const alone = '({ children }) => children ?? null';
  return members.length ? `Object.assign(${alone}, { ${members.map((member) => `${member}: ${alone}`).join(', ')} })` : alone;
}
