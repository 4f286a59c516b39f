/**
 * The `astro-docs-json` command line: reads the arguments, checks them against the command's
 * entry (`commands.ts`), and runs it.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { COMMANDS, type Command } from './commands.ts';
import { parseArgsOptions, type FlagValues } from './flags.ts';
import { flagSynopsis, usageText } from './usage.ts';

const USAGE = usageText(COMMANDS);

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: parseArgsOptions() });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const values = parsed.values as FlagValues;
  const [name, ...folders] = parsed.positionals;
  if (values.version) {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  if (values.help || name === 'help' || name === undefined) {
    process.stdout.write(USAGE);
    return name === undefined && !values.help ? 2 : 0;
  }
  const command = COMMANDS.find((entry) => entry.name === name);
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n\n${USAGE}`);
    return 2;
  }
  const problem = flagProblem(command, values) ?? folderProblem(command, folders);
  if (problem) {
    process.stderr.write(`${problem}\n\n${USAGE}`);
    return 2;
  }
  return command.run(folders, values);
}

/** A flag the command does not take, or one it needs and was not given. */
function flagProblem(command: Command, values: FlagValues): string | undefined {
  const given = Object.keys(values).filter((key) => values[key as keyof FlagValues] !== undefined);
  const stray = given.filter((key) => !(command.flags as readonly string[]).includes(key));
  if (stray.length) {
    const takes = command.flags.map((flag) => `--${flag}`).join(', ') || 'no options';
    return `"${command.name}" takes ${takes}; not ${stray.map((key) => `--${key}`).join(', ')}.`;
  }
  const missing = (command.required ?? []).filter((flag) => values[flag] === undefined);
  return missing.length ? `"${command.name}" needs ${missing.map(flagSynopsis).join(' ')}.` : undefined;
}

function folderProblem(command: Command, folders: string[]): string | undefined {
  if (command.folders === 'PART_DIST...') return folders.length ? undefined : `"${command.name}" takes the folders of the parts to merge.`;
  if (command.folders === '') return folders.length ? `"${command.name}" takes no folder; given: ${folders.join(' ')}.` : undefined;
  return folders.length > 1 ? `"${command.name}" takes one folder; also given: ${folders.slice(1).join(' ')}.` : undefined;
}

// `astro-docs-json routes | head` closes the pipe early: the reader has what it wanted.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  // Bad input never gets here: it is reported as diagnostics. This is a bug of ours.
  process.stderr.write(
    `astro-docs-json failed unexpectedly: ${(error as Error).message}\n` +
      'This is a bug in astro-docs-json, not a problem of your docs. Please report it to the project with the command you ran, ' +
      'this message, and the stack trace that `DEBUG=1` prints when you run the command again.\n',
  );
  if (process.env.DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
  process.exitCode = 1;
}
