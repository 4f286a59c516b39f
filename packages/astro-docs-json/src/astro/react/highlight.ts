/**
 * Code highlighted in the browser as the build highlights a code block, for a `<CodeBlock>`
 * whose code a React component changes there: Shiki with the site's settings
 * (`virtual:astro-docs-json/code-highlighting`: its themes, its languages and their
 * aliases), Astro's touches on the `<pre>`, and the site's code block transformers
 * (`core/html/code-blocks.ts`). Loaded only when such a block changes; the languages are
 * loaded as they are needed.
 */
import settings from 'virtual:astro-docs-json/code-highlighting';
import type { HighlighterGeneric, ShikiTransformer } from 'shiki';
import { codeBlockTransformers } from '../../core/html/code-blocks.ts';

let highlighter: Promise<HighlighterGeneric<string, string>> | undefined;

async function loadHighlighter(): Promise<HighlighterGeneric<string, string>> {
  const { createHighlighter } = await import('shiki');
  const themes = settings.themes ? Object.values(settings.themes) : [settings.theme ?? 'github-dark'];
  return createHighlighter({ langs: ['plaintext', ...(settings.langs as string[])], langAlias: { ...settings.langAlias }, themes: themes as never }) as Promise<HighlighterGeneric<string, string>>;
}

/** The HTML of a code block, as the site's Markdown draws a fence of `language` with `meta`; undefined where the site does not highlight with Shiki. */
export async function highlightCode({ language, meta, code }: { language: string; meta: string; code: string }): Promise<string | undefined> {
  if (!settings?.shiki) return undefined;
  const shiki = await (highlighter ??= loadHighlighter());
  const { isSpecialLang } = await import('shiki');
  let lang = language;
  const resolved = settings.langAlias[lang] ?? lang;
  if (!isSpecialLang(lang) && !shiki.getLoadedLanguages().includes(resolved)) {
    try {
      await shiki.loadLanguage(resolved as never);
    } catch {
      lang = 'plaintext'; // as the build does with a language Shiki lacks
    }
  }
  const themeOptions = settings.themes ? { themes: settings.themes } : { theme: settings.theme ?? 'github-dark' };
  return shiki.codeToHtml(code.replace(/(?:\r\n|\r|\n)$/, ''), {
    ...(themeOptions as { theme: string }),
    ...(settings.defaultColor !== undefined ? { defaultColor: settings.defaultColor as false } : {}),
    lang,
    ...(meta ? { meta: { __raw: meta } } : {}),
    transformers: [astroPre(lang, resolved), ...codeBlockTransformers],
  });
}

/** What Astro's highlighter does to each block (`@astrojs/internal-helpers/shiki`): its class, its language, its scrolling, a diff's signs. */
function astroPre(lang: string, resolved: string): ShikiTransformer {
  return {
    name: 'astro-docs-json:astro-pre',
    pre(node) {
      node.properties['class'] = [node.properties['class'] ?? ''].flat().join(' ').replace(/shiki/g, 'astro-code');
      node.properties['dataLanguage'] = lang;
      const style = [node.properties['style'] ?? ''].flat().join(';');
      if (settings.wrap === false || settings.wrap === undefined) node.properties['style'] = `${style}; overflow-x: auto;`;
      else if (settings.wrap === true) node.properties['style'] = `${style}; overflow-x: auto; white-space: pre-wrap; word-wrap: break-word;`;
    },
    line(node) {
      if (resolved !== 'diff') return;
      const span = node.children[0];
      const text = span?.type === 'element' ? span.children[0] : undefined;
      const sign = text?.type === 'text' ? text.value[0] : undefined;
      if (span?.type !== 'element' || text?.type !== 'text' || (sign !== '+' && sign !== '-')) return;
      text.value = text.value.slice(1);
      span.children.unshift({ type: 'element', tagName: 'span', properties: { style: 'user-select: none;' }, children: [{ type: 'text', value: sign }] });
    },
  };
}
