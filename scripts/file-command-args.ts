// Argument parsing shared by the one-FILE commands (`npm run import -- FILE`, `npm run export -- FILE`).
import { parseArgs, type ParseArgsConfig } from 'node:util';

export type FileCommandArgs =
  { exitCode: number } | { values: Record<string, string | boolean | undefined>; file: string; baseDir: string };

/**
 * Parses `[options] FILE`: --help prints the usage (exit 0); a bad option or not exactly one FILE
 * prints it to stderr (exit 1). `baseDir` is where the user typed the command: `npm run X` runs in
 * the package root, so a relative FILE is resolved against INIT_CWD.
 */
export function parseFileCommand(
  script: string,
  usage: string,
  options: ParseArgsConfig['options'] = {},
): FileCommandArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
    });
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return { exitCode: 1 };
  }
  if (parsed.values.help) {
    console.log(usage);
    return { exitCode: 0 };
  }
  if (parsed.positionals.length !== 1) {
    console.error(usage);
    return { exitCode: 1 };
  }
  const baseDir =
    process.env.npm_lifecycle_event === script && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();
  return {
    values: parsed.values as Record<string, string | boolean | undefined>,
    file: parsed.positionals[0]!,
    baseDir,
  };
}
