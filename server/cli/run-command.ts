import { ConfigError, loadConfig, type Config } from '../config.ts';

/** A command line the command does not understand: said with the usage, exit code 2. */
export class UsageError extends Error {}

/**
 * Runs a command-line tool: reads the configuration (a bad one is said as such, exit 1), runs the
 * command with the arguments, prints what it says; a usage mistake prints the usage (exit 2), any
 * other failure its message without a stack (exit 1).
 */
export async function runCommand(usage: string, run: (args: string[], config: Config, out: (line: string) => void) => Promise<void>): Promise<void> {
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
    await run(process.argv.slice(2), config, (line) => console.log(line));
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${usage}`);
      process.exit(2);
    }
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
