/**
 * Which of the process's Node flags a counting thread inherits.
 *
 * A worker thread inherits `process.execArgv` unless told otherwise, and some flags make no
 * sense in a thread or break it: `node --input-type=module` (a thread's entry is a file, so
 * Node refuses with ERR_INPUT_TYPE_NOT_ALLOWED), `-e`/`-p` and their code, the test runner's
 * `--test*`, `--watch*`, the REPL's `-i`, and loaders and preloads (`--import`, `--loader`,
 * `--require`: a test framework's or tsx's hooks are for the caller's files, not for the built
 * worker script). Everything else (memory limits, warnings, source maps) is kept.
 */

/** Flags dropped together with the value that follows them when it is not joined by `=`. */
const WITH_VALUE = new Set([
  "--input-type",
  "-e",
  "--eval",
  "-p",
  "--print",
  "--import",
  "--loader",
  "--experimental-loader",
  "-r",
  "--require",
  "--test-name-pattern",
  "--test-reporter",
  "--test-reporter-destination",
  "--test-concurrency",
  "--test-shard",
  "--test-skip-pattern",
  "--test-timeout",
  "--watch-path",
]);

/** Flags dropped alone (or with a joined `=value`). */
const ALONE =
  /^(--test(-[a-z-]+)?|--experimental-test-[a-z-]+|--watch(-preserve-output)?|-i|--interactive|--experimental-default-type|--experimental-detect-module)$/;

/**
 * The flags of `argv` (default: `process.execArgv`) that a worker thread may inherit.
 * @example threadExecArgv(["--input-type=module", "--max-old-space-size=4096"]) // ["--max-old-space-size=4096"]
 * @example threadExecArgv(["--import", "tsx", "--no-warnings"]) // ["--no-warnings"]
 */
export function threadExecArgv(argv: readonly string[] = process.execArgv): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const name = flag.split("=", 1)[0]!;
    if (WITH_VALUE.has(name)) {
      if (!flag.includes("=")) i++; // its value is the next word
      continue;
    }
    if (ALONE.test(name)) continue;
    out.push(flag);
  }
  return out;
}
