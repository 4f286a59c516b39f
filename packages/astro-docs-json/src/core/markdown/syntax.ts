/**
 * The parser features Mintlify's Markdown is read with, wherever a page is parsed (its
 * analysis, its repair, its rendering, its Markdown copy), so that all of them read it
 * alike: custom heading ids (`## Setup {#install}`) and formulas (`$…$`, `$$…$$`: see
 * `math.ts` for when a dollar is math), whose braces MDX would otherwise take for
 * expressions. Mintlify always reads `$` math (its MDX has remark-math), whether the site
 * typesets the formulas or not (`styling.latex`).
 */
import type { Features } from 'satteri';

export const MINTLIFY_SYNTAX = { headingAttributes: true, math: true } as const satisfies Features;
