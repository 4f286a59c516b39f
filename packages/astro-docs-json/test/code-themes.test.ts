import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeToHtml, createHighlighter } from 'shiki';
import { resolveCodeTheme } from '../src/core/html/code-themes.ts';
import { loadSite } from '../src/core/site/load-site.ts';
import { makeDocs } from './helpers.ts';

const GRAMMAR = JSON.stringify({ name: 'Tiny', scopeName: 'source.tiny', fileTypes: ['tny'], patterns: [{ match: '\\bgo\\b', name: 'keyword.control.tiny' }] });
const noFiles = () => {
  throw Object.assign(new Error('no such file'), { code: 'ENOENT' });
};

describe('code block themes', () => {
  it('are light and dark by default and for "system", dark alone for "dark"', () => {
    for (const setting of [undefined, 'system'] as const) {
      const { theme, issues } = resolveCodeTheme(setting, '/docs');
      assert.deepEqual(theme.themes, { light: 'github-light', dark: 'github-dark' });
      assert.equal(theme.theme, undefined);
      assert.deepEqual(issues, []);
    }
    assert.equal(resolveCodeTheme('dark', '/docs').theme.theme, 'github-dark');
  });

  it('take a Shiki theme by name, one for both modes or one per mode', () => {
    assert.equal(resolveCodeTheme('nord', '/docs').theme.theme, 'nord');
    assert.equal(resolveCodeTheme({ theme: 'nord' }, '/docs').theme.theme, 'nord');
    assert.deepEqual(resolveCodeTheme({ theme: { light: 'min-light', dark: 'vitesse-dark' } }, '/docs').theme.themes, { light: 'min-light', dark: 'vitesse-dark' });
  });

  it('warn about a theme Shiki does not know, naming its place, and use the default in its place', () => {
    const single = resolveCodeTheme('github-lite', '/docs');
    assert.deepEqual(single.theme.themes, { light: 'github-light', dark: 'github-dark' });
    assert.deepEqual(single.issues.map((issue) => [issue.code, issue.at.join('.')]), [['unknown-code-theme', 'styling.codeblocks']]);
    assert.match(single.issues[0]!.hint!, /github-light/);
    const pair = resolveCodeTheme({ theme: { light: 'min-light', dark: 'nope' } }, '/docs');
    assert.deepEqual(pair.theme.themes, { light: 'min-light', dark: 'github-dark' });
    assert.deepEqual(pair.issues.map((issue) => issue.at.join('.')), ['styling.codeblocks.theme.dark']);
  });

  it('colour css-variables themes with the --mint-* variables', async () => {
    const { theme } = resolveCodeTheme('css-variables', '/docs');
    assert.equal(typeof theme.theme, 'object');
    const html = await codeToHtml('const a = "b"; // c', { lang: 'js', theme: theme.theme! });
    assert.match(html, /var\(--mint-token-keyword\)/);
    assert.match(html, /var\(--mint-token-comment\)/);
    assert.match(html, /var\(--mint-color-text\)/);
    assert.doesNotMatch(html, /--mint-foreground/);
  });

  it("read the docs folder's grammars as languages, by their name, file name and file types", async () => {
    const { theme, issues } = resolveCodeTheme({ languages: { custom: ['/languages/tiny-lang.json'] } }, '/docs', (file) => {
      assert.equal(file, '/docs/languages/tiny-lang.json');
      return GRAMMAR;
    });
    assert.deepEqual(issues, []);
    assert.deepEqual(theme.languageNames, ['tiny', 'tiny-lang', 'tny']);
    const highlighter = await createHighlighter({ themes: ['github-light'], langs: theme.langs });
    const html = highlighter.codeToHtml('go home', { lang: 'tny', theme: 'github-light' });
    highlighter.dispose();
    assert.match(html, /<span style="color:#D73A49">go<\/span>/);
  });

  it('warn about a grammar that cannot be read or is not one, and one outside the docs folder', () => {
    const { theme, issues } = resolveCodeTheme({ languages: { custom: ['missing.json', '../outside.json', 'list.json'] } }, '/docs', (file) => (file.endsWith('list.json') ? '[]' : noFiles()));
    assert.deepEqual(theme.langs, []);
    assert.deepEqual(issues.map((issue) => [issue.code, issue.at.join('.')]), [
      ['custom-language', 'styling.codeblocks.languages.custom.0'],
      ['custom-language', 'styling.codeblocks.languages.custom.1'],
      ['custom-language', 'styling.codeblocks.languages.custom.2'],
    ]);
    assert.match(issues[0]!.message, /no such file/);
  });

  it('change their digest with the theme and with a grammar', () => {
    const digest = (setting: Parameters<typeof resolveCodeTheme>[0], grammar = GRAMMAR) => resolveCodeTheme(setting, '/docs', () => grammar).theme.digest;
    assert.notEqual(digest('nord'), digest('dark'));
    const custom = { languages: { custom: ['a.json'] } };
    assert.notEqual(digest(custom), digest(custom, GRAMMAR.replace('go', 'run')));
    assert.equal(digest(custom), digest(custom));
  });

  it('reach the site, whose custom languages are no unknown language, and whose unknown theme is located in docs.json', async () => {
    const dir = makeDocs({
      'docs.json': { name: 'Code', styling: { codeblocks: { theme: 'nope', languages: { custom: ['/tiny.json'] } } }, navigation: { pages: ['index'] } },
      'tiny.json': GRAMMAR,
      'index.mdx': '---\ntitle: Home\n---\n\n```tiny\ngo\n```\n\n```tny\ngo\n```\n',
    });
    const site = await loadSite(dir);
    assert.deepEqual(site.codeTheme.languageNames, ['tiny', 'tny']);
    assert.equal(site.diagnostics.filter((d) => d.code === 'unknown-language').length, 0);
    const unknown = site.diagnostics.find((d) => d.code === 'unknown-code-theme')!;
    assert.equal(unknown.file, 'docs.json');
    assert.equal(unknown.path, 'styling.codeblocks.theme');
    assert.ok(unknown.line);
  });
});
