/**
 * The class names a page or snippet writes (`className="rounded-xl mt-4"`, `class="…"`),
 * from which the site's Tailwind stylesheet is compiled (`core/theme/tailwind.ts`). Only the
 * values of class attributes count, not every word of the page, so that prose ("a block of
 * text") adds no rule.
 */

/** `class="…"`, `className='…'`, `className={"…"}`, `className={`…`}` and `className={cond ? "a" : "b"}` in JSX or HTML. */
const CLASS_ATTRIBUTE = /\b(?:class|className)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\})/g;
/** The string literals of an expression: `cond ? "a b" : 'c'`, `` `d ${e}` ``. */
const STRING_LITERAL = /"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g;
/** A template literal's substitutions, which are not class names. */
const SUBSTITUTION = /\$\{[^}]*\}/g;
/** What a Tailwind class may look like; anything else (`{`, quotes) is no class name. */
const CLASS_TOKEN = /^[^\s"'`{}<>;\\]{1,120}$/;

/** The class names of an attribute's text value. */
export function classTokens(value: string): string[] {
  return value.split(/\s+/).filter((token) => CLASS_TOKEN.test(token));
}

/** The class names of an attribute's expression (`{isDark ? "block" : "hidden"}`). */
export function expressionClassTokens(expression: string): string[] {
  return [...expression.matchAll(STRING_LITERAL)].flatMap((match) => classTokens((match[1] ?? match[2] ?? match[3]!).replace(SUBSTITUTION, ' ')));
}

/** The class names of the class attributes in code or HTML: a component's JSX, an HTML block. */
export function classNamesInCode(code: string): string[] {
  if (!code.includes('class')) return [];
  return [...code.matchAll(CLASS_ATTRIBUTE)].flatMap((match) => (match[3] === undefined ? classTokens(match[1] ?? match[2]!) : expressionClassTokens(match[3])));
}
