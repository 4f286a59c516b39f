// The icon style sheet: every icon the site uses, once, as a CSS rule (IconRegistry.stylesheet),
// under a name that changes with its content.
import { css, href } from 'virtual:astro-docs-json/icons';

export function getStaticPaths() {
  return [{ params: { hash: href.slice(href.lastIndexOf('-') + 1, -'.css'.length) } }];
}

export function GET() {
  return new Response(css, { headers: { 'Content-Type': 'text/css; charset=utf-8' } });
}
