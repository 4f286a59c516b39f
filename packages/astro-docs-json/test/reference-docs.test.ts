/**
 * The reference pages of the example site, which is the project's documentation, keep up
 * with the code: every option of the integration's zod schema has its entry, a heading that
 * is the option's name in backticks (``### `strict` ``), and the page has no entry for an
 * option that is gone. `headingsOf` reads any page this way, so that the command line's
 * reference (`reference/cli.mdx`, whose headings are ``### `build` ``) can be checked against
 * the list of commands the same way.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';
import { optionsSchema } from '../src/options.ts';
import { COMMANDS } from '../src/cli/commands.ts';

const REFERENCE = fileURLToPath(new URL('../../../example-site/reference/', import.meta.url));

/**
 * The names of a page's headings that are one name in backticks and nothing else
 * (``## `dir` ``, ``### `broken-links` ``), outside fenced code blocks.
 */
export function headingsOf(pagePath: string): Set<string> {
  const names = new Set<string>();
  let fence: string | undefined;
  for (const line of readFileSync(pagePath, 'utf8').split('\n')) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const name = /^#{1,6}\s+`([^`]+)`\s*$/.exec(line)?.[1];
    if (name !== undefined) names.add(name);
  }
  return names;
}

describe('headingsOf', () => {
  it('takes the headings that are one name in backticks, and none in code blocks', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'reference-docs-'));
    try {
      const page = path.join(folder, 'page.mdx');
      writeFileSync(
        page,
        ['# `top`', '## Plain words', '### `dir`', '### `og:*` and more', 'Text with `strict` in it.', '```md', '### `in-code`', '```', '#### `broken-links` ', ''].join('\n'),
      );
      assert.deepEqual([...headingsOf(page)].sort(), ['broken-links', 'dir', 'top']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('the options reference (example-site/reference/options.mdx)', () => {
  const options = Object.keys(optionsSchema.shape);
  const headings = headingsOf(path.join(REFERENCE, 'options.mdx'));

  it('has a heading for every option of the integration', () => {
    const missing = options.filter((option) => !headings.has(option));
    assert.deepEqual(missing, [], `options with no \`### \`name\`\` heading in reference/options.mdx: ${missing.join(', ')}`);
  });

  it('has no heading for an option the integration does not take', () => {
    const stale = [...headings].filter((heading) => !options.includes(heading));
    assert.deepEqual(stale, [], `headings of reference/options.mdx that are no option: ${stale.join(', ')}`);
  });
});

describe('the command line reference (example-site/reference/cli.mdx)', () => {
  const page = readFileSync(path.join(REFERENCE, 'cli.mdx'), 'utf8');
  const headings = headingsOf(path.join(REFERENCE, 'cli.mdx'));
  /** A command's entry: from its heading to the next heading of its level or above. */
  const entryOf = (name: string) => page.split(/^#{2,3} /m).find((part) => part.startsWith(`\`${name}\``)) ?? '';

  it('has a heading for every command, and none for a command there is not', () => {
    const names = COMMANDS.map((command) => command.name);
    assert.deepEqual(names.filter((name) => !headings.has(name)), [], 'commands with no heading');
    assert.deepEqual([...headings].filter((heading) => !names.includes(heading)), [], 'headings that are no command');
  });

  it('names every flag of a command in its entry', () => {
    const missing = COMMANDS.flatMap((command) => command.flags.filter((flag) => !entryOf(command.name).includes(`--${flag}`)).map((flag) => `${command.name} --${flag}`));
    assert.deepEqual(missing, []);
  });
});
