import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { List, Root } from 'mdast';
import { satteriHeadingIdsPlugin } from '@astrojs/markdown-satteri';
import { mdxToJs, mdxToMdast } from 'satteri';
import { fileTreeLists, treeEntries, type TreeEntry } from '../src/core/html/file-tree.ts';
import { stepTitleHeadings } from '../src/core/html/step-titles.ts';
import { phrasingElementText } from '../src/core/html/phrasing-elements.ts';
import { parseGitHubRepo } from '../src/core/markdown/github-repo.ts';
import { tocEntryShown, updateShown, viewShown, type FilterState } from '../src/astro/client/page-filters-rules.ts';

/** A tree as lines: `name/` for folders, indented by depth. */
function outline(entries: readonly TreeEntry[], depth = 0): string[] {
  return entries.flatMap((entry) => [`${'  '.repeat(depth)}${entry.name}${entry.folder ? '/' : ''}`, ...outline(entry.children, depth + 1)]);
}

const firstList = (markdown: string) => (mdxToMdast(markdown) as Root).children.find((node): node is List => node.type === 'list')!;

/** Compiles MDX with the plugins and Astro's heading ids, as a page of the site: its code and headings. */
async function compile(source: string, mdast: unknown[] = [], hast: unknown[] = []) {
  const astro = { frontmatter: {}, headings: [] as Array<{ depth: number; slug: string; text: string }>, localImagePaths: new Set<string>(), remoteImagePaths: new Set<string>() };
  const result = await mdxToJs(source, { mdastPlugins: mdast as never, hastPlugins: [...hast, satteriHeadingIdsPlugin()] as never, jsxImportSource: 'astro', elementAttributeNameCase: 'html', data: { astro } });
  return { code: result.code, headings: (result.data as { astro: typeof astro }).astro.headings };
}

describe('FileTree: a Markdown list as a tree', () => {
  it('reads folders from a trailing slash or a nested list, files from the rest, names without formatting', () => {
    const list = firstList(['- docs/', '  - index.mdx', '  - **guides**/', '    - `setup.mdx`', '  - empty/', '- README.md', '- src', '  - main.ts'].join('\n'));
    assert.deepEqual(outline(treeEntries(list)), ['docs/', '  index.mdx', '  guides/', '    setup.mdx', '  empty/', 'README.md', 'src/', '  main.ts']);
  });

  it('turns the list inside <FileTree> or <Tree> into folders and files of that component, and keeps other children', async () => {
    const { code } = await compile(
      ['<FileTree>', '', '- app/', '  - page.tsx', '- package.json', '', '</FileTree>', '', '<Tree>', '', '- lib/', '', '<Tree.File name="kept.ts" />', '</Tree>', '', '- a list outside stays a list'].join('\n'),
      [fileTreeLists],
    );
    assert.match(code, /_jsxs?\(FileTree\.Folder, \{\s*name: "app",\s*defaultOpen: true,\s*children: _jsx\(FileTree\.File, \{ name: "page\.tsx" \}\)/);
    assert.match(code, /_jsx\(FileTree\.File, \{ name: "package\.json" \}\)/);
    assert.match(code, /_jsxs?\(Tree\.Folder, \{\s*name: "lib",\s*defaultOpen: true\s*\}\)/);
    assert.match(code, /_jsx\(Tree\.File, \{ name: "kept\.ts" \}\)/);
    assert.match(code, /_components\.ul/);
    assert.doesNotMatch(code, /_components\.li, \{ children: "app/);
  });
});

describe('HTML elements of phrasing content written with their text on lines of their own', () => {
  const page = (...lines: string[]) => compile(lines.join('\n'), [phrasingElementText]);

  it('hold their text, with their attributes, and no paragraph inside', async () => {
    const { code } = await page('<p className="intro">', '  Welcome to the *harbour* guide.', '</p>', '', '<h3 id="moorings">', '  Moorings', '</h3>', '', '<button className="ghost">', '  Cast off', '</button>');
    assert.match(code, /_jsxs\("p", \{\s*className: "intro",\s*children: \[\s*"Welcome to the ",\s*_jsx\(_components\.em, \{ children: "harbour" \}\),\s*" guide\."\s*\]/);
    assert.match(code, /_jsx\("h3", \{\s*id: "moorings",\s*children: "Moorings"\s*\}\)/);
    assert.match(code, /_jsx\("button", \{\s*className: "ghost",\s*children: "Cast off"\s*\}\)/);
    assert.doesNotMatch(code, /_components\.p\b/, 'no paragraph is made');
  });

  it('keep two paragraphs apart with a line break, and leave elements that may hold blocks as they are', async () => {
    const { code } = await page('<span className="tide">', '  High water', '', '  Low water', '</span>', '', '<div className="chart">', '  Soundings', '</div>');
    assert.match(code, /_jsxs\("span", \{\s*className: "tide",\s*children: \[\s*"High water",\s*_jsx\(_components\.br, \{\}\),[\s\S]*?"Low water"\s*\]/);
    assert.match(code, /_jsx\("div", \{\s*className: "chart",\s*children: _jsx\(_components\.p, \{ children: "Soundings" \}\)/);
  });
});

describe('Steps titleSize: step titles as headings', () => {
  const steps = (attributes: string, step = '') =>
    [`<Steps${attributes}>`, `  <Step title="Install it"${step}>`, '    First.', '  </Step>', '  <Step title="Run it" id="run">', '    Then.', '  </Step>', '</Steps>', '', '## After'].join('\n');

  it('makes h2 and h3 titles headings of the page, in order, with the step id as their anchor', async () => {
    const { headings, code } = await compile(steps(' titleSize="h3"'), [], [stepTitleHeadings]);
    assert.deepEqual(headings, [
      { depth: 3, slug: 'install-it', text: 'Install it' },
      { depth: 3, slug: 'run', text: 'Run it' },
      { depth: 2, slug: 'after', text: 'After' },
    ]);
    assert.match(code, /_components\.h3, \{\s*class: "step-title",\s*"data-step-title": "",\s*id: "install-it"/);
  });

  it('writes the title’s `code` spans as code, which the anchor and the table of contents leave out', async () => {
    const { headings, code } = await compile('<Steps titleSize="h2">\n  <Step title="Create a `task` file">\n    Text.\n  </Step>\n</Steps>\n', [], [stepTitleHeadings]);
    assert.deepEqual(headings, [{ depth: 2, slug: 'create-a-task-file', text: 'Create a task file' }]);
    assert.match(code, /_jsx\(_components\.code, \{ children: "task" \}\)/);
  });

  it('takes a step’s own titleSize over its Steps’, and leaves h4 (which Mintlify neither anchors nor lists), p, missing sizes and noAnchor as they are', async () => {
    assert.deepEqual((await compile(steps(' titleSize="h2"', ' titleSize="h4"'), [], [stepTitleHeadings])).headings.map((h) => `${h.depth} ${h.text}`), ['2 Run it', '2 After']);
    assert.deepEqual((await compile(steps(''), [], [stepTitleHeadings])).headings.map((h) => h.text), ['After']);
    assert.deepEqual((await compile(steps(' titleSize="p"'), [], [stepTitleHeadings])).headings.map((h) => h.text), ['After']);
    assert.deepEqual((await compile(steps(' titleSize="h3"', ' noAnchor'), [], [stepTitleHeadings])).headings.map((h) => h.text), ['Run it', 'After']);
  });
});

describe('View and Update filters: the table of contents', () => {
  const state = (view: string | null, tags: string[] = []): FilterState => ({ view, tags: new Set(tags) });

  it('shows the chosen view, and every view on a page without a choice', () => {
    assert.equal(viewShown('Python', state('Python')), true);
    assert.equal(viewShown('JavaScript', state('Python')), false);
    assert.equal(viewShown('JavaScript', state(null)), true);
  });

  it('shows every update until tags are chosen, then those with one of them', () => {
    assert.equal(updateShown([], state(null)), true);
    assert.equal(updateShown(['SDK'], state(null, ['Fixes'])), false);
    assert.equal(updateShown(['SDK', 'Fixes'], state(null, ['Fixes', 'CLI'])), true);
    assert.equal(updateShown([], state(null, ['Fixes'])), false);
  });

  it('lists a heading when what holds it is shown: outside views and updates always', () => {
    const chosen = state('Python', ['Fixes']);
    assert.equal(tocEntryShown({ view: null, updateTags: null }, chosen), true);
    assert.equal(tocEntryShown({ view: 'Python', updateTags: null }, chosen), true);
    assert.equal(tocEntryShown({ view: 'JavaScript', updateTags: null }, chosen), false);
    assert.equal(tocEntryShown({ view: null, updateTags: ['Fixes'] }, chosen), true);
    assert.equal(tocEntryShown({ view: null, updateTags: ['SDK'] }, chosen), false);
    assert.equal(tocEntryShown({ view: 'Python', updateTags: ['SDK'] }, chosen), false);
  });
});

describe('GitHub.Repo: the repository named', () => {
  it('reads owner/name slugs and GitHub URLs', () => {
    for (const written of ['withastro/astro', ' withastro/astro ', 'https://github.com/withastro/astro', 'https://github.com/withastro/astro.git', 'github.com/withastro/astro/tree/main/packages', 'https://www.github.com/withastro/astro?tab=readme']) {
      assert.deepEqual(parseGitHubRepo(written), { owner: 'withastro', name: 'astro', slug: 'withastro/astro', url: 'https://github.com/withastro/astro' }, written);
    }
    assert.equal(parseGitHubRepo('mintlify/docs.json')?.name, 'docs.json');
  });

  it('refuses what names no repository', () => {
    for (const written of ['', 'astro', 'withastro/astro/extra', 'https://gitlab.com/withastro/astro', '-bad/astro', 'with astro/astro', 'withastro/..', 'javascript:alert(1)/x']) {
      assert.equal(parseGitHubRepo(written), undefined, written);
    }
  });
});
