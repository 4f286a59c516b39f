/**
 * The flags of the command line, each declared once: how `parseArgs` reads it, and what it
 * is, for the usage and the reference page. A command names the flags it takes
 * (`commands.ts`); a flag given to a command that does not take it is refused.
 */
import type { ParseArgsOptionsConfig } from 'node:util';

interface Flag {
  type: 'string' | 'boolean';
  multiple?: true;
  short?: string;
  /** What the flag's value is, as the usage writes it (`--port N`); none for a switch. */
  value?: string;
}

export const FLAGS = {
  json: { type: 'boolean' },
  strict: { type: 'boolean' },
  docs: { type: 'string', value: 'DIR' },
  terms: { type: 'string', value: 'FILE' },
  port: { type: 'string', value: 'N' },
  jobs: { type: 'string', value: 'FILE' },
  key: { type: 'string', value: 'KEY' },
  fault: { type: 'string', value: 'FAULT' },
  url: { type: 'string', value: 'URL' },
  out: { type: 'string', value: 'DIST' },
  part: { type: 'string', value: 'PART' },
  site: { type: 'string', value: 'URL' },
  open: { type: 'boolean' },
  'related-pages': { type: 'string', value: 'automatic|manual|off' },
  files: { type: 'string', multiple: true, value: 'GLOB...' },
  'check-anchors': { type: 'boolean' },
  'check-redirects': { type: 'boolean' },
  'check-snippets': { type: 'boolean' },
  'check-external': { type: 'boolean' },
  'skip-contrast': { type: 'boolean' },
  'skip-alt-text': { type: 'boolean' },
  'skip-link-names': { type: 'boolean' },
  name: { type: 'string', value: 'NAME' },
  theme: { type: 'string', value: 'THEME' },
  force: { type: 'boolean' },
  output: { type: 'string', value: 'FILE' },
  format: { type: 'string', value: 'table|plain|json' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies Record<string, Flag>;

export type FlagName = keyof typeof FLAGS;

/** The flags' values as `parseArgs` gives them. */
export type FlagValues = { [name in FlagName]?: (typeof FLAGS)[name] extends { multiple: true } ? string[] : (typeof FLAGS)[name]['type'] extends 'boolean' ? boolean : string };

/** The flags in `parseArgs`'s terms: its own keys alone. */
export function parseArgsOptions(): ParseArgsOptionsConfig {
  return Object.fromEntries(
    Object.entries(FLAGS).map(([name, flag]: [string, Flag]) => [name, { type: flag.type, ...(flag.multiple ? { multiple: true } : {}), ...(flag.short ? { short: flag.short } : {}) }]),
  );
}
