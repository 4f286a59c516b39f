/**
 * The names a module of JavaScript declares and exports, read from its syntax tree: what a
 * page's imports may bind, and what a snippet or a page's React code defines itself.
 */
import { parseSync, type ESTree } from 'vite';

export type Statement = ESTree.Program['body'][number];

/**
 * The names a module of code exports (a `.jsx` snippet, an MDX file's ESM); undefined when it
 * does not parse, or leaves that open (`export * from`). With `isDropped`, the names bound by
 * the imports it tells are left out count as exported (an MDX module declares them).
 */
export function exportedNames(code: string, lang: 'jsx' | 'tsx', isDropped?: (source: string) => boolean): Set<string> | undefined {
  const { program, errors } = parseSync(`module.${lang}`, code, { lang, sourceType: 'module' });
  if (errors.length) return undefined;
  const names = new Set<string>();
  for (const statement of program.body) {
    if (statement.type === 'ExportAllDeclaration') return undefined;
    if (statement.type === 'ExportDefaultDeclaration') names.add('default');
    if (statement.type === 'ExportNamedDeclaration') {
      const exported = exportedByStatement(statement);
      if (!exported) return undefined;
      exported.forEach((name) => names.add(name));
    }
    const source = statement.type === 'ImportDeclaration' ? String(statement.source.value) : undefined;
    if (isDropped && source !== undefined && isDropped(source)) {
      (statement as ESTree.ImportDeclaration).specifiers.forEach((specifier) => names.add(specifier.local.name));
    }
  }
  return names;
}

/** The names an `export` statement exports; undefined when a pattern declares them (`export const { a } = b`). */
function exportedByStatement(statement: ESTree.ExportNamedDeclaration): string[] | undefined {
  const declaration = statement.declaration;
  if (declaration?.type === 'VariableDeclaration' && declaration.declarations.some((declarator) => declarator.id.type !== 'Identifier')) return undefined;
  const specified = statement.specifiers.map((specifier) => (specifier.exported.type === 'Identifier' ? specifier.exported.name : String(specifier.exported.value)));
  return [...declaredNamesOf(declaration as Statement | null), ...specified];
}

/** The names a module declares at its top level: imports, and its own declarations. */
export function declaredIn(code: string, lang: 'jsx' | 'tsx'): Set<string> | undefined {
  const { program, errors } = parseSync(`module.${lang}`, code, { lang, sourceType: 'module' });
  if (errors.length) return undefined;
  const names = new Set<string>();
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') statement.specifiers.forEach((specifier) => names.add(specifier.local.name));
    const declaration = statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? statement.declaration : statement;
    declaredNamesOf(declaration as Statement | null).forEach((name) => names.add(name));
  }
  return names;
}

export function declaredNamesOf(declaration: Statement | null | undefined): string[] {
  if (!declaration) return [];
  if (declaration.type === 'VariableDeclaration') {
    return declaration.declarations.flatMap((declarator) => (declarator.id.type === 'Identifier' ? [declarator.id.name] : []));
  }
  if ((declaration.type === 'FunctionDeclaration' || declaration.type === 'ClassDeclaration') && declaration.id) return [declaration.id.name];
  return [];
}
