// A page that gives a React component components of its own, written around built-in
// components, as Mintlify's pages do (`<Playground Block={Sample}>`): built with Astro, the
// React component renders them, drawn as the built-ins are drawn on any page, and the
// island hydrates a wrapper that binds them.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { runAstroBuild } from './helpers.ts';

// Inside the repository, so that the site resolves astro and astro-docs-json; not in
// `.scratch/`, which build.test.ts removes whole when it ends.
const scratch = fileURLToPath(new URL('./.scratch-react/', import.meta.url));
mkdirSync(scratch, { recursive: true });
const root = mkdtempSync(path.join(scratch, 'site-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

const files: Record<string, string> = {
  'astro.config.mjs': "import docsJson from 'astro-docs-json';\nexport default { integrations: [docsJson({ search: false, socialImages: false })] };\n",
  'docs.json': JSON.stringify({ name: 'Lab', navigation: { pages: ['index'] } }),
  'snippets/bench.jsx':
    'const SAMPLES = { js: "const volts = 12;", py: "volts = 12" };\n' +
    'export const Bench = ({ Sample, Panel }) => {\n' +
    '  const [lang, setLang] = useState("js");\n' +
    '  return (\n' +
    '    <div className="bench">\n' +
    '      <button type="button" onClick={() => setLang(lang === "js" ? "py" : "js")}>Other language</button>\n' +
    '      <Sample language={lang} filename="bench">{SAMPLES[lang]}</Sample>\n' +
    '      {Panel && <Panel lang={lang} />}\n' +
    '    </div>\n' +
    '  );\n' +
    '};\n',
  'index.mdx':
    '---\ntitle: Lab\n---\n' +
    "import { Bench } from '/snippets/bench.jsx';\n\n" +
    'export const Sample = ({ children, ...props }) => <CodeBlock {...props}>{children}</CodeBlock>;\n\n' +
    'export const Readout = ({ lang }) => (\n  <>\n    <Warning>Reading {lang}.</Warning>\n    <Card title="Probe" icon="bolt">Probe {lang}</Card>\n    <Tabs>\n      <Tab title="Volts">V {lang}</Tab>\n      <Tab title="Amps">A {lang}</Tab>\n    </Tabs>\n    <Badge>{lang}</Badge>\n  </>\n);\n\n' +
    '<Bench Sample={Sample} Panel={Readout} />\n\n<Bench Sample={CodeBlock} />\n\n<Sample language="bash">echo done</Sample>\n',
};

/** The site written, and built. */
function build(): Promise<string> {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  }
  return runAstroBuild(root);
}

/** The islands of a page, in order: each one's attributes and its server HTML. */
function islands(html: string): Array<{ attributes: string; content: string }> {
  return [...html.matchAll(/<astro-island\b([^>]*)>([\s\S]*?)<\/astro-island>/g)].map((match) => ({ attributes: match[1]!, content: match[2]! }));
}

describe('components a page gives a React component', () => {
  it('are rendered by React, their built-in components drawn as on any page, and the island hydrates them', async () => {
    const output = await build();
    assert.doesNotMatch(output, /component-error|failed while the page was rendered/);
    const html = readFileSync(path.join(root, 'dist', 'index.html'), 'utf8');
    assert.doesNotMatch(html, /component-error|Objects are not valid/);
    const [first, second] = islands(html);
    assert.ok(first && second, 'two islands');
    assert.match(first.attributes, /component-export="Bench\$island0"/);
    assert.match(first.attributes, /client="load"/);
    // The code block as the site's highlighter draws it, with its options.
    assert.match(first.content, /<div class="code-block" data-language="js" data-title="bench"[^>]*><div class="code-block-header"><span class="code-block-title">bench<\/span><\/div><pre class="astro-code[^"]*"[^>]*><code><span class="line"><span style="[^"]*">const<\/span>/);
    // The built-ins React draws itself: a callout, a card with the site's icon, tabs as a tab list.
    assert.match(first.content, /<aside class="callout" data-component-name="Warning" data-kind="warning" aria-label="Warning">[\s\S]*?Reading <!-- -->js<!-- -->\.<\/div><\/aside>/);
    assert.match(first.content, /<div class="card-box" data-component-name="Card"><span class="card-icon"><astro-static-slot><i class="icon [^"]+"><\/i><\/astro-static-slot><\/span><div class="card-text"><p class="card-title">Probe<\/p>/);
    assert.match(first.content, /<div class="tab-group" data-component-name="Tabs" data-tabs-ready=""><div role="tablist"><button [^>]*role="tab"[^>]*aria-selected="true"[^>]*>Volts<\/button>/);
    // A built-in without a twin, drawn by Astro.
    assert.match(first.content, /<astro-static-slot><span class="badge" data-component-name="Badge"[^>]*>\s*js\s*<\/span><\/astro-static-slot>/);
    // A built-in given by its name.
    assert.match(second.attributes, /component-export="Bench\$island1"/);
    assert.match(second.content, /<div class="code-block" data-language="js"/);
    // The page's own markup draws the page's component with Astro, as before.
    assert.match(html.slice(html.lastIndexOf('</astro-island>')), /<div class="code-block" data-language="bash"/);
    // The wrapper, the copies and the React built-ins are in the browser's module of the page.
    const module = readdirSync(path.join(root, 'dist', '_astro')).find((file) => /^index\.mdx\.[\w-]+\.js$/.test(file));
    assert.ok(module, 'the page’s React module is built for the browser');
    assert.match(readFileSync(path.join(root, 'dist', '_astro', module), 'utf8'), /Bench\$island0/);
  });
});
