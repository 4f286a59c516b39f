/**
 * `<CodeBlock>`'s props as the options of a fenced code block (`core/markdown/code-meta.ts`),
 * for `CodeBlock.astro` and its React twin (`astro/react/code-block.ts`).
 */
import type { BuiltInProps } from '../../../core/markdown/built-in-registry.ts';
import { formatCodeMeta, lineRanges } from '../../../core/markdown/code-meta.ts';
import { flag, text } from './prop-values.ts';

/** Its props, as the registry's schema types them. */
export type CodeBlockProps = BuiltInProps<'CodeBlock'>;

/** A prop of lines, as a stringified array (Mintlify's form), a range list, a number or an array. */
const lineList = (value: unknown) => lineRanges(Array.isArray(value) ? value.join(',') : typeof value === 'number' ? String(value) : (text(value) ?? ''));

/** The fence's meta string that the props stand for. */
export function codeBlockMeta({ filename, icon, lines, wrap, nocopy, expandable, highlight, focus }: CodeBlockProps): string {
  return formatCodeMeta({
    title: text(filename),
    icon: text(icon),
    lines: flag(lines),
    wrap: flag(wrap),
    nocopy: flag(nocopy),
    expandable: flag(expandable),
    highlight: lineList(highlight),
    focus: lineList(focus),
  });
}
