// llms-full.txt: every indexable page's Markdown, in navigation order.
import type { APIContext } from 'astro';
import { llmsFullPage } from '../../core/discovery/llms.ts';
import { withoutAgentInstructions } from '../../core/markdown/agent-instructions.ts';
import { hrefFor } from '../../core/paths/href.ts';
import { indexablePagesInOrder } from '../../core/site/reading-order.ts';
import { customFile, markdownOf, siteOrigin } from '../render/page-markdown.ts';
import { data } from '../render/site-data.ts';

export async function GET(context: APIContext) {
  const custom = await customFile('llms-full.txt');
  if (custom) return new Response(custom, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const origin = siteOrigin(context.site);
  // One page at a time: a site of tens of thousands of pages would otherwise open them all at once.
  const instructions = data.model.agentInstructions;
  const documents: string[] = instructions ? [`${instructions}\n`] : [];
  for (const page of indexablePagesInOrder(data.model)) documents.push(llmsFullPage(withoutAgentInstructions(await markdownOf(page, origin), instructions), `${origin ?? ''}${hrefFor(page.url, data.base)}`));
  return new Response(documents.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
