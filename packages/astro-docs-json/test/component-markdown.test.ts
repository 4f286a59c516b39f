// The built-in components in a page's Markdown copy (`<url>.md`, llms-full.txt): each one
// becomes the Markdown that says what the page shows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pageBodyMarkdown } from '../src/core/markdown/page-markdown.ts';

const markdown = (source: string) => pageBodyMarkdown(source, { file: 'guides/page.mdx', siteUrl: 'https://d.example' });

describe('components in the Markdown copy', () => {
  it('writes headings written as JSX, and <Heading>, as Markdown headings of their level', () => {
    assert.equal(markdown('<Heading level={3} id="x">\nMade by a component\n</Heading>\n\n<h2>One **line**</h2>\n\n<h4 className="x">\nBlock\n</h4>\n'), '### Made by a component\n\n## One **line**\n\n#### Block');
  });

  it('writes a tree as an indented list, folders with a slash', () => {
    const source = `<Tree>
  <Tree.Folder name="app" defaultOpen>
    <Tree.File name="page.tsx" />
    <Tree.Folder name="api">
      <Tree.File name="route.ts" />
    </Tree.Folder>
  </Tree.Folder>
  <Tree.File name="package.json" />
</Tree>
`;
    assert.equal(
      markdown(source),
      `- app/
  - page.tsx
  - api/
    - route.ts
- package.json`,
    );
  });

  it('keeps a <FileTree> list as it is, writes its elements as a list, and a GitHub card as a link', () => {
    assert.equal(markdown('<FileTree>\n\n- app/\n  - page.tsx\n- package.json\n\n</FileTree>\n'), '- app/\n  - page.tsx\n- package.json');
    assert.equal(markdown('<FileTree>\n  <FileTree.Folder name="app">\n    <FileTree.File name="page.tsx" />\n  </FileTree.Folder>\n</FileTree>\n'), '- app/\n  - page.tsx');
    assert.equal(markdown('<GitHub.Repo repo="https://github.com/withastro/astro" variant="flat" />\n'), '[withastro/astro on GitHub](https://github.com/withastro/astro)');
    assert.equal(markdown('<GitHub.Repo repo="not a repo" />\n\nAfter.\n'), 'After.');
  });

  it('writes colours as a list of names and values, rows as nested lists', () => {
    const compact = `<Color variant="compact">
  <Color.Item name="brand" value="#0D9373" />
  <Color.Item name="surface" value={{ light: "#FFFFFF", dark: "#000000" }} />
</Color>
`;
    assert.equal(markdown(compact), '- brand: #0D9373\n- surface: #FFFFFF (light), #000000 (dark)');
    const table = `<Color variant="table">
  <Color.Row title="**Primary**">
    <Color.Item name="primary-500" value="rgb(59, 130, 246)" />
  </Color.Row>
</Color>
`;
    assert.equal(markdown(table), '- **Primary**\n  - primary-500: rgb(59, 130, 246)');
  });

  it('keeps the blocks around components as written, their links resolved, and writes out those with MDX in them', () => {
    const source = `# Start *here*

## Kept apart {#apart}

See [the guide](../guides/intro) and [out](https://x.example/a).

<Note>A *note*.</Note>

- one
- two

* Item {1 + 1}

| a | b |
| - | - |
| [c](/c) | d |

Node &gt;=22, written with an entity.

A line with {props.name}.
`;
    assert.equal(
      markdown(source),
      `# Start *here*

## Kept apart

See [the guide](https://d.example/guides/intro) and [out](https://x.example/a).

> **Note:** A _note_.

- one
- two

* Item

| a | b |
| - | - |
| [c](https://d.example/c) | d |

Node >=22, written with an entity.

A line with .`,
    );
  });

  it('writes a changelog entry as a heading with its label, then its description, tags and content', () => {
    const source = `<Update label="2025-06-02" description="v2.4.0" tags={["Dashboards", 'SDK']}>
  Dashboards can be shared.
</Update>
`;
    assert.equal(
      markdown(source),
      `## 2025-06-02

v2.4.0

Tags: Dashboards, SDK

Dashboards can be shared.`,
    );
  });

  it('keeps what is meant for agents and leaves out what is meant for humans', () => {
    const source = `Before.

<Visibility for="humans">
  Click **Get started** in the top bar.
</Visibility>

<Visibility for="agents">
  Call \`POST /v1/accounts\` with an email address.
</Visibility>
`;
    const copy = markdown(source);
    assert.equal(copy, 'Before.\n\nCall `POST /v1/accounts` with an email address.');
    assert.doesNotMatch(copy, /Get started/);
  });

  it('writes a prompt as a fenced text block after its description, fenced longer when it holds a fence', () => {
    const source = `<Prompt description="For **Cursor** users." actions={["copy", "cursor"]}>
You are a *careful* reviewer.

\`\`\`js
check();
\`\`\`
</Prompt>
`;
    assert.equal(
      markdown(source),
      `For **Cursor** users.

\`\`\`\`text
You are a _careful_ reviewer.

\`\`\`js
check();
\`\`\`
\`\`\`\``,
    );
  });

  it('keeps a panel\'s content, and a view\'s under its title', () => {
    const source = `<Panel>
  <Info>Pinned.</Info>
</Panel>

<View title="Python" icon="python">
  Use \`pip\`.
</View>
`;
    assert.equal(markdown(source), '> **Info:** Pinned.\n\n**Python**\n\nUse `pip`.');
  });

  it('writes a tile as a link with its description', () => {
    const source = `<Tile href="/components/cards" title="Cards" description="Link to any page">
  <img src="/images/cards.svg" alt="A card" />
</Tile>
`;
    assert.equal(markdown(source), '[**Cards**](https://d.example/components/cards)\n\nLink to any page\n\n![A card](https://d.example/images/cards.svg)');
  });

  it('keeps a tooltip\'s term with its tip, and a badge\'s text, inside the sentence', () => {
    const source = `An <Tooltip tip="Application Programming Interface" cta="Guide" href="/api">API</Tooltip> on the <Badge color="blue" icon="star">Team</Badge> plan.
`;
    assert.equal(markdown(source), 'An API (Application Programming Interface) on the Team plan.');
  });

  it('writes fields one after another as one list, with their place, flags and default', () => {
    const source = `<ParamField path="id" type="string" required>The job.</ParamField>
<ParamField query="api_key" type="string" deprecated>Use a header.</ParamField>
<ResponseField name="status" type="string" default="queued" required={true}>Where it is.</ResponseField>
`;
    assert.equal(
      markdown(source),
      '- `id` (string, path, required)\n\n  The job.\n- `api_key` (string, query, deprecated)\n\n  Use a header.\n- `status` (string, required, default: queued)\n\n  Where it is.',
    );
  });

  it('numbers steps from stepNumber, and keeps an accordion\'s description and a frame\'s caption as Markdown', () => {
    assert.equal(markdown('<Steps>\n  <Step title="Four" stepNumber={4}>A.</Step>\n  <Step title="Five">B.</Step>\n</Steps>\n'), '4. **Four**\n\n   A.\n5. **Five**\n\n   B.');
    assert.equal(markdown('<Accordion title="Q" description="In **short**">A.</Accordion>\n'), '**Q**\n\nIn **short**\n\nA.');
    assert.equal(markdown('<Frame caption="The **Live** view"><img src="/a.png" alt="A" /></Frame>\n'), '![A](https://d.example/a.png)\n\n_The **Live** view_');
  });

  it('leaves no space where an icon stood, and gives a tooltip its headline', () => {
    assert.equal(markdown('- <Icon icon="check" /> Done\n- Ends with <Icon icon="star" />\n'), '- Done\n- Ends with');
    assert.equal(markdown('<Icon icon="star" />\n\nA <Tooltip headline="API" tip="An interface">term</Tooltip>.\n'), 'A term (API: An interface).');
  });
});

describe('code blocks in the Markdown copy', () => {
  it('keep their language and title, without the other options', () => {
    const source = '```js title="utils/hello.js" icon="square-js" lines {1,3-5}\nconst a = 1;\n```\n\n```bash wrap\nnpm i\n```\n';
    assert.equal(markdown(source), '```js utils/hello.js\nconst a = 1;\n```\n\n```bash\nnpm i\n```');
  });

  it('hold the code as a reader copies it: no notation, no removed lines', () => {
    const source = '```js index.js\nconst greeting = "hi"; // [!code ++]\nconsole.log("hi"); // [!code --]\nconsole.log(greeting); // [!code highlight]\n```\n';
    assert.equal(markdown(source), '```js index.js\nconst greeting = "hi";\nconsole.log(greeting);\n```');
  });

  it('write ```nocopy as plain text', () => {
    assert.equal(markdown('```nocopy\na ─▶ b\n```\n'), '```text\na ─▶ b\n```');
  });

  it('are cleaned in plain Markdown pages too, whose other blocks are kept as written', () => {
    const plain = (source: string) => pageBodyMarkdown(source, { file: 'guides/page.md', plain: true });
    assert.equal(plain('Some *text*.\n\n```py run.py\nprint(1)\n```\n'), 'Some *text*.\n\n```py run.py\nprint(1)\n```');
    assert.equal(plain('Some *text*.\n\n```py run.py lines\nprint(1)  # [!code ++]\n```\n'), 'Some *text*.\n\n```py run.py\nprint(1)\n```');
    assert.equal(plain('Shown:\n\n```py\nprint(1)  # [\\!code ++]\n```\n'), 'Shown:\n\n```py\nprint(1)  # [!code ++]\n```');
  });

  it('write <CodeBlock> as the fenced block it draws', () => {
    assert.equal(markdown('<CodeBlock language="toml" filename="netlify.toml" lines>\n{`[build]\npublish = "dist"`}\n</CodeBlock>\n'), '```toml netlify.toml\n[build]\npublish = "dist"\n```');
    assert.equal(markdown('<CodeBlock filename="a.go" highlight="[1]">\n\n```go\npackage main\n```\n\n</CodeBlock>\n'), '```go a.go\npackage main\n```');
  });
});
