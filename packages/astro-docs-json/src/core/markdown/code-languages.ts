/**
 * The languages code blocks may name (```js): Shiki's, with their aliases, and the plain
 * ones it never highlights, and `math` blocks, which are formulas. A block in another language is shown without highlighting, and
 * Shiki says so for every such block: on a large site, the same line hundreds of times.
 * The build maps each unknown language to plain text instead (`langAlias`), and `check`
 * names each once, with where it is used. Names are read without regard to case, as
 * GitHub and highlight.js read them: a ```` ```JSON ```` block is highlighted as JSON.
 */
import { bundledLanguagesInfo } from 'shiki';

const PLAIN = ['plaintext', 'txt', 'text', 'plain', 'ansi'];
/** Blocks that are not code: formulas (`core/html/math.ts`), which Astro's highlighting leaves alone. */
const FORMULAS = ['math'];
/** Mintlify's options written where the language goes: ```` ```nocopy ```` is plain text without a copy button. */
const OPTIONS_AS_LANGUAGE = ['nocopy'];
const HIGHLIGHTED = new Set([...PLAIN, ...bundledLanguagesInfo.flatMap((language) => [language.id, ...(language.aliases ?? [])])]);

/** The name Shiki knows a code block's language by: the name itself, else the name in lower case. */
function highlightedAs(name: string): string | undefined {
  if (HIGHLIGHTED.has(name)) return name;
  return HIGHLIGHTED.has(name.toLowerCase()) ? name.toLowerCase() : undefined;
}

export const isKnownLanguage = (name: string) => FORMULAS.includes(name) || OPTIONS_AS_LANGUAGE.includes(name) || highlightedAs(name) !== undefined;

/**
 * Shiki's `langAlias` for the languages the site's code blocks name: a name Shiki knows in
 * lower case only goes to that name; an unknown language, or an option written as one, to plain text.
 */
export function languageAliases(languages: Iterable<string>): Record<string, string> {
  const aliases: Record<string, string> = {};
  for (const name of languages) {
    if (FORMULAS.includes(name)) continue;
    const known = OPTIONS_AS_LANGUAGE.includes(name) ? undefined : highlightedAs(name);
    if (known !== name) aliases[name] = known ?? 'plaintext';
  }
  return aliases;
}
