/**
 * A channel's page as Markdown, for its `.md` copy, llms-full.txt and the MCP index: what
 * the HTML page shows, in words and field lists, without the playground.
 */
import type { SchemaNode } from '../openapi/schema-tree.ts';
import type { ChannelView, MessageView } from './view.ts';

const DIRECTIONS: Record<MessageView['direction'], string> = { send: 'Send', receive: 'Receive', either: 'Message' };

function fieldLines(node: SchemaNode, depth: number): string[] {
  const facts = [`\`${node.type}\``, ...(node.required ? ['required'] : []), ...(node.enum ? [`one of ${node.enum.map((value) => `\`${value}\``).join(', ')}`] : [])];
  const line = `${'  '.repeat(depth)}- \`${node.name ?? 'value'}\` (${facts.join(', ')})${node.description ? `: ${node.description.replace(/\s+/g, ' ').trim()}` : ''}`;
  const below = [...(node.children ?? []), ...(node.variants?.options ?? [])];
  return [line, ...(node.recursive ? [] : below.flatMap((child) => fieldLines(child, depth + 1)))];
}

const fieldsOf = (node: SchemaNode) => (node.children?.length ? node.children.flatMap((child) => fieldLines(child, 0)) : fieldLines(node, 0));

export function channelMarkdown(view: ChannelView): string {
  const parts: string[] = [`Channel \`${view.address || view.id}\` of ${view.specTitle}.`];
  if (view.description) parts.push(view.description);
  if (view.servers.length) parts.push(['## Servers', '', ...view.servers.map((server) => `- \`${server.url}\` (${server.protocol})${server.description ? `: ${server.description}` : ''}`)].join('\n'));
  if (view.parameters.length) parts.push(['## Parameters', '', ...view.parameters.flatMap((node) => fieldLines(node, 0))].join('\n'));
  for (const message of view.messages) {
    const lines = [`## ${DIRECTIONS[message.direction]}: ${message.title ?? message.name}`];
    const text = message.description ?? message.summary;
    if (text) lines.push('', text);
    if (message.payload) lines.push('', 'Payload:', '', ...fieldsOf(message.payload));
    if (message.example) lines.push('', '```json', message.example, '```');
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n');
}
