/**
 * The site's highlighter settings that the browser's highlighter (`highlight.ts`) takes, from
 * Astro's final Markdown config, in the virtual module `virtual:astro-docs-json/code-highlighting`.
 * The transformers are the code blocks' own (`core/html/code-blocks.ts`), which it imports;
 * those a site adds in its own config run on the server only.
 */
import type { AstroConfig } from 'astro';

export interface BrowserHighlighting {
  /** Whether code is highlighted by Shiki at all (not Prism, not left plain). */
  shiki: boolean;
  theme?: unknown;
  themes?: Record<string, unknown>;
  defaultColor?: unknown;
  wrap?: boolean | null;
  langAlias: Record<string, string>;
  /** Languages to load first: Shiki's by name, and the site's own grammars. */
  langs: unknown[];
}

export function browserHighlighting(markdown: AstroConfig['markdown']): BrowserHighlighting {
  const { syntaxHighlight, shikiConfig } = markdown;
  const type = typeof syntaxHighlight === 'object' && syntaxHighlight ? syntaxHighlight.type : syntaxHighlight;
  const themes = Object.keys(shikiConfig.themes ?? {}).length ? shikiConfig.themes : undefined;
  return {
    shiki: type === 'shiki',
    ...(themes ? { themes } : { theme: shikiConfig.theme }),
    ...(shikiConfig.defaultColor !== undefined ? { defaultColor: shikiConfig.defaultColor } : {}),
    wrap: shikiConfig.wrap,
    langAlias: shikiConfig.langAlias ?? {},
    // A grammar given as a function (a loader) cannot be handed over: Shiki's own are found by name.
    langs: (shikiConfig.langs ?? []).filter((lang) => typeof lang === 'string' || (typeof lang === 'object' && lang !== null)),
  };
}
