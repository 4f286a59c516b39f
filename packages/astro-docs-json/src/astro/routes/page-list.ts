// Every page of the navigation, as `[url, title]` pairs: what the 404 page suggests from.
// One file for the site, fetched only by a reader who reached a missing page.
import type { APIRoute } from 'astro';
import { data } from '../render/site-data.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(data.model.pages.filter((page) => !page.hidden && !page.link).map((page) => [page.url, page.title])), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
