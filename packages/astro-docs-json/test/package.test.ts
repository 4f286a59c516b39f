/**
 * The package as users install it: `npm pack`, installed into a fresh Astro project
 * outside this repository, builds a site and runs the command line through its bin. Slow
 * (an npm install from the registry or npm's cache), and the only test that does this.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { until } from './helpers.ts';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const rootManifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> };
const work = mkdtempSync(path.join(tmpdir(), 'astro-docs-json-package-'));
after(() => rmSync(work, { recursive: true, force: true }));

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false', ...env }, timeout: 300_000 });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout + result.stderr;
}

describe('the packed package', () => {
  it('installs into a fresh Astro project, builds its docs and runs its command line', async () => {
    run('npm', ['pack', '--pack-destination', work], packageDir);
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'))!;
    // What was packed: compiled code and declarations, no TypeScript sources.
    const listing = run('tar', ['-tzf', path.join(work, tarball)], work);
    assert.match(listing, /package\/dist\/index\.js/);
    assert.match(listing, /package\/dist\/index\.d\.ts/);
    assert.doesNotMatch(listing, /package\/src\//);
    assert.equal(JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).exports['.'], './src/index.ts', 'the workspace manifest is put back');

    const project = path.join(work, 'site');
    mkdirSync(project);
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({ name: 'fresh-docs', private: true, type: 'module', dependencies: { astro: rootManifest.devDependencies.astro, 'astro-docs-json': `file:../${tarball}` } }),
    );
    writeFileSync(
      path.join(project, 'astro.config.mjs'),
      "import { defineConfig } from 'astro/config';\nimport docsJson from 'astro-docs-json';\nexport default defineConfig({ site: 'https://docs.example.com', integrations: [docsJson()] });\n",
    );
    writeFileSync(path.join(project, 'docs.json'), JSON.stringify({ name: 'Fresh', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages: ['index'] }] } }));
    writeFileSync(path.join(project, 'index.mdx'), '---\ntitle: Welcome\n---\n\n<Note>Installed from its tarball.</Note>\n');
    run('npm', ['install', '--no-package-lock'], project);

    const bin = path.join(project, 'node_modules', 'astro-docs-json', 'bin', 'astro-docs-json.js');
    assert.match(run(process.execPath, [bin, 'check', '.'], project), /docs\.json is valid: 0 errors and 0 warnings/);
    run(process.execPath, [path.join(project, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'], project);
    assert.match(readFileSync(path.join(project, 'dist', 'index.html'), 'utf8'), /Installed from its tarball\./);
    // A site with no API has no OpenAPI spec: by Mintlify's measure, that is the one check it fails.
    const scored = run(process.execPath, [bin, 'score', 'dist'], project);
    assert.deepEqual(scored.match(/^✗ \S+/gm), ['✗ openApiSpec']);
    assert.match(scored, /Score: 94\/100 \(3 checks need a server/);
    // The MCP server over stdio, as an editor starts it, driven by the SDK's client.
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', 'dist'], cwd: project, stderr: 'pipe' }));
    const found = (await client.callTool({ name: 'search_docs', arguments: { query: 'tarball' } })) as { content: Array<{ text: string }> };
    assert.equal(JSON.parse(found.content[0]!.text).results[0]?.url, 'https://docs.example.com/');
    await client.close();

    // A Mintlify repository as it is, with no package.json: the installed command builds it,
    // validates it and serves it, writing nothing into it but the site it builds.
    const repo = path.join(work, 'mintlify-repo');
    mkdirSync(repo);
    writeFileSync(path.join(repo, 'docs.json'), JSON.stringify({ name: 'Bare', navigation: { pages: ['index'] } }));
    writeFileSync(path.join(repo, 'index.mdx'), '---\ntitle: Bare\n---\n\n<Card title="No project">Built by the command alone.</Card>\n');
    const env = { XDG_CACHE_HOME: path.join(work, 'cache') };
    const built = run(process.execPath, [bin, 'build', '--site', 'https://bare.example.com'], repo, env);
    assert.match(readFileSync(path.join(repo, 'dist', 'index.html'), 'utf8'), /Built by the command alone\./);
    // Progress where output is kept, not a line per file.
    assert.match(built, /^ {2}\d+ of \d+ files rendered \(100%\) · search index: 1 of 1 pages$/m);
    assert.doesNotMatch(built, /├─/);
    assert.match(run(process.execPath, [bin, 'validate'], repo, env), /docs\.json is valid/);
    const dev = spawn(process.execPath, [bin, 'dev', '--port', '4392'], { cwd: repo, env: { ...process.env, ...env } });
    try {
      const page = () => fetch('http://127.0.0.1:4392/').then((response) => response.text()).catch(() => '');
      assert.match(await until(page, /Built by the command alone/), /Built by the command alone/);
      writeFileSync(path.join(repo, 'index.mdx'), '---\ntitle: Bare\n---\n\nEdited while served.\n');
      assert.match(await until(page, /Edited while served/), /Edited while served/);
    } finally {
      dev.kill('SIGTERM');
    }
    assert.deepEqual(readdirSync(repo).sort(), ['dist', 'docs.json', 'index.mdx']);

    // The checks a team's CI runs, and a starter that passes them.
    writeFileSync(path.join(repo, 'index.mdx'), '---\ntitle: Bare\n---\n\n[Gone](/gone)\n\n![](/images/x.png)\n');
    const links = spawnSync(process.execPath, [bin, 'broken-links'], { cwd: repo, encoding: 'utf8' });
    assert.equal(links.status, 1);
    assert.match(links.stdout, /index\.mdx:5 `\/gone`\n {2}leads to no page/);
    const a11y = spawnSync(process.execPath, [bin, 'a11y'], { cwd: repo, encoding: 'utf8' });
    assert.equal(a11y.status, 1);
    assert.match(a11y.stdout, /index\.mdx:7 image `\/images\/x\.png` has no alt text/);
    const starter = path.join(work, 'starter');
    assert.match(run(process.execPath, [bin, 'new', starter, '--name', 'Starter'], work), /Wrote a starter for "Starter"/);
    run(process.execPath, [bin, 'build'], starter, env);
    assert.match(readFileSync(path.join(starter, 'dist', 'api-reference', 'list-projects.html'), 'utf8'), /List projects/);
    assert.match(run(process.execPath, [bin, 'broken-links', '--check-anchors'], starter), /No broken links/);
    assert.match(run(process.execPath, [bin, 'export', '--output', path.join(work, 'starter.zip')], starter, env), /Exported \d+ files/);
    assert.match(run('unzip', ['-l', path.join(work, 'starter.zip')], work), /quickstart\.html/);
  });
});
