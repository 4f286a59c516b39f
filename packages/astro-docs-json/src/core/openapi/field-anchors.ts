/**
 * The anchors of an OpenAPI page's fields, as Mintlify's are `param-<name>`: a field below
 * another carries its parents' names (`address.street` is `#param-address-street`), so that
 * fields of the same name in different objects have ids of their own; repeats (the same
 * field in two responses) are counted as `<ParamField>`s are (`param-id-1`). A deep link
 * to a nested field opens the fields around it (client/deep-links.ts).
 */
import { ComponentAnchors } from '../markdown/component-anchors.ts';
import type { SchemaNode } from './schema-tree.ts';
import type { OperationView } from './view.ts';

/** Each named field of the operation's parameters, body and responses, with its anchor, in the order the page shows them. */
export function operationFieldAnchors(view: OperationView, anchors = new ComponentAnchors()): Map<SchemaNode, string> {
  const found = new Map<SchemaNode, string>();
  const visit = (node: SchemaNode, parents: readonly string[]) => {
    const path = node.name === undefined ? parents : [...parents, node.name];
    if (node.name !== undefined) found.set(node, anchors.field(path.join('.')));
    for (const child of node.children ?? []) visit(child, path);
    // A variant stands for its object: its fields are its parent's.
    for (const option of node.variants?.options ?? []) visit(option, path);
  };
  for (const group of view.parameters) for (const parameter of group.parameters) visit(parameter, []);
  for (const content of view.requestBody?.contents ?? []) if (content.schema) visit(content.schema, []);
  for (const response of view.responses) for (const content of response.contents) if (content.schema) visit(content.schema, []);
  return found;
}
