/**
 * A generated GraphQL page as Markdown, for its `.md` copy and llms-full.txt: what the
 * page shows, in the order it shows it, with type links kept as links.
 */
import { plainSummary } from '../openapi/operation-pages.ts';
import type { FieldView, GraphqlView, TypeRefView } from './view.ts';

const KIND_TITLES = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription', object: 'Object type', input: 'Input type', enum: 'Enum', interface: 'Interface', union: 'Union', scalar: 'Scalar' } as const;

export function graphqlMarkdown(view: GraphqlView): string {
  const parts: string[] = [`**${KIND_TITLES[view.kind]}** \`${view.name}\``];
  // A description of one plain paragraph is the page's own, which the copy shows above already.
  if (view.description && plainSummary(view.description) !== view.description) parts.push(view.description);
  if (view.page === 'operation') {
    if (view.deprecated) parts.push(deprecatedNote(view.deprecated));
    if (view.args.length) parts.push('## Arguments', fieldList(view.args));
    parts.push('## Returns', typeLink(view.returns));
    parts.push('## Example', fence('graphql', view.example.query));
    if (view.example.variables !== '{}') parts.push('Variables:', fence('json', view.example.variables));
    parts.push('Response:', fence('json', view.example.response));
    if (view.endpoint) parts.push(`Endpoint: \`POST ${view.endpoint}\``);
  } else {
    parts.push('## Definition', fence('graphql', view.definition));
    if (view.interfaces.length) parts.push(`Implements ${view.interfaces.map(typeLink).join(', ')}.`);
    if (view.members.length) parts.push(`Members: ${view.members.map(typeLink).join(', ')}.`);
    if (view.fields.length) parts.push('## Fields', fieldList(view.fields));
    if (view.values.length) parts.push('## Values', view.values.map((value) => `- \`${value.name}\`${value.deprecated ? ' (deprecated)' : ''}${value.description ? `: ${value.description}` : ''}`).join('\n'));
  }
  return parts.join('\n\n');
}

const typeLink = (ref: TypeRefView) => (ref.url ? `[\`${ref.text}\`](${ref.url})` : `\`${ref.text}\``);
const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;
const deprecatedNote = (reason: string | true) => `Deprecated${reason === true ? '.' : `: ${reason}`}`;

function fieldList(fields: readonly FieldView[]): string {
  return fields
    .map((field) => {
      const notes = [field.required ? 'required' : '', field.defaultValue !== undefined ? `default \`${field.defaultValue}\`` : '', field.deprecated ? deprecatedNote(field.deprecated) : ''].filter(Boolean);
      const args = field.args.length ? ` (arguments: ${field.args.map((arg) => `\`${arg.name}: ${arg.type.text}\``).join(', ')})` : '';
      return `- \`${field.name}\`: ${typeLink(field.type)}${args}${notes.length ? ` (${notes.join('; ')})` : ''}${field.description ? `. ${field.description}` : ''}`;
    })
    .join('\n');
}
