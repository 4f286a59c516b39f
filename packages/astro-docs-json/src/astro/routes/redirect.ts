// A docs.json redirect on a server: one route per old URL, answering with the status the
// redirect asks for (308, or 307 when `permanent: false`). A static site gets an HTML page
// per redirect from Astro instead.
import type { APIRoute } from 'astro';
import redirects from 'virtual:astro-docs-json/redirects';

export const prerender = false;

export const ALL: APIRoute = ({ url }) => {
  const redirect = redirects[decodeURI(url.pathname).replace(/(?<=.)\/$/, '')];
  if (!redirect) return new Response(null, { status: 404 });
  return new Response(null, { status: redirect.status, headers: { Location: redirect.destination, 'Cache-Control': redirect.status === 308 ? 'public, max-age=3600' : 'no-store' } });
};
