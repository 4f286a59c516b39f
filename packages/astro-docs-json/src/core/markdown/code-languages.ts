/**
 * The languages code blocks may name (```js): Shiki's, with their aliases, and the plain
 * ones it never highlights, and `math` blocks, which are formulas. A block in another language is shown without highlighting, and
 * Shiki says so for every such block: on a large site, the same line hundreds of times.
 * The build maps each unknown language to plain text instead (`langAlias`), and `check`
 * names each once, with where it is used.
 */
import { bundledLanguagesInfo } from 'shiki';

const PLAIN = ['plaintext', 'txt', 'text', 'plain', 'ansi'];
/** Blocks that are not code: formulas (`core/html/math.ts`), which Astro's highlighting leaves alone. */
const FORMULAS = ['math'];
/** Mintlify's options written where the language goes: ```` ```nocopy ```` is plain text without a copy button. */
const OPTIONS_AS_LANGUAGE = ['nocopy'];
const KNOWN = new Set([...PLAIN, ...FORMULAS, ...OPTIONS_AS_LANGUAGE, ...bundledLanguagesInfo.flatMap((language) => [language.id, ...(language.aliases ?? [])])]);

export const isKnownLanguage = (name: string) => KNOWN.has(name);

/** Shiki's `langAlias` that shows the code blocks of each unknown language, and of each option written as one, as plain text. */
export function plainTextAliases(languages: Iterable<string>): Record<string, string> {
  return Object.fromEntries([...languages].filter((name) => !isKnownLanguage(name) || OPTIONS_AS_LANGUAGE.includes(name)).map((name) => [name, 'plaintext']));
}
