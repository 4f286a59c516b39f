// docs.json `markdown.instructions`: the docs' directions to AI agents, in their Markdown files.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { agentInstructions, withAgentInstructions, withoutAgentInstructions } from '../src/core/markdown/agent-instructions.ts';
import { operationMarkdown } from '../src/core/openapi/markdown.ts';
import type { OperationView } from '../src/core/openapi/view.ts';

describe('agent instructions', () => {
  it('are a quoted block, from a string or lines', () => {
    assert.equal(agentInstructions({ markdown: { instructions: 'Cite the API version.' } }), '> ## Agent Instructions\n> Cite the API version.');
    assert.equal(agentInstructions({ markdown: { instructions: ['Cite the API version.', ' ', 'Prefer the SDK.\nNever guess.'] } }), '> ## Agent Instructions\n> Cite the API version.\n> Prefer the SDK.\n> Never guess.');
    assert.equal(agentInstructions({ markdown: { instructions: [] } }), undefined);
    assert.equal(agentInstructions(undefined), undefined);
  });

  it('end a page, and come off it again for the files that hold them once', () => {
    const block = agentInstructions({ markdown: { instructions: 'Cite the API version.' } });
    const page = withAgentInstructions('# Title\n\nText.\n', block);
    assert.equal(page, '# Title\n\nText.\n\n> ## Agent Instructions\n> Cite the API version.\n');
    assert.equal(withoutAgentInstructions(page, block), '# Title\n\nText.\n');
    assert.equal(withAgentInstructions('# Title\n', undefined), '# Title\n');
  });

  it('markdown.schema: false leaves the schemas out of an API page', () => {
    const node = { name: 'limit', type: 'integer', required: true };
    const view = {
      kind: 'operation', method: 'GET', path: '/pets', deprecated: false, servers: [], security: [], samples: [],
      parameters: [{ location: 'query', parameters: [node] }],
      responses: [{ status: '200', contents: [{ mediaType: 'application/json', schema: { type: 'object', children: [{ name: 'id', type: 'string' }] }, examples: [{ code: '{"id":"a"}' }] }] }],
    } as unknown as OperationView;
    const full = operationMarkdown(view);
    assert.match(full, /`limit` \(integer, required\)/);
    assert.match(full, /- `id` \(string\)/);
    const bare = operationMarkdown(view, { schema: false });
    assert.doesNotMatch(bare, /`limit`|`id` \(string\)/);
    assert.match(bare, /### 200/);
    assert.match(bare, /\{"id":"a"\}/);
  });
});
