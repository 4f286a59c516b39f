/**
 * React code as a page runs it: the module of the React components a page defines, by id,
 * and the names Mintlify gives React code without an import (hooks, `React`, the built-in
 * components).
 */
import { BUILT_IN_COMPONENTS } from '../../core/markdown/built-in-components.ts';
import { componentTagsIn, componentValuesIn, hooksCalledIn } from '../../core/markdown/jsx-in-code.ts';
import { declaredIn } from './declared-names.ts';

/** The built-in components as React components, for React's code (`withReactGlobals`). */
export const REACT_BUILT_INS = 'astro-docs-json/react-components';
/** The module of the React components a page defines: this prefix, the page's path, `.jsx`. */
export const PAGE_REACT_MODULE = 'virtual:astro-docs-json/react/';

/** The id of the module of the React components the page `file` defines. */
export function pageReactModuleId(file: string): string {
  return `${PAGE_REACT_MODULE}${file}.jsx`;
}

/**
 * React code as Mintlify runs it: hooks and `React` in scope, the built-in components as
 * React's (`astro/react/built-ins.ts`), other unknown components shown as their content.
 */
export function withReactGlobals(code: string, lang: 'jsx' | 'tsx' = 'jsx'): string {
  const declared = declaredIn(code, lang);
  if (!declared) return code; // It does not parse: its compiler says why.
  const hooks = hooksCalledIn(code).filter((hook) => !declared.has(hook));
  const lines: string[] = [];
  if (hooks.length) lines.push(`import { ${hooks.join(', ')} } from 'react';`);
  if (/(?<![\w$.])React\./.test(code) && !declared.has('React')) lines.push(`import * as React from 'react';`);
  const tags = new Set(componentTagsIn(code).map((tag) => tag.name.split('.')[0]!));
  const unknown = [...new Set([...tags, ...componentValuesIn(code)])].filter((name) => !declared.has(name) && !(name in globalThis));
  const builtIns = unknown.filter((name) => Object.hasOwn(BUILT_IN_COMPONENTS, name));
  if (builtIns.length) {
    lines.push(`import { builtIn as __builtIn } from ${JSON.stringify(REACT_BUILT_INS)};`, `const ${builtIns.map((name) => `${name} = __builtIn(${JSON.stringify(name)})`).join(', ')};`);
  }
  for (const name of unknown) if (tags.has(name) && !builtIns.includes(name)) lines.push(`const ${name} = ({ children }) => children ?? null;`);
  return lines.length ? `${lines.join('\n')}\n${code}` : code;
}
