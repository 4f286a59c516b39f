// A docs.json redirect on a server: one route per old URL, answering with the status the
// redirect asks for (308, or 307 when `permanent: false`). A static site gets an HTML page
// per redirect from Astro instead, and `astro dev` answers from the dev server (`vite/virtual-modules.ts`).
import type { APIRoute } from 'astro';
import redirects from 'virtual:astro-docs-json/redirects';
import { redirectFor } from '../../core/navigation/redirects.ts';
import { data } from '../render/site-data.ts';

export const prerender = false;

export const ALL: APIRoute = ({ url }) => {
  const redirect = redirectFor(redirects, url.pathname, data.base);
  return redirect ? new Response(null, redirect) : new Response(null, { status: 404 });
};
