/**
 * The command line's usage text, written from the list of commands and flags, so that it
 * cannot drift from what the commands take.
 */
import { FLAGS, type FlagName } from './flags.ts';
import type { Command } from './commands.ts';

const WIDTH = 100;
const DESCRIPTION_COLUMN = 26;

const GROUP_HEADINGS: Record<Command['group'], string> = {
  'docs folder': 'Commands, in the docs folder (DIR defaults to the current folder; no Astro project needed):',
  'project or built site': 'Commands of an Astro project or a built site:',
};

/** A flag as the usage writes it: `--port N`, `--open`. */
export function flagSynopsis(name: FlagName): string {
  const flag = FLAGS[name];
  return 'value' in flag ? `--${name} ${flag.value}` : `--${name}`;
}

/** A command's line: its name, folders, required flags, then `[--optional]` ones. */
export function commandSynopsis(command: Command): string {
  const required = command.required ?? [];
  return [
    command.name,
    command.folders,
    ...required.map(flagSynopsis),
    ...command.flags.filter((flag) => !required.includes(flag)).map((flag) => `[${flagSynopsis(flag)}]`),
  ]
    .filter(Boolean)
    .join(' ');
}

/** Words laid into lines of at most `width` characters, every line after the first indented. */
function wrap(text: string, width: number, indent: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = `${' '.repeat(indent)}${word}`;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

function commandLines(command: Command): string[] {
  const synopsis = wrap(commandSynopsis(command), WIDTH - 2, command.name.length + 1).map((line) => `  ${line}`);
  const description = wrap(command.summary, WIDTH + 2 - DESCRIPTION_COLUMN, 0).map((line) => `${' '.repeat(DESCRIPTION_COLUMN)}${line}`);
  const last = synopsis.at(-1)!;
  // A short synopsis shares its line with the description's first line.
  if (synopsis.length === 1 && last.length < DESCRIPTION_COLUMN - 1) return [`${last.padEnd(DESCRIPTION_COLUMN)}${description[0]!.trimStart()}`, ...description.slice(1)];
  return [...synopsis, ...description];
}

export function usageText(commands: readonly Command[]): string {
  const groups = Object.entries(GROUP_HEADINGS).map(([group, heading]) => [
    heading,
    ...commands.filter((command) => command.group === group).flatMap(commandLines),
  ]);
  return [
    'Usage: astro-docs-json <command> [options]',
    '',
    ...groups.flatMap((lines) => [...lines, '']),
    'Options:',
    '  -h, --help              Show this help.',
    '  -v, --version           Show the version.',
    '',
  ].join('\n');
}
