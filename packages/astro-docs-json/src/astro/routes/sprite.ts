// The icon sprite: every icon the site uses, once, as SVG symbols.
import { href, sprite } from 'virtual:astro-docs-json/sprite';

export function getStaticPaths() {
  return [{ params: { sprite: href.slice(href.lastIndexOf('/') + 1, -'.svg'.length) } }];
}

export function GET() {
  return new Response(sprite, { headers: { 'Content-Type': 'image/svg+xml; charset=utf-8' } });
}
