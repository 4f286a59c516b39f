/**
 * docs.json `markdown.instructions`: the docs' own directions to AI agents (cite the API
 * version, prefer an SDK), as an "Agent Instructions" block at the end of every page's
 * Markdown, and once in llms.txt and llms-full.txt, where Mintlify puts them.
 */
import type { DocsJson } from '../schema/docs-json.ts';

/** The block, or none when docs.json gives no instructions. */
export function agentInstructions(config: Pick<DocsJson, 'markdown'> | undefined): string | undefined {
  const given = config?.markdown?.instructions;
  const lines = [given ?? []].flat().flatMap((text) => text.split('\n')).map((line) => line.trim()).filter(Boolean);
  return lines.length ? ['> ## Agent Instructions', ...lines.map((line) => `> ${line}`)].join('\n') : undefined;
}

/** A page's Markdown with the block at its end. */
export function withAgentInstructions(markdown: string, block: string | undefined): string {
  return block ? `${markdown.replace(/\n*$/, '')}\n\n${block}\n` : markdown;
}

/** A page's Markdown without the block, for files that hold it once for all their pages (llms-full.txt) or weigh words (the MCP index). */
export function withoutAgentInstructions(markdown: string, block: string | undefined): string {
  if (!block) return markdown;
  const suffix = `\n\n${block}\n`;
  return markdown.endsWith(suffix) ? `${markdown.slice(0, -suffix.length)}\n` : markdown;
}
