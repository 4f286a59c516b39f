/**
 * A frontmatter's YAML, read as strict YAML 1.2 (the `yaml` package) and, where that fails,
 * as Mintlify reads it: with js-yaml (through the `front-matter` package), which takes what
 * strict YAML does not, such as a quoted value whose next lines start at the margin. Version 4
 * of js-yaml reads as Mintlify's version 3 does; version 5 refuses such text as strict YAML
 * does. Its core schema types values as the strict reading does (a date stays a string).
 */
import jsYaml from 'js-yaml';
import { parseDocument, visit } from 'yaml';

/** A position in the YAML text: its line from 1, its column from 1. */
export interface YamlPosition {
  line: number;
  col: number;
}

/** What strict YAML refused in a text that Mintlify's reading took. */
export interface NotStrictYaml {
  message: string;
  position?: YamlPosition;
}

/** A text not read: neither reading takes it (the strict error), or its aliases copy too much (`aliases`). */
export interface UnreadYaml {
  error: string;
  position?: YamlPosition;
  aliases?: true;
}

export type FrontmatterYaml = { data: unknown; notStrict?: NotStrictYaml } | UnreadYaml;

/** How many aliases a frontmatter may expand, in all: the `yaml` package's own default. */
export const MAX_ALIAS_COUNT = 100;

export function readFrontmatterYaml(yaml: string): FrontmatterYaml {
  const document = parseDocument(yaml);
  const strictError = document.errors[0];
  if (!strictError) {
    try {
      // Aliases expand to copies: a few of them nested make a document too large to hold ("billion laughs").
      return { data: document.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) };
    } catch (error) {
      return { error: (error as Error).message, aliases: true, ...position(firstAlias(yaml)) };
    }
  }
  // Its position in the YAML text is said by the diagnostic's, in the file.
  const message = strictError.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
  const at = position(strictError.linePos?.[0]);
  let data: unknown;
  try {
    data = jsYaml.load(yaml, { schema: jsYaml.CORE_SCHEMA });
  } catch {
    return { error: message, ...at };
  }
  if (aliasesExpanded(data) > MAX_ALIAS_COUNT) return { error: `More than ${MAX_ALIAS_COUNT} aliases are expanded`, aliases: true };
  return { data, notStrict: { message, ...at } };
}

const position = (at: YamlPosition | undefined) => (at ? { position: { line: at.line, col: at.col } } : {});

/**
 * How many times the value reuses a list or map it holds elsewhere, counting the reuses
 * inside what is reused, up to one past the limit: js-yaml makes an alias the same object,
 * which every reader after this one (a copy, JSON) expands as the `yaml` package does.
 */
function aliasesExpanded(data: unknown): number {
  const seen = new Set<object>();
  let reused = 0;
  const walk = (value: unknown) => {
    if (typeof value !== 'object' || value === null || reused > MAX_ALIAS_COUNT) return;
    if (seen.has(value)) reused++;
    seen.add(value);
    for (const child of Object.values(value)) walk(child);
  };
  walk(data);
  return reused;
}

/** Where the first alias (`*name`) of a YAML text is, as the `yaml` package gives positions. */
function firstAlias(yaml: string): YamlPosition | undefined {
  let offset: number | undefined;
  try {
    visit(parseDocument(yaml), {
      Alias(_, node) {
        offset = node.range?.[0];
        return visit.BREAK;
      },
    });
  } catch {
    return undefined;
  }
  if (offset === undefined) return undefined;
  const before = yaml.slice(0, offset);
  return { line: before.split('\n').length, col: offset - before.lastIndexOf('\n') };
}
