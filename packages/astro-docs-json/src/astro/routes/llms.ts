// llms.txt, at /llms.txt and /.well-known/llms.txt: the docs folder's own, or generated.
import type { APIContext } from 'astro';
import { buildLlmsTxt } from '../../core/discovery/llms.ts';
import { customFile, siteOrigin } from '../render/page-markdown.ts';
import { data } from '../render/site-data.ts';

export async function GET(context: APIContext) {
  const body = (await customFile('llms.txt')) ?? buildLlmsTxt(data.model, siteOrigin(context.site), data.base, data.mcp);
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
