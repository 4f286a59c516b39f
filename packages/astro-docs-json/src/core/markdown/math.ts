/**
 * LaTeX formulas as Mintlify reads them: `$…$` and `$$…$$` (remark-math's rules, which the
 * parser's `math` feature follows: a run of dollars opens, the same run closes, like a code
 * span; `\$` and dollars in code stay text), ```` ```math ```` blocks and `<Latex>`. KaTeX
 * typesets them at build time, with the settings here; this module also says whether a
 * formula can be typeset at all, for the warning a page gets when one cannot.
 */
import katex, { type KatexOptions } from 'katex';
import { SizeBoundedCache } from '../size-bounded-cache.ts';

/**
 * KaTeX's HTML with MathML beside it (its default, and Mintlify's): the HTML for the eye,
 * the MathML for screen readers. Commands that TeX would refuse but KaTeX can draw are
 * drawn without a word (`strict: 'ignore'`), as on Mintlify, where they pass unnoticed.
 */
const KATEX_OPTIONS: KatexOptions = { output: 'htmlAndMathml', throwOnError: true, strict: 'ignore', trust: false };

/** A formula's HTML, or why it cannot be typeset. */
export type TypesetFormula = { html: string; error?: undefined } | { html?: undefined; error: string };

/**
 * Formulas typeset, by mode and text, as loading checked them and as pages show them: a
 * formula recurs across a site's versions and languages, and KaTeX takes a fraction of a
 * millisecond for each. Up to 8 M characters of them.
 */
const typeset = new SizeBoundedCache<TypesetFormula>(8 * 1024 * 1024, (key, formula) => key.length + (formula.html ?? formula.error).length);

export function typesetFormula(tex: string, display: boolean): TypesetFormula {
  const key = `${display ? 'display' : 'inline'}\u0000${tex}`;
  let formula = typeset.get(key);
  if (formula) return formula;
  try {
    formula = { html: katex.renderToString(tex, { ...KATEX_OPTIONS, displayMode: display }) };
  } catch (error) {
    formula = { error: formulaError(error) };
  }
  typeset.set(key, formula);
  return formula;
}

/** Why a formula cannot be typeset, or nothing when it can. */
export function formulaProblem(tex: string, display: boolean): string | undefined {
  return typesetFormula(tex, display).error;
}

/** KaTeX's message, without its "KaTeX parse error: " prefix, on one line. */
function formulaError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^KaTeX parse error:\s*/, '').replace(/\s+/g, ' ').trim();
}

/** A formula as a message quotes it: on one line, and short. */
export function quotedFormula(tex: string): string {
  const line = tex.replace(/\s+/g, ' ').trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/**
 * The TeX of a `<Latex>` element written with literal text only (`<Latex>a^2 + b^2</Latex>`):
 * the source between its tags, as written, since Markdown would read `_` and `*` in it; MDX
 * reads a brace only escaped (`\{`), as a brace. Undefined when its content is an expression
 * or holds elements, which only rendering knows.
 */
export function latexElementSource(written: string): string | undefined {
  const inner = /^<Latex\b[^>]*>([\s\S]*)<\/Latex\s*>$/.exec(written.trim())?.[1];
  if (inner === undefined || /(?<!\\)[{}<]/.test(inner)) return undefined;
  const tex = inner.replace(/\\([{}])/g, '$1').trim();
  return tex === '' ? undefined : tex;
}
