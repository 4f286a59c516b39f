// The site's generated style sheets, each under a name that changes with its content: the
// icons (IconRegistry.stylesheet), and the Tailwind classes pages write (core/theme/tailwind.ts)
// when they write any.
import type { APIRoute } from 'astro';
import * as icons from 'virtual:astro-docs-json/icons';
import * as utilities from 'virtual:astro-docs-json/utilities';

export function getStaticPaths() {
  return [icons, utilities].flatMap(({ css, href }) => (href ? [{ params: { sheet: href.slice(href.lastIndexOf('/') + 1, -'.css'.length) }, props: { css } }] : []));
}

export const GET: APIRoute<{ css: string }> = ({ props }) => new Response(props.css, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
