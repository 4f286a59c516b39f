/**
 * `<CodeBlock>` in React, Mintlify's component for code that custom components build. The
 * build draws it (`CodeBlock.astro`: the site's highlighter, theme and options); when a
 * React component gives it other code in the browser, the browser highlights that code as
 * the build would (`highlight.ts`), showing it plain until then, and adds its buttons.
 */
import { Children, createElement as h, isValidElement, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { addCodeBlockButtons } from '../client/code-block-buttons.ts';
import { codeBlockMeta, type CodeBlockProps } from '../components/mdx/code-block-props.ts';
import { text } from '../components/mdx/prop-values.ts';
import type { NamedProps } from './parts.ts';
import { ServerHtml } from './server-html.ts';

export function CodeBlock({ componentName: _, children, ...props }: CodeBlockProps & NamedProps): ReactNode {
  return h(ServerHtml, { what: 'CodeBlock', props: { ...props, children }, fallback: h(BrowserCodeBlock, { ...props, code: codeOf(children) }) });
}

/** The code a `<CodeBlock>`'s children hold: their text. */
function codeOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => (typeof child === 'string' || typeof child === 'number' ? String(child) : isValidElement<{ children?: ReactNode }>(child) ? codeOf(child.props.children) : ''))
    .join('');
}

function BrowserCodeBlock({ code, ...props }: CodeBlockProps & { code: string }): ReactNode {
  // As a fence's info string names it (`codeFence`).
  const language = (text(props.language) ?? 'text').replace(/[\s`]+/g, '') || 'text';
  const meta = codeBlockMeta(props);
  const drawing = JSON.stringify([language, meta, code]);
  const [highlighted, setHighlighted] = useState<{ drawing: string; html: string }>();
  useEffect(() => {
    let current = true;
    import('./highlight.ts')
      .then(({ highlightCode }) => highlightCode({ language, meta, code }))
      .then((html) => current && html !== undefined && setHighlighted({ drawing, html }))
      .catch((error: unknown) => console.warn('astro-docs-json: the code could not be highlighted in the browser, and shows plain.', error));
    return () => {
      current = false;
    };
  }, [drawing]);
  const html = highlighted?.drawing === drawing ? highlighted.html : plainCodeBlock(language, text(props.filename), code);
  const holder = useRef<HTMLElement>(null);
  const id = `code-block-${useId().replace(/[^\w-]/g, '')}`;
  useEffect(() => {
    const block = holder.current?.querySelector<HTMLElement>('.code-block');
    if (block) addCodeBlockButtons(block, id);
  }, [html, id]);
  return h('astro-static-slot', { ref: holder, dangerouslySetInnerHTML: { __html: html } });
}

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The block unhighlighted, in the same frame and under its title: while the highlighter loads, or where it cannot. */
function plainCodeBlock(language: string, title: string | undefined, code: string): string {
  const lines = code.replace(/(?:\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/).map((line) => `<span class="line">${escapeHtml(line)}</span>`);
  const name = escapeHtml(language);
  const header = title ? `<div class="code-block-header"><span class="code-block-title">${escapeHtml(title)}</span></div>` : '';
  return `<div class="code-block" data-language="${name}">${header}<pre class="astro-code" data-language="${name}" tabindex="0"><code>${lines.join('\n')}</code></pre></div>`;
}
