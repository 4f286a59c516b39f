// The stylesheet of the Tailwind classes pages write (core/theme/tailwind.ts), under a name that
// changes with its content; none when they write none.
import { css, href } from 'virtual:astro-docs-json/utilities';

export function getStaticPaths() {
  return href ? [{ params: { utilities: href.slice(href.lastIndexOf('/') + 1, -'.css'.length) } }] : [];
}

export function GET() {
  return new Response(css, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
}
