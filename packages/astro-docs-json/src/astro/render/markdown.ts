/**
 * Markdown from OpenAPI specs (descriptions of operations, parameters and responses),
 * rendered with marked. Specs live in the repository, like pages, and are trusted alike.
 */
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false });

export function renderMarkdown(markdown: string | undefined): string {
  return markdown ? (marked.parse(markdown, { async: false }) as string) : '';
}
