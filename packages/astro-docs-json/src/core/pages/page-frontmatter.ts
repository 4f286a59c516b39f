/**
 * A page's frontmatter read from its text: YAML as Mintlify reads it, checked against the
 * frontmatter schema, each problem at its line; frontmatters of the same text read once.
 */
import type * as z from 'zod';
import { formatJsonPath, type Diagnostic } from '../diagnostics.ts';
import { splitFrontmatter } from '../markdown/frontmatter.ts';
import { MAX_ALIAS_COUNT, readFrontmatterYaml, type NotStrictYaml, type UnreadYaml } from '../markdown/frontmatter-yaml.ts';
import { MAX_FRONTMATTER_BYTES, overLimit } from '../markdown/limits.ts';
import { frontmatterSchema, type Frontmatter } from '../schema/frontmatter.ts';

/**
 * Reads a page's frontmatter. Bad YAML is an error with its line; a known key with a
 * value of the wrong type is a warning, and the key is ignored.
 */
export function parseFrontmatter(file: string, source: string): { frontmatter: Frontmatter; diagnostics: Diagnostic[] } {
  const { yaml } = splitFrontmatter(source);
  if (yaml === undefined || yaml.trim() === '') return { frontmatter: {}, diagnostics: [] };
  let read = frontmatterByText.get(yaml);
  if (!read) {
    read = readFrontmatter(file, yaml);
    if (frontmatterByText.size >= FRONTMATTER_KEPT) frontmatterByText.delete(frontmatterByText.keys().next().value!);
    frontmatterByText.set(yaml, read);
  }
  // Each page its own copy, and its own file in its problems.
  return { frontmatter: structuredClone(read.frontmatter), diagnostics: read.diagnostics.map((diagnostic) => ({ ...diagnostic, file })) };
}

/**
 * Frontmatters read, by their text: the same page in each version and language of a site
 * has the same one, and YAML is read slowly (at 25,200 pages, 2.8 s of loading). Up to
 * `FRONTMATTER_KEPT` of them, the oldest forgotten first.
 */
const frontmatterByText = new Map<string, { frontmatter: Frontmatter; diagnostics: Diagnostic[] }>();
const FRONTMATTER_KEPT = 20_000;

function readFrontmatter(file: string, yaml: string): { frontmatter: Frontmatter; diagnostics: Diagnostic[] } {
  const bytes = Buffer.byteLength(yaml);
  if (bytes > MAX_FRONTMATTER_BYTES) {
    return {
      frontmatter: {},
      diagnostics: [
        {
          severity: 'error',
          code: 'too-large',
          file,
          line: 1,
          message: `${overLimit('The frontmatter', bytes, MAX_FRONTMATTER_BYTES)} it may be: it is not read.`,
          hint: 'Frontmatter holds a page\'s title, description and settings; move data into the page, or into a file of its own.',
        },
      ],
    };
  }

  const read = readFrontmatterYaml(yaml);
  if ('error' in read) return { frontmatter: {}, diagnostics: [unreadFrontmatter(file, read)] };
  const { data, notStrict } = read;
  const diagnostics: Diagnostic[] = notStrict ? [notStrictFrontmatter(file, notStrict)] : [];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return {
      frontmatter: {},
      diagnostics: [
        ...diagnostics,
        { severity: 'warning', code: 'invalid-frontmatter', file, line: 2, message: 'The frontmatter is not a set of `key: value` pairs; it is ignored.' },
      ],
    };
  }

  const record = { ...(data as Record<string, unknown>) };
  const result = frontmatterSchema.safeParse(record);
  if (result.success) return { frontmatter: result.data, diagnostics };
  for (const issue of result.error.issues) {
    const key = String(issue.path[0]);
    // A key is reported once, by its first problem: a list may hold several bad items.
    if (!Object.hasOwn(record, key)) continue;
    diagnostics.push({
      severity: 'warning',
      code: 'invalid-frontmatter',
      file,
      message: `The frontmatter's \`${key}\` is ${JSON.stringify(record[key])}, which is not a valid value; it is ignored.`,
      hint: frontmatterHint(issue),
    });
    delete record[key];
  }
  return { frontmatter: frontmatterSchema.parse(record), diagnostics };
}

/** What a frontmatter value takes, for the field that is wrong (`keywords[1]` in a list). */
function frontmatterHint(issue: z.core.$ZodIssue): string {
  const types = expectedTypes(issue);
  if (!types) return issue.message;
  const field = formatJsonPath(issue.path.map((part) => (typeof part === 'number' ? part : String(part))));
  return `\`${field}\` takes ${types.map((type) => (type === 'boolean' ? '`true` or `false`' : `a ${type}`)).join(' or ')}.`;
}

/** The types a value is not: one, or each a union may be read from (a title from a string or a number). */
function expectedTypes(issue: z.core.$ZodIssue): string[] | undefined {
  if (issue.code === 'invalid_type') return [issue.expected];
  if (issue.code !== 'invalid_union') return undefined;
  const types = issue.errors.map(([only, ...more]) => (only?.code === 'invalid_type' && only.path.length === 0 && more.length === 0 ? only.expected : undefined));
  return types.every((type) => type !== undefined) ? types : undefined;
}

/** A frontmatter that neither strict YAML nor Mintlify's reading takes, or whose aliases copy too much: an error at its line. */
function unreadFrontmatter(file: string, { error, position, aliases }: UnreadYaml): Diagnostic {
  return {
    severity: 'error',
    code: 'invalid-frontmatter',
    file,
    ...(position ? { line: position.line + 1, column: position.col } : {}),
    message: `The frontmatter is not valid YAML: ${error.split('\n')[0]}`,
    hint: aliases
      ? `Aliases (\`*name\`) may be used up to ${MAX_ALIAS_COUNT} times, counting those inside what an alias copies.`
      : 'Quote values that contain `:` or start with a special character, e.g. title: "Setup: step 1".',
  };
}

/** A frontmatter that strict YAML refuses and Mintlify reads: read as Mintlify does, with a warning at the line strict YAML stops at. */
function notStrictFrontmatter(file: string, { message, position }: NotStrictYaml): Diagnostic {
  return {
    severity: 'warning',
    code: 'lenient-frontmatter',
    file,
    ...(position ? { line: position.line + 1, column: position.col } : {}),
    message: `The frontmatter is not strict YAML (${message}); it is read as Mintlify reads it.`,
    hint: 'Most often a quoted value or a `[...]` list goes on over lines indented no further than its key: indent those lines under the key, or write the value on one line, so that every YAML reader (editors, linters, other tools) takes it.',
  };
}
