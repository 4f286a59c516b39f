import { splitFrontmatter } from '../pages/page-files.ts';

/**
 * MDX that declares the components a file uses without importing them (`Card`,
 * `Tree.Folder`), each from `component(name, members)` of `moduleId`, written right after
 * the frontmatter. It is one line and a blank one: errors MDX reports further down are two
 * lines below where the author's file has them.
 */
export function declareComponents(source: string, names: readonly string[], moduleId: string): string {
  if (names.length === 0) return source;
  const members = new Map<string, Set<string>>();
  for (const name of names) {
    const [root, member] = name.split('.');
    const set = members.get(root!) ?? new Set<string>();
    if (member) set.add(member);
    members.set(root!, set);
  }
  const declarations = [...members].map(([root, set]) => `${root} = __component(${JSON.stringify(root)}, ${JSON.stringify([...set])})`);
  const esm = `import { component as __component } from ${JSON.stringify(moduleId)}; export const ${declarations.join(', ')};\n\n`;
  const at = source.length - splitFrontmatter(source).body.length;
  const head = source.slice(0, at);
  return `${head}${head && !head.endsWith('\n') ? '\n' : ''}${esm}${source.slice(at)}`;
}
