// Pages that look like real Mintlify pages (`--content mintlify`): the plain pages' Markdown
// (text.mjs), with components between its sections and a snippet on some pages. Each page
// draws, independently, with the page's random numbers:
//
//   ~70%  a callout: one of <Note>, <Warning>, <Tip>, <Info>
//   ~60%  <CardGroup cols={2}> of 2–4 <Card title icon href>
//   ~40%  <Tabs> of 2–3 <Tab title>
//   ~40%  <CodeGroup> of 2–3 fenced code blocks with titles (```js index.js)
//   ~30%  a `##` section of 3–5 <ParamField> (or <ResponseField>)
//   ~30%  a snippet: `import Intro from '/snippets/intro.mdx'` and <Intro product="Bench" />
//   ~25%  <Steps> of 3–4 <Step title>
//   ~25%  <AccordionGroup> of 2–4 <Accordion title>
//   ~50%  an `icon` in the frontmatter
//   ~20%  a box styled with Tailwind classes, as Mintlify pages write them (`rounded-xl p-6
//         dark:text-zinc-50 md:flex`), from a few hundred distinct class names in all
//   ~15%  a ```mermaid flowchart of 4–7 steps (drawings.mjs measures what it costs)
//   ~15%  LaTeX: an inline formula in a sentence and a display formula
//   ~25%  a code block with Mintlify's options: a highlighted line, line numbers, and a
//         line added and one removed in diff notation (drawings.mjs measures what it costs)
//
// The draws are made once and written for either site by a renderer: MINTLIFY, or STARLIGHT
// with Starlight's own components, so both sites build the same content.
import { paragraph, pageTitle, pick, random, sections, sentence, title, word } from './text.mjs';

const PRODUCT = 'Bench';
// Font Awesome names, as Mintlify pages use them; Starlight knows only some of them.
const ICONS = ['rocket', 'book', 'code', 'gear', 'star', 'bolt', 'database', 'server', 'globe', 'lock', 'terminal', 'puzzle-piece'];
const STARLIGHT_ICONS = new Set(['rocket', 'star', 'database', 'server']);
// Mintlify's callouts and the <Aside> type that says the same in Starlight.
const CALLOUTS = { Note: 'note', Warning: 'caution', Tip: 'tip', Info: 'note' };
const TYPES = ['string', 'number', 'boolean', 'object'];
// The code of a code group's blocks: language, title, and code calling `name`.
const CODE = [
  ['js', 'index.js', (name) => `import { ${name} } from 'bench';\n\nawait ${name}({ pages: 100 });`],
  ['python', 'main.py', (name) => `from bench import ${name}\n\n${name}(pages=100)`],
  ['bash', 'Terminal', (name) => `npx bench ${name} --pages 100`],
  ['go', 'main.go', (name) => `package main\n\nfunc main() {\n\tbench.${name}(100)\n}`],
];

// The Tailwind class names a styled box draws from.
const SHADES = ['gray', 'zinc', 'slate', 'blue', 'green', 'amber', 'red', 'indigo'];
const STEPS = [2, 4, 6, 8, 10, 12, 16];
const SIZES = ['sm', 'base', 'lg', 'xl', '2xl'];

const indent = (text, by = '  ') => text.replace(/^(?=.)/gm, by);
const fence = (language, meta, code) => `\`\`\`${language} ${meta}\n${code}\n\`\`\``;

/** A JSX element around Markdown, indented as Mintlify's own pages are. */
function element(name, attributes, content) {
  const written = Object.entries(attributes)
    .filter(([, value]) => value !== undefined && value !== false)
    .map(([key, value]) => (value === true ? ` ${key}` : typeof value === 'number' ? ` ${key}={${value}}` : ` ${key}="${value}"`))
    .join('');
  return `<${name}${written}>\n${indent(content)}\n</${name}>`;
}

/** The snippets under `docs/snippets/`, each drawn with a seed of its own so it reads the same wherever it is. */
const SNIPPETS = {
  intro: { component: 'Intro', seed: 11, text: (next, r, product) => `Welcome to ${product}. ${paragraph(next, 3)}` },
  requirements: {
    component: 'Requirements',
    seed: 12,
    text: (next, r) => `Before you start, check that you have:\n\n${Array.from({ length: 3 }, () => `- ${sentence(next)}`).join('\n')}\n\n${r.code('bash', 'Terminal', 'npm install bench')}`,
  },
  support: { component: 'Support', seed: 13, text: (next, r) => `${paragraph(next, 2)}\n\n${r.callout('Note', sentence(next))}` },
};
const snippetText = (name, r, product) => SNIPPETS[name].text(random(SNIPPETS[name].seed), r, product);

/** The snippet files of a Mintlify site, by path in the docs folder. */
export const snippetFiles = () =>
  Object.fromEntries(Object.keys(SNIPPETS).map((name) => [`snippets/${name}.mdx`, `${snippetText(name, MINTLIFY, '{product}')}\n`]));

// The renderers: how each site writes a titled code block and each component.
export const MINTLIFY = {
  frontmatter: ({ title, description, icon }) => `title: ${title}\ndescription: ${description}\n${icon ? `icon: ${icon}\n` : ''}`,
  imports: (snippet) => (snippet ? `import ${SNIPPETS[snippet].component} from '/snippets/${snippet}.mdx';\n\n` : ''),
  snippet: (name) => (name === 'intro' ? `<Intro product="${PRODUCT}" />` : `<${SNIPPETS[name].component} />`),
  code: (language, file, code) => fence(language, file, code),
  callout: (kind, text) => element(kind, {}, text),
  cards: (cards) => element('CardGroup', { cols: 2 }, cards.map(({ title, icon, href, text }) => element('Card', { title, icon, href }, text)).join('\n')),
  tabs: (tabs) => element('Tabs', {}, tabs.map(({ title, text }) => element('Tab', { title }, text)).join('\n')),
  codeGroup: (blocks) => element('CodeGroup', {}, blocks.map(({ language, file, code }) => MINTLIFY.code(language, file, code)).join('\n\n')),
  fields: (response, fields) =>
    fields
      .map(({ location, name, type, required, text }) =>
        response ? element('ResponseField', { name, type, required }, text) : element('ParamField', { [location]: name, type, required }, text),
      )
      .join('\n\n'),
  steps: (steps) => element('Steps', {}, steps.map(({ title, text }) => element('Step', { title }, text)).join('\n')),
  accordions: (items) => element('AccordionGroup', {}, items.map(({ title, text }) => element('Accordion', { title }, text)).join('\n')),
  styled: (box) => styledBox('className', box),
  diagram: (steps) => fence('mermaid', '', flowchart(steps)),
  formulas: ({ inline, display }) => `The cost grows as $${inline}$ with the number of pages.\n\n$$\n${display}\n$$`,
  optionsBlock: ({ name, highlighted }) => fence('js', `config.js {${highlighted}} lines`, optionsCode(name, ' // [!code --]', ' // [!code ++]')),
};

/** A configuration block whose third line is replaced by its fourth: the diff notation marks them, or the site's own markers do. */
const optionsCode = (name, removed, added) => `import { defineConfig } from 'bench';\n\nexport default defineConfig({\n  pages: 100,${removed}\n  pages: ${name.length * 100},${added}\n  search: true,\n});`;

/** A flowchart through `steps`, with a loop back from the last check. */
const flowchart = (steps) => `flowchart TD\n${steps.map((step, i) => (i ? `  S${i - 1} --> S${i}[${step}]` : `  S0[${step}]`)).join('\n')}\n  S${steps.length - 1} -->|retry| S1`;
const FORMULAS = [
  ['O(n \\log n)', 'T(n) = 2\\,T\\left(\\frac{n}{2}\\right) + c\\,n'],
  ['p \\cdot q', '\\sum_{i=1}^{n} w_i x_i = \\mathbf{w}^\\top \\mathbf{x}'],
  ['\\sqrt{k}', 'E = \\int_0^{\\infty} \\lambda e^{-\\lambda t}\\, dt'],
];

/** A box of HTML with Tailwind classes, under the attribute name each site's MDX takes. */
function styledBox(attribute, { box, heading, body, title, text }) {
  return `<div ${attribute}="${box}">\n  <p ${attribute}="${heading}">${title}</p>\n  <p ${attribute}="${body}">${text}</p>\n</div>`;
}

// Starlight has no page icons, no snippet folder (snippets are inlined), no code groups
// (consecutive titled blocks), no fields (a Markdown list) and no accordions (<details>);
// its cards have no link, and its <Steps> wraps an ordered list.
export const STARLIGHT = {
  frontmatter: ({ title, description }) => `title: ${title}\ndescription: ${description}\n`,
  // Every page imports all six, as many sites do: an unused import renders nothing.
  imports: () => `import { Aside, Card, CardGrid, Steps, TabItem, Tabs } from '@astrojs/starlight/components';\n\n`,
  snippet: (name) => snippetText(name, STARLIGHT, PRODUCT),
  code: (language, file, code) => fence(language, `title="${file}"`, code),
  callout: (kind, text) => element('Aside', { type: CALLOUTS[kind] }, text),
  cards: (cards) =>
    element('CardGrid', {}, cards.map(({ title, icon, text }) => element('Card', { title, icon: STARLIGHT_ICONS.has(icon) ? icon : undefined }, text)).join('\n')),
  tabs: (tabs) => element('Tabs', {}, tabs.map(({ title, text }) => element('TabItem', { label: title }, text)).join('\n')),
  codeGroup: (blocks) => blocks.map(({ language, file, code }) => STARLIGHT.code(language, file, code)).join('\n\n'),
  fields: (response, fields) => fields.map(({ name, type, required, text }) => `- **\`${name}\`** (${type}${required ? ', required' : ''}): ${text}`).join('\n'),
  steps: (steps) => `<Steps>\n\n${steps.map(({ title, text }, i) => `${i + 1}. ${title}\n\n${indent(text, '   ')}`).join('\n\n')}\n\n</Steps>`,
  accordions: (items) => items.map(({ title, text }) => `<details>\n<summary>${title}</summary>\n\n${text}\n\n</details>`).join('\n\n'),
  styled: (box) => styledBox('class', box),
  // Starlight draws neither: the same text, as code.
  diagram: (steps) => fence('mermaid', '', flowchart(steps)),
  formulas: ({ inline, display }) => `The cost grows as \`${inline}\` with the number of pages.\n\n${fence('tex', '', display)}`,
  // Expressive Code's own markers: the highlighted line, and the removed and added lines.
  optionsBlock: ({ name, highlighted }) => fence('js', `title="config.js" {${highlighted}} del={4} ins={5}`, optionsCode(name, '', '')),
};

// Astro with its MDX integration and nothing more (`--astro-alone`): Mintlify's pages as they
// are, with each component a stub that renders what it holds, the snippets imported as Astro
// imports MDX, and the formulas as code (Astro alone typesets none). No site is drawn around
// them: it shows what compiling and rendering the pages costs before any docs site does.
const STUBS = ['Note', 'Warning', 'Tip', 'Info', 'CardGroup', 'Card', 'Tabs', 'Tab', 'CodeGroup', 'ParamField', 'ResponseField', 'Steps', 'Step', 'AccordionGroup', 'Accordion'];
const stubImports = `import Stub from '/src/components/Stub.astro';\nexport const components = { ${STUBS.map((name) => `${name}: Stub`).join(', ')} };\n`;
export const ASTRO_ALONE = {
  ...MINTLIFY,
  imports: (snippet) => `${stubImports}${snippet ? `import ${SNIPPETS[snippet].component} from '/src/snippets/${snippet}.mdx';\n` : ''}\n`,
  styled: STARLIGHT.styled,
  formulas: STARLIGHT.formulas,
};

/** The files of Astro alone besides its pages: the snippets (their props under `props`), the stub, the blank layout. */
export const astroAloneFiles = () => ({
  ...Object.fromEntries(Object.keys(SNIPPETS).map((name) => [`src/snippets/${name}.mdx`, `${stubImports}\n${snippetText(name, ASTRO_ALONE, '{props.product}')}\n`])),
  'src/components/Stub.astro': `---\nconst { title } = Astro.props;\n---\n<div>{title && <p>{title}</p>}<slot /></div>\n`,
  'src/layouts/Page.astro': `---\nconst { frontmatter } = Astro.props;\n---\n<html lang="en"><head><meta charset="utf-8" /><title>{frontmatter.title}</title></head><body><main><h1>{frontmatter.title}</h1><slot /></main></body></html>\n`,
});

/**
 * One Mintlify-style page, as written by the renderer `r`. The random draws never depend
 * on `r`, so that each site gets the same page (the order of the draws is the page).
 */
export function mintlifyPage(page, all, prefix, next, r) {
  const chance = (probability) => next() < probability;
  const some = (min, max, make) => Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, make);
  const titled = () => ({ title: title(next), text: paragraph(next, 2) });

  const frontmatter = { title: pageTitle(page), description: sentence(next), icon: chance(0.5) ? pick(next, ICONS) : undefined };
  const [intro, overview, configuration, details] = sections(page, all, prefix, next);
  const snippet = chance(0.3) ? pick(next, Object.keys(SNIPPETS)) : undefined;
  const codeGroup = () => {
    const first = Math.floor(next() * CODE.length);
    const name = word(next);
    return some(2, 3, (_, i) => CODE[(first + i) % CODE.length]).map(([language, file, code]) => ({ language, file, code: code(name) }));
  };
  const fields = () => {
    const response = chance(0.5);
    const list = some(3, 5, () => ({ location: pick(next, ['path', 'query', 'body', 'header']), name: word(next), type: pick(next, TYPES), required: chance(0.5), text: sentence(next) }));
    return `## ${response ? 'Response' : 'Parameters'}\n\n${r.fields(response, list)}`;
  };
  const styled = () => {
    const [shade, accent] = [pick(next, SHADES), pick(next, SHADES)];
    const [space, gap] = [pick(next, STEPS), pick(next, STEPS)];
    return {
      box: `rounded-xl border border-${shade}-200 dark:border-${shade}-800 p-${space} mt-${gap} md:flex md:gap-${gap} bg-${accent}-50 dark:bg-${accent}-950`,
      heading: `text-${pick(next, SIZES)} font-semibold tracking-tight text-${shade}-900 dark:text-${shade}-50`,
      body: `text-sm leading-relaxed text-${shade}-600 dark:text-${shade}-400 lg:mt-${space}`,
      title: title(next),
      text: sentence(next),
    };
  };
  const blocks = [
    intro,
    snippet && r.snippet(snippet),
    chance(0.7) && r.callout(pick(next, Object.keys(CALLOUTS)), paragraph(next, 2)),
    chance(0.6) && r.cards(some(2, 4, () => ({ title: title(next), icon: pick(next, ICONS), href: `${prefix}/${pick(next, all).slug}`, text: sentence(next) }))),
    overview,
    chance(0.25) && r.steps(some(3, 4, titled)),
    configuration,
    chance(0.4) && r.codeGroup(codeGroup()),
    chance(0.4) && r.tabs(some(2, 3, titled)),
    chance(0.3) && fields(),
    details,
    chance(0.25) && r.accordions(some(2, 4, titled)),
    // Drawn last, so that the pages' other draws stay as they were before it.
    chance(0.2) && r.styled(styled()),
    // Drawn after it, for the same reason.
    chance(0.15) && r.diagram(some(4, 7, () => title(next))),
    chance(0.15) && r.formulas((([inline, display]) => ({ inline, display }))(pick(next, FORMULAS))),
    // Drawn after them, for the same reason.
    chance(0.25) && r.optionsBlock({ name: word(next), highlighted: 1 + Math.floor(next() * 3) }),
  ];
  return `---\n${r.frontmatter(frontmatter)}---\n\n${r.imports(snippet)}${blocks.filter(Boolean).join('\n\n')}\n`;
}
