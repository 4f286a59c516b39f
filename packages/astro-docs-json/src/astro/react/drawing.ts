/**
 * The server's side of `ServerHtml`: the built-in components that React components ask for,
 * drawn by Astro into the page being rendered (its ids and anchors counted with the rest of
 * it), while React renders the island that holds them. What React gives them (their
 * children, elements in their props) is rendered by React first, to the HTML Astro places.
 *
 * The server renderer (`server.ts`) renders each island inside `withDrawing`; `drawing`
 * answers only there.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { jsx } from 'astro/jsx-runtime';
import { markHTMLString, renderJSX } from 'astro/runtime/server/index.js';
import { createElement, Fragment, isValidElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import ContentIcon from '../components/mdx/ContentIcon.astro';
import { component } from '../components/mdx/index.ts';
import { DRAWING, type Drawing } from './server-html.ts';

export type Result = Parameters<typeof renderJSX>[0];

interface Scope {
  result: Result;
  /** What each element of the React tree being rendered asked for, by its id (`useId`). */
  drawn: Map<string, Promise<string>>;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `render` (React's rendering of an island of the page `result`) where `drawing` answers for that page. */
export function withDrawing<T>(result: Result, render: () => T): T {
  return scopes.run({ result, drawn: new Map() }, render);
}

const drawing: Drawing = {
  draw(id, what, props) {
    const scope = scopes.getStore();
    if (!scope) return undefined;
    let html = scope.drawn.get(id);
    if (!html) {
      html = draw(scope.result, what, props);
      scope.drawn.set(id, html);
    }
    return html;
  },
};

(globalThis as { [DRAWING]?: Drawing })[DRAWING] = drawing;

type AnyComponent = (...args: never[]) => unknown;

/** The Astro component `what` names: a built-in (`Card`, `Tree.Folder`), or the icon of a built-in's props. */
function astroComponent(what: string): unknown {
  if (what === 'ContentIcon') return ContentIcon;
  const [root, member] = what.split('.') as [string, string | undefined];
  const built = component(root, member ? [member] : []);
  return member ? (built as unknown as Record<string, AnyComponent>)[member] : built;
}

async function draw(result: Result, what: string, props: Record<string, unknown>): Promise<string> {
  const entries = await Promise.all(Object.entries(props).map(async ([key, value]) => [key, holdsElements(value) ? markHTMLString(await reactHtml(result, value)) : value] as const));
  return String(await renderJSX(result, jsx(astroComponent(what), Object.fromEntries(entries))));
}

/** Whether a prop holds what React renders: its elements, or a list with some. */
const holdsElements = (value: unknown): boolean => isValidElement(value) || (Array.isArray(value) && value.some(holdsElements));

/** The HTML React renders `node` to, built-ins inside it drawn for the same page. */
function reactHtml(result: Result, node: unknown): Promise<string> {
  return withDrawing(result, async () => {
    const stream = await renderToReadableStream(createElement(Fragment, null, node as never));
    await stream.allReady;
    return new Response(stream).text();
  });
}
