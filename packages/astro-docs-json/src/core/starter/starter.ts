/**
 * The starter repository `new` writes: a docs.json, a home page and a quickstart, a page
 * that uses a snippet, an OpenAPI example with its reference page, all of which validate and
 * build. Each file says what it shows, so that a new team learns the layout by reading it.
 */
import { THEMES } from '../schema/docs-json.ts';

export type Theme = (typeof THEMES)[number];
export const isTheme = (name: string): name is Theme => (THEMES as readonly string[]).includes(name);

/** The starter's files, by their paths in the new folder. */
export function starterFiles(name: string, theme: Theme = 'mint'): Record<string, string> {
  const docsJson = {
    $schema: 'https://mintlify.com/docs.json',
    theme,
    name,
    colors: { primary: '#166534', light: '#4ade80', dark: '#15803d' },
    navigation: {
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Get started', pages: ['index', 'quickstart'] }, { group: 'Writing', pages: ['writing/components'] }] },
        { tab: 'API reference', groups: [{ group: 'Endpoints', openapi: 'api-reference/openapi.json', pages: ['api-reference/introduction', 'GET /projects'] }] },
      ],
    },
  };
  return {
    'docs.json': `${JSON.stringify(docsJson, null, 2)}\n`,
    'index.mdx': `---\ntitle: ${yamlString(name)}\ndescription: "What ${escapeQuotes(name)} is, and where to start."\n---\n\nWelcome to the documentation of ${escapeBraces(name)}. Every page is an MDX file, listed in \`docs.json\`'s \`navigation\`.\n\n<CardGroup cols={2}>\n  <Card title="Quickstart" icon="rocket" href="/quickstart">\n    Run the site on your machine.\n  </Card>\n  <Card title="API reference" icon="code" href="/api-reference/introduction">\n    The endpoints, from an OpenAPI file.\n  </Card>\n</CardGroup>\n`,
    'quickstart.mdx': `---\ntitle: Quickstart\ndescription: "Preview, check and build these docs."\n---\n\n## Preview\n\nServe the site with live reload, in this folder:\n\n\`\`\`bash\nnpx astro-docs-json dev\n\`\`\`\n\n## Check\n\n<Steps>\n  <Step title="Validate">\n    \`npx astro-docs-json validate\` reports every problem of \`docs.json\` and the pages.\n  </Step>\n  <Step title="Find broken links">\n    \`npx astro-docs-json broken-links --check-anchors\` lists links that lead nowhere.\n  </Step>\n</Steps>\n\n## Build\n\n\`\`\`bash\nnpx astro-docs-json build --site https://docs.example.com\n\`\`\`\n\nThe static site is in \`dist/\`, ready for any static host.\n`,
    'writing/components.mdx': `---\ntitle: Components\ndescription: "Callouts, code groups and a snippet."\n---\n\nimport SupportNote from '/snippets/support-note.mdx';\n\n<Note>Callouts draw the reader's eye: \`<Note>\`, \`<Tip>\`, \`<Warning>\`, \`<Info>\`.</Note>\n\n<CodeGroup>\n\`\`\`bash npm\nnpm install\n\`\`\`\n\n\`\`\`bash pnpm\npnpm install\n\`\`\`\n</CodeGroup>\n\nA snippet is written once and shown wherever a page imports it:\n\n<SupportNote />\n`,
    'snippets/support-note.mdx': `<Tip>Questions? Write to the team that maintains ${escapeBraces(name)}.</Tip>\n`,
    'api-reference/introduction.mdx': `---\ntitle: Introduction\ndescription: "How the API reference is made."\n---\n\nThe endpoint pages come from \`api-reference/openapi.json\`: each operation listed in \`docs.json\` (\`GET /projects\`) becomes a page, with a playground to try it.\n`,
    'api-reference/openapi.json': `${JSON.stringify(openApiExample(name), null, 2)}\n`,
  };
}

function openApiExample(name: string) {
  return {
    openapi: '3.1.0',
    info: { title: `${name} API`, version: '1.0.0' },
    servers: [{ url: 'https://api.example.com/v1' }],
    paths: {
      '/projects': {
        get: {
          summary: 'List projects',
          description: 'The projects the key can read, newest first.',
          parameters: [{ name: 'limit', in: 'query', description: 'How many to return.', schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } }],
          responses: {
            '200': {
              description: 'The projects.',
              content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Project' } } } },
            },
          },
        },
      },
    },
    components: {
      schemas: { Project: { type: 'object', required: ['id', 'name'], properties: { id: { type: 'string', example: 'prj_123' }, name: { type: 'string', example: 'Website' } } } },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
  };
}

const escapeQuotes = (text: string) => text.replace(/["\\]/g, '\\$&');
const yamlString = (text: string) => `"${escapeQuotes(text)}"`;
/** MDX reads `{` and `<` as code and tags: a name is shown as text. */
const escapeBraces = (text: string) => text.replace(/[{}<>]/g, (character) => `&#${character.charCodeAt(0)};`);
