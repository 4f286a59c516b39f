import { splitFrontmatter } from './frontmatter.ts';

const builtIn = (name: string) => `${name} = __component(${JSON.stringify(name)}`;

/** Whether MDX made by `declareComponents` declares the built-in component `name`, rather than one of the file's own. */
export function declaresBuiltIn(source: string, name: string): boolean {
  return source.includes(builtIn(name));
}

/**
 * MDX that declares the components a file uses without importing them (`Card`,
 * `Tree.Folder`), each from `component(name, members)` of `moduleId`, written right after
 * the frontmatter, with `esm` (more declarations of the file's own) on the same line. It is
 * one line and a blank one: errors MDX reports further down are two lines below where the
 * author's file has them.
 */
export function declareComponents(source: string, names: readonly string[], moduleId: string, esm = ''): string {
  if (names.length === 0 && esm === '') return source;
  const members = new Map<string, Set<string>>();
  for (const name of names) {
    const [root, member] = name.split('.');
    const set = members.get(root!) ?? new Set<string>();
    if (member) set.add(member);
    members.set(root!, set);
  }
  const declarations = [...members].map(([root, set]) => `${builtIn(root)}, ${JSON.stringify([...set])})`);
  const imports = `import { component as __component, nothing as __nothing } from ${JSON.stringify(moduleId)};`;
  const line = [imports, declarations.length ? `export const ${declarations.join(', ')};` : '', esm].filter(Boolean).join(' ');
  const at = source.length - splitFrontmatter(source).body.length;
  const head = source.slice(0, at);
  return `${head}${head && !head.endsWith('\n') ? '\n' : ''}${line}\n\n${source.slice(at)}`;
}
