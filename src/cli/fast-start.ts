/**
 * **The command's fast start**: the command lines answered before anything else is loaded:
 * `--version` (or `-V`) alone, the quick counts (quick-count.ts) up to QUICK_N, which the library
 * counts by its canonical search with nothing imported on demand, and `--help` (or `-h`) alone,
 * which main.ts answers from the table of commands. Every other command line returns undefined
 * here and goes to main.ts (the quick counts of the join, n = 15 and 16, too).
 *
 * The build also bundles this module, with everything it imports statically, into one CommonJS
 * file, dist/cli/fast-start.cjs (scripts/bundle-start.mjs), which bin/nqueens.js runs first:
 * Node starts its ES module loader for the first ES module a process imports, and the fifteen
 * modules of a small count loaded as ES modules took 20 ms of CPU more than the same code as one
 * CommonJS file, as much as the count of 12 itself (docs/notes/2026-12-07-fast-start.md). The
 * program for `--help` (main.ts, commander) is in the bundle too, run only when help is asked
 * for; what else the bundle imports on demand (the commands, the error wording) stays in dist/'s
 * ES modules.
 */
import { QUICK_N } from "../limits.js";
import { helpOnly } from "./commands.js";
import { failedOutput, statusOf } from "./exit-status.js";
import { stdout } from "./output.js";
import { quickCountOf, runQuickCount } from "./quick-count.js";
import { version } from "./version.js";

/** `nqueens -V` or `nqueens --version`, and nothing else. */
const versionOnly = (argv: readonly string[]) =>
  argv.length === 1 && (argv[0] === "-V" || argv[0] === "--version");

/**
 * Runs the command line `argv` (without node and the script) when it is one of the fast start's,
 * and resolves to its exit status; else resolves to undefined, having printed and loaded nothing.
 */
export async function fastStart(argv: readonly string[]): Promise<number | undefined> {
  if (versionOnly(argv)) {
    // What commander prints for the version (main.ts), and how.
    const out = stdout();
    try {
      void out.text(`${version()}\n`)?.catch(() => {});
      await out.end();
      return 0;
    } catch (e) {
      return failedOutput(e);
    }
  }
  if (helpOnly(argv)) return await (await import("./main.js")).main(argv);
  const small = quickCountOf(argv);
  if (small === undefined || small.n > QUICK_N) return undefined;
  const out = stdout(); // from here on a closed or failed stdout is an error value, not a crash
  try {
    await runQuickCount(small);
    await out.end();
    return 0;
  } catch (e) {
    return await statusOf(e, out);
  }
}
