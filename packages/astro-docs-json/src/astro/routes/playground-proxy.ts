// The API playground's proxy endpoint: server-rendered, it forwards a reader's request to
// an API the OpenAPI documents declare and answers with the API's response as JSON.
import type { APIRoute } from 'astro';
import playgroundProxy from 'virtual:astro-docs-json/playground-proxy';
import { createPlaygroundProxy } from '../../playground/proxy.ts';

export const prerender = false;

const handle = createPlaygroundProxy(playgroundProxy);

export const POST: APIRoute = ({ request }) => handle(request);
// Every other method gets the handler's 405 with `Allow: POST`.
export const ALL: APIRoute = ({ request }) => handle(request);
