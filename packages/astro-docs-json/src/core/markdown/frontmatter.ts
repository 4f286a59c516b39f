/** A page's YAML frontmatter, between `---` lines at its very start, and the body after it. */
export const FRONTMATTER = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** Splits a page's YAML frontmatter from its body. */
export function splitFrontmatter(source: string): { yaml?: string; body: string } {
  const match = FRONTMATTER.exec(source);
  if (!match) return { body: source.replace(/^\uFEFF/, '') };
  return { yaml: match[1] ?? '', body: source.slice(match[0].length) };
}
