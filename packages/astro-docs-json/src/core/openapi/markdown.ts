/**
 * An operation's page as Markdown, for AI systems: the endpoint, its description, a
 * request sample, then parameters, body and responses as nested lists (without the lists,
 * with docs.json `markdown.schema: false`).
 */
import type { SchemaNode } from './schema-tree.ts';
import { LOCATION_TITLES, type OperationView } from './view.ts';

function field(node: SchemaNode, depth: number): string[] {
  const facts = [node.type + (node.nullable ? ' | null' : ''), node.required ? 'required' : '', node.deprecated ? 'deprecated' : '', node.default !== undefined ? `default: ${node.default}` : '']
    .filter(Boolean)
    .join(', ');
  const name = node.name !== undefined ? `\`${node.name}\` ` : '';
  const enumText = node.enum ? ` One of: ${node.enum.map((value) => `\`${value}\``).join(', ')}.` : '';
  const description = node.description ? `: ${node.description.replace(/\s+/g, ' ').trim()}` : '';
  const indent = '  '.repeat(depth);
  return [`${indent}- ${name}(${facts})${description}${enumText}${node.recursive ? ' (recursive)' : ''}`, ...fields(node, depth + 1)];
}

function fields(node: SchemaNode, depth: number): string[] {
  return [
    ...(node.children ?? []).flatMap((child) => field(child, depth)),
    ...(node.variants ? [`${'  '.repeat(depth)}- ${node.variants.kind === 'oneOf' ? 'Exactly one of' : 'Any of'}:`, ...node.variants.options.flatMap((option) => field(option, depth + 1))] : []),
  ];
}

export function operationMarkdown(view: OperationView, { schema = true }: { schema?: boolean } = {}): string {
  const method = view.kind === 'webhook' ? 'WEBHOOK' : view.method;
  const parts: string[] = [`\`${method} ${view.path}\``];
  if (view.deprecated) parts.push('**Deprecated.**');
  if (view.servers.length) parts.push(`Server: ${view.servers.map((server) => `\`${server}\``).join(', ')}`);
  if (view.description) parts.push(view.description.trim());
  const sample = view.samples[0];
  if (sample) parts.push('## Request sample', `\`\`\`${sample.lang}\n${sample.code}\n\`\`\``);
  if (view.security.length) {
    parts.push('## Authorizations', view.security.map((set) => `- ${set.map((scheme) => `${scheme.name} (${scheme.type}${scheme.scheme ? ` ${scheme.scheme}` : ''})`).join(' and ')}`).join('\n'));
  }
  const schemaLines = (lines: string[]) => (schema && lines.length ? [lines.join('\n')] : []);
  if (schema) for (const group of view.parameters) parts.push(`## ${LOCATION_TITLES[group.location]}`, group.parameters.flatMap((parameter) => field(parameter, 0)).join('\n'));
  if (view.requestBody) {
    parts.push(view.kind === 'webhook' ? '## Payload' : '## Body');
    for (const content of view.requestBody.contents) {
      parts.push(`\`${content.mediaType}\``);
      if (content.schema) parts.push(...schemaLines(content.schema.name === undefined && (content.schema.children || content.schema.variants) ? fields(content.schema, 0) : field(content.schema, 0)));
    }
  }
  if (view.responses.length) {
    parts.push('## Responses');
    for (const response of view.responses) {
      parts.push(`### ${response.status}${response.description ? `: ${response.description.replace(/\s+/g, ' ').trim()}` : ''}`);
      for (const content of response.contents) {
        parts.push(`\`${content.mediaType}\``);
        if (content.schema) parts.push(...schemaLines(content.schema.children || content.schema.variants ? fields(content.schema, 0) : field(content.schema, 0)));
        const example = content.examples[0];
        if (example) parts.push(`\`\`\`${/json/i.test(content.mediaType) ? 'json' : 'text'}\n${example.code}\n\`\`\``);
      }
    }
  }
  return parts.join('\n\n');
}
