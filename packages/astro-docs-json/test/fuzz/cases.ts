/**
 * Docs folders as an attacker or a careless contributor would write them: a small valid
 * site, mutated by a seeded generator, so that a failing case can be made again from its
 * seed. Each mutation is one of the classes of hostile input the builder must survive.
 */

export interface FuzzCase {
  seed: number;
  /** What was done to the site (`name: what`), for the failure message. */
  mutations: string[];
  /** Files to write, relative to the docs folder. */
  files: Record<string, string>;
  /** Symbolic links to make: link path (in the docs folder) → target (`@outside/x` for the sentinel folder). */
  links: Record<string, string>;
}

/** The text of the file outside the docs folder that no output may ever contain. */
export const SENTINEL = 'FUZZ-SENTINEL-9d3e51';

/** mulberry32: small, fast and seedable. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;
const between = (rng: Rng, low: number, high: number) => low + Math.floor(rng() * (high - low + 1));

function baseSite(): { config: Record<string, unknown>; files: Record<string, string> } {
  return {
    config: {
      name: 'Fuzz',
      navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'guide'] }] }, { tab: 'API', openapi: 'api.yaml' }] },
      redirects: [{ source: '/old', destination: '/guide' }],
    },
    files: {
      'index.mdx': "---\ntitle: Home\n---\nimport Intro from '/snippets/intro.mdx';\n\n<Intro />\n\n<Card title=\"Start\" href=\"/guide\">Go</Card>\n",
      'guide.mdx': '---\ntitle: Guide\nopenapi: GET /items\n---\n\n## Steps\n\n![Shot](./images/shot.svg)\n\n[Home](./index)\n',
      'snippets/intro.mdx': 'Welcome to {product}.\n',
      'images/shot.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>',
      'api.yaml': 'openapi: 3.0.3\ninfo: { title: Api, version: "1" }\npaths:\n  /items:\n    get: { summary: Items, responses: { "200": { description: ok } } }\n',
    },
  };
}

/** One mutation: changes the config or the files, and says what it did. */
type Mutation = (rng: Rng, site: MutableSite) => string;

interface MutableSite {
  config: Record<string, unknown>;
  files: Record<string, string>;
  links: Record<string, string>;
  /** JSON text that stands for a placeholder string in the config: too deep for `JSON.stringify`. */
  raw: Map<string, string>;
}

const nest = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown) => {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
};

const MUTATIONS: Record<string, Mutation> = {
  deepNavigation(rng, site) {
    const depth = between(rng, 70, 700);
    site.config.navigation = nest(depth, { group: 'Leaf', pages: ['index'] }, (inner) => ({ group: 'G', pages: [inner] }));
    return `navigation ${depth} groups deep`;
  },
  deepArrays(rng, site) {
    const depth = between(rng, 100, 12_000);
    site.config[pick(rng, ['x-unknown', 'metadata', 'navigation'])] = '@@deep-arrays@@';
    site.raw.set('@@deep-arrays@@', `${'['.repeat(depth)}1${']'.repeat(depth)}`);
    return `${depth} nested arrays`;
  },
  prototypeKeys(rng, site) {
    const key = pick(rng, ['__proto__', 'constructor', 'prototype']);
    const text = JSON.stringify(site.config).replace('"navigation":', `"${key}": {"navigation": {"pages": ["index"]}}, "navigation":`);
    site.files['docs.json'] = text;
    return `a "${key}" key`;
  },
  billionLaughs(rng, site) {
    const levels = between(rng, 6, 10);
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < levels; i++) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    site.files['guide.mdx'] = `---\ntitle: Laughs\n${lines.join('\n')}\n---\n\nBody\n`;
    return `YAML aliases ${levels} levels deep`;
  },
  badEscapes(rng, site) {
    site.files['guide.mdx'] += `\n![x](images/a%${pick(rng, ['ZZ', 'E0%A4%A', '%', 'G1'])}.png)\n\n[y](./a%ZZ)\n`;
    return 'malformed % escapes';
  },
  deepParens(rng, site) {
    const depth = between(rng, 500, 12_000);
    site.files['index.mdx'] += `\n{${'('.repeat(depth)}1${')'.repeat(depth)}}\n`;
    return `${depth} nested parentheses in an expression`;
  },
  deepMarkdown(rng, site) {
    const depth = between(rng, 200, 5000);
    site.files['index.mdx'] += `\n${pick(rng, ['>', '- ', '[', '<div>', '*'])}`.repeat(depth) + 'x\n';
    return `${depth} nested Markdown blocks`;
  },
  snippetCycle(rng, site) {
    site.files['snippets/intro.mdx'] = "import Loop from '/snippets/loop.mdx';\n\n<Loop />\n";
    site.files['snippets/loop.mdx'] = rng() < 0.5 ? "import Intro from './intro.mdx';\n\n<Intro />\n" : "import Loop from './loop.mdx';\n\n<Loop />\n";
    return 'snippets that import each other';
  },
  outsideLinks(rng, site) {
    const which = pick(rng, ['images/shot.svg', 'snippets/intro.mdx', 'api.yaml', 'images/extra.svg']);
    delete site.files[which];
    site.links[which] = `@outside/${which.endsWith('.svg') ? 'secret.svg' : which.endsWith('.mdx') ? 'secret.mdx' : 'secret.yaml'}`;
    return `${which} linked outside the docs folder`;
  },
  outsidePaths(rng, site) {
    const climb = '../'.repeat(between(rng, 1, 8));
    site.files['guide.mdx'] += `\n![x](${climb}@outside/secret.svg)\n\nimport S from '${climb}@outside/secret.mdx';\n\n<S />\n`;
    site.files['api.yaml'] += `components:\n  schemas:\n    X: { $ref: "${climb}@outside/secret.yaml#/info" }\n`;
    return 'paths that climb out of the docs folder';
  },
  manyRefs(rng, site) {
    const count = between(rng, 100, 1500);
    site.files['shared.json'] = JSON.stringify({ group: 'Shared', pages: ['guide'] });
    site.config.navigation = { groups: Array.from({ length: count }, () => ({ $ref: './shared.json' })) };
    return `${count} $refs to one file`;
  },
  refCycle(rng, site) {
    site.files['a.json'] = JSON.stringify({ group: 'A', pages: [{ $ref: './b.json' }] });
    site.files['b.json'] = JSON.stringify({ group: 'B', pages: [{ $ref: rng() < 0.5 ? './a.json' : './b.json' }] });
    site.config.navigation = { groups: [{ $ref: './a.json' }] };
    return 'a $ref cycle';
  },
  manyBreaks(rng, site) {
    site.files['guide.mdx'] += `\n${'a<br>'.repeat(between(rng, 500, 3500))}\n`;
    return 'thousands of <br> tags';
  },
  hugeFrontmatter(rng, site) {
    const keys = between(rng, 1000, 50_000);
    site.files['guide.mdx'] = `---\ntitle: Big\n${Array.from({ length: keys }, (_, i) => `k${i}: ${i}`).join('\n')}\n---\nBody\n`;
    return `${keys} frontmatter keys`;
  },
  hugePage(rng, site) {
    const alphabet = '<>{}[]()!#*_`~|\\/:"\'-=+ \nabc';
    site.files['guide.mdx'] = Array.from({ length: between(rng, 200_000, 1_000_000) }, () => pick(rng, [...alphabet])).join('');
    return 'a page of random markup';
  },
  flipBytes(rng, site) {
    const file = pick(rng, Object.keys(site.files));
    const text = [...site.files[file]!];
    for (let i = 0; i < between(rng, 1, 8); i++) text[Math.floor(rng() * text.length)] = pick(rng, ['{', '}', '"', ',', '\u0000', '<', '`', '\n', '\\', '---']);
    site.files[file] = text.join('');
    return `bytes flipped in ${file}`;
  },
  truncate(rng, site) {
    const file = pick(rng, ['docs.json', 'index.mdx', 'api.yaml']);
    const text = site.files[file] ?? JSON.stringify(site.config);
    site.files[file] = text.slice(0, Math.floor(rng() * text.length));
    return `${file} cut short`;
  },
  wrongTypes(rng, site) {
    const key = pick(rng, ['navigation', 'redirects', 'name', 'api', 'colors', 'navbar', 'footer', 'banner']);
    site.config[key] = pick(rng, [null, 42, 'text', [], {}, [[[]]], true, { pages: 7 }, { tabs: [null] }]);
    return `${key} of the wrong type`;
  },
  strangePaths(rng, site) {
    const page = pick(rng, ['../../etc/passwd', '/absolute/page', 'a\u0000b', '%2e%2e/x', 'con', 'x/'.repeat(200) + 'y', '']);
    // Earlier mutations may have replaced the navigation: then the page gets one of its own.
    const pages = (site.config.navigation as { tabs?: Array<{ groups?: Array<{ pages?: unknown }> }> } | undefined)?.tabs?.[0]?.groups?.[0]?.pages;
    if (Array.isArray(pages)) pages.push(page);
    else site.config.navigation = { pages: ['index', page] };
    return `a page path ${JSON.stringify(page.slice(0, 40))}`;
  },
};

export const MUTATION_NAMES = Object.keys(MUTATIONS);

/** The case of a seed: one to three mutations of the base site; the first cases take each mutation in turn. */
export function fuzzCase(seed: number): FuzzCase {
  const rng = random(seed);
  const { config, files } = baseSite();
  const site: MutableSite = { config, files: { ...files }, links: {}, raw: new Map() };
  const count = seed < MUTATION_NAMES.length ? 1 : between(rng, 1, 3);
  const mutations: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = seed < MUTATION_NAMES.length ? MUTATION_NAMES[seed]! : pick(rng, MUTATION_NAMES);
    mutations.push(`${name}: ${MUTATIONS[name]!(rng, site)}`);
  }
  if (site.files['docs.json'] === undefined) {
    let text = JSON.stringify(site.config);
    for (const [placeholder, json] of site.raw) text = text.replace(JSON.stringify(placeholder), json);
    site.files['docs.json'] = text;
  }
  return { seed, mutations, files: site.files, links: site.links };
}
