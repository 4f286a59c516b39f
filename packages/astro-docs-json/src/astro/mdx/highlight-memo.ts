/**
 * Code blocks highlighted once per build for each text: a block that recurs (the same
 * install command on many pages, the same page in each version of a site) is tokenised by
 * Shiki once, and the pages after take a copy. Shiki tokenises a block once per theme, and
 * highlighting is most of what compiling a page costs. Only where highlighting is a
 * function of the block alone: Shiki runs no transformers but this package's.
 */

import { SizeBoundedCache } from '../../core/size-bounded-cache.ts';

/** What `satteriCreateHighlightFn` makes: a block's `<pre>` element (hast), from its code, language and meta. */
export type HighlightFn = (code: string, lang: string, meta?: string) => Promise<unknown>;

/** Characters of highlighted blocks kept, as JSON: a few megabytes, against the blocks of a version of a large site. */
const BUDGET = 16 * 1024 * 1024;

export function memoizeHighlight(highlight: HighlightFn, budget = BUDGET): HighlightFn {
  const kept = new SizeBoundedCache<string>(budget, (key, json) => key.length + json.length);
  return async (code, lang, meta) => {
    const key = `${lang}\u0000${meta ?? ''}\u0000${code}`;
    const hit = kept.get(key);
    if (hit !== undefined) return JSON.parse(hit) as unknown;
    const element = await highlight(code, lang, meta);
    const json = JSON.stringify(element) as string | undefined;
    if (json !== undefined) kept.set(key, json);
    return element;
  };
}
