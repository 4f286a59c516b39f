/**
 * Code block titles, as Mintlify writes them after the language: ```` ```js index.js ````.
 * A Shiki transformer puts the title on the block (`<pre data-title="index.js">`), where
 * the styles show it as a header and `<CodeGroup>` makes it the block's tab.
 */
import type { ShikiTransformer } from 'shiki';

/** The title in a code block's meta: the words before any `{1,3}` or `key=value`. */
export function codeTitle(meta: string | undefined): string | undefined {
  const title = meta?.replace(/(?:^|\s)(?:\{|[\w-]+=)[\s\S]*$/, '').trim();
  return title || undefined;
}

export const codeTitles: ShikiTransformer = {
  name: 'astro-docs-json:code-titles',
  pre(node) {
    const title = codeTitle(this.options.meta?.__raw);
    if (title) node.properties['data-title'] = title;
  },
};
