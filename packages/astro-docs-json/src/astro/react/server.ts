/**
 * React's server renderer as the docs folder's pages need it: @astrojs/react's, except that
 * - a prop holding what Astro renders reaches React as that HTML, rather than as an object
 *   React refuses ("Objects are not valid as a React child"). Mintlify's pages give React
 *   components Markdown and built-in components in props (`title={<strong>New</strong>}`,
 *   a component passing its `children` on in another prop): Astro renders them, and React
 *   places the HTML where the prop is shown, as it places a component's children;
 * - the built-in components that React components draw themselves (`built-ins.ts`) are
 *   drawn by Astro for the page being rendered (`drawing.ts`).
 *
 * The integration registers it in place of @astrojs/react's own when it adds React for
 * the site (`hooks/renderers.ts`).
 */
import react from '@astrojs/react/server.js';
import { isVNode } from 'astro/jsx-runtime';
import { isHTMLString, renderJSX } from 'astro/runtime/server/index.js';
import { createElement } from 'react';
import { withDrawing } from './drawing.ts';

type Renderer = typeof react;
type RenderToStaticMarkup = Renderer['renderToStaticMarkup'];
type Context = ThisParameterType<RenderToStaticMarkup> & { result: Parameters<typeof renderJSX>[0] };

const renderToStaticMarkup = async function (this: Context, Component, props, slots, metadata) {
  const withHtml = await withAstroHtml(this.result, props);
  return withDrawing(this.result, () => react.renderToStaticMarkup.call(this, Component, withHtml, slots, metadata));
} as RenderToStaticMarkup;

export default { ...react, renderToStaticMarkup } satisfies Renderer;

/** What Astro renders: its JSX, and its HTML (a slot it rendered, as a component passes its children on). */
const isAstroContent = (value: unknown) => isVNode(value) || isHTMLString(value);

/** The props, with each value that Astro renders (or a list of them) as the HTML it renders to. */
async function withAstroHtml(result: Context['result'], props: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!Object.values(props).some((value) => isAstroContent(value) || (Array.isArray(value) && value.some(isAstroContent)))) return props;
  const entries = await Promise.all(
    Object.entries(props).map(async ([key, value]) => {
      if (isAstroContent(value)) return [key, await staticHtml(result, value)];
      if (Array.isArray(value) && value.some(isAstroContent)) return [key, await Promise.all(value.map((item, index) => (isAstroContent(item) ? staticHtml(result, item, index) : item)))];
      return [key, value];
    }),
  );
  return Object.fromEntries(entries);
}

/** HTML that React places as it is: in an `astro-static-slot`, which Astro takes away once React has rendered. */
async function staticHtml(result: Context['result'], content: unknown, key?: number) {
  const html = String(await renderJSX(result, content));
  return createElement('astro-static-slot', { key, suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: html } });
}
