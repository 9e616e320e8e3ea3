/**
 * **The command's fast start**: the command lines answered before anything else is loaded:
 * `--version` (or `-V`) alone, the quick counts (quick-count.ts: n up to 16, on the calling
 * thread, by the canonical search or the join), and `--help` (or `-h`) alone, which main.ts
 * answers from the table of commands. Every other command line returns undefined here and goes
 * to main.ts.
 *
 * The build also bundles this module, with everything it imports statically, into one CommonJS
 * file, dist/cli/fast-start.cjs (scripts/bundle-start.mjs), which bin/nqueens.js runs first:
 * Node starts its ES module loader for the first ES module a process imports, and the fifteen
 * modules of a small count loaded as ES modules took 20 ms of CPU more than the same code as one
 * CommonJS file, as much as the count of 12 itself; the join's fifty, 80 ms more
 * (docs/notes/2026-12-07-fast-start.md). The join's counts are bundled apart
 * (dist/cli/quick-join.cjs, quick-join.ts), because 120 KB more to read would cost every other
 * fast start 10 to 20 ms; the program for `--help` (main.ts, commander) is in this bundle, run
 * only when help is asked for. What else the bundles import on demand (the commands, threads,
 * checkpoints, the error wording) stays in dist/'s ES modules, which no command line of the fast
 * start reaches but for an error's wording.
 */

import { QUICK_N } from "../limits.js";
import { helpOnly } from "./commands.js";
import { failedOutput } from "./exit-status.js";
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
  if (small === undefined) return undefined;
  // The join's counts from a bundle of their own (quick-join.ts); the canonical search's here.
  if (small.n > QUICK_N) return await (await import("./quick-join.js")).runQuickJoin(small);
  return await runQuickCount(small);
}
