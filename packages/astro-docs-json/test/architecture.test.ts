/**
 * The package's shape, as the developers' guide sets it: folders named by subject that
 * import each other in one direction only, and a core that knows nothing of Astro.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every module of `src/` (relative, with `/`) and what it imports, as written. */
function modules(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const name of readdirSync(SRC, { recursive: true }).map(String)) {
    if (!/\.(ts|astro)$/.test(name) || name.endsWith('.d.ts')) continue;
    const text = readFileSync(path.join(SRC, name), 'utf8');
    found.set(name.split(path.sep).join('/'), [...text.matchAll(IMPORT)].map((match) => (match[1] ?? match[2])!));
  }
  return found;
}

/**
 * The node of the folder graph a module belongs to: its folder, except at the top of `src/`
 * and `src/core/`, whose files (the entry points, the shared modules) are nodes of their own.
 */
function nodeOf(module: string): string {
  const folder = path.posix.dirname(module);
  return folder === '.' || folder === 'core' ? module : folder;
}

/** The edges between nodes, each with an import that makes it. */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const [module, imports] of modules()) {
    for (const specifier of imports.filter((name) => name.startsWith('.'))) {
      const [from, to] = [nodeOf(module), nodeOf(path.posix.join(path.posix.dirname(module), specifier))];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      graph.get(from)!.set(to, `${module} imports ${specifier}`);
    }
  }
  return graph;
}

/** One cycle of `graph` for each node that lies on one, as the imports that close it. */
function cyclesOf(graph: Map<string, Map<string, string>>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    trail.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (state.get(next) === 'open') {
        const loop = [...trail.slice(trail.indexOf(next)), next];
        cycles.push(loop.slice(1).map((to, index) => graph.get(loop[index]!)!.get(to)!));
      } else if (!state.has(next)) visit(next);
    }
    trail.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('the package', () => {
  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a', new Map([['b', 'a imports b']])],
      ['b', new Map([['c', 'b imports c']])],
      ['c', new Map([['a', 'c imports a']])],
    ]);
    assert.deepEqual(cyclesOf(graph), [['a imports b', 'b imports c', 'c imports a']]);
  });

  it('has folders that import each other in one direction only', () => {
    const graph = folderGraph();
    assert.ok(graph.get('index.ts')?.has('astro/hooks'), 'the graph is read: the entry imports the hooks');
    assert.deepEqual(cyclesOf(graph), []);
  });

  it('has a core that imports nothing of Astro, nor of the layers above it', () => {
    const outside = [...modules()]
      .filter(([module]) => module.startsWith('core/'))
      .flatMap(([module, imports]) =>
        imports
          .filter((name) => /^(astro|@astrojs)(\/|$)/.test(name) || (name.startsWith('.') && !path.posix.join(path.posix.dirname(module), name).startsWith('core/')))
          .map((name) => `${module} imports ${name}`),
      );
    assert.deepEqual(outside, []);
  });

  it('has a note on each folder in a fixed place: its README.md, or the index.ts that opens it', () => {
    const folders = readdirSync(SRC, { recursive: true, withFileTypes: true }).filter((entry) => entry.isDirectory());
    assert.ok(folders.length > 10, 'the folders are read');
    const unnoted = folders
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((folder) => !['README.md', 'index.ts'].some((name) => existsSync(path.join(folder, name))))
      .map((folder) => path.relative(SRC, folder));
    assert.deepEqual(unnoted, []);
  });
});
