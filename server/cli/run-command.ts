import { parseArgs } from 'node:util';

import { ConfigError, loadConfig, type Config } from '../config.ts';

/** A command line the command does not understand: said with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * The command's words (node:util parseArgs): `--help` (or `-h`) prints the usage, any other option is
 * a usage mistake rather than a word, and `--` ends the options (an email that starts with a dash).
 */
export function commandArgs(argv: string[]): string[] {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  if (parsed.values.help) throw new HelpRequest();
  return parsed.positionals;
}

/** `--help`: the usage on stdout, exit code 0. */
class HelpRequest extends Error {}

/**
 * Runs a command-line tool: reads the configuration (a bad one is said as such, exit 1), runs the
 * command with the arguments, prints what it says; a usage mistake prints the usage (exit 2), any
 * other failure its message without a stack (exit 1).
 */
export async function runCommand(
  usage: string,
  run: (args: string[], config: Config, out: (line: string) => void) => Promise<void>,
): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  try {
    await run(commandArgs(process.argv.slice(2)), config, (line) => console.log(line));
  } catch (err) {
    if (err instanceof HelpRequest) {
      console.log(usage);
      return;
    }
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${usage}`);
      process.exit(2);
    }
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
