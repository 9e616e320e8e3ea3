/**
 * `nqueens count N` for the small n that the library counts at once on the calling thread (up to
 * `QUICK_N` by its canonical search, no thread, no kernel; up to `MAX_JOIN_INLINE_N` by the join,
 * inline), without loading commander or the count command's modules: the process's start-up was
 * most of such a count's time (docs/notes/2026-12-07-small-counts.md).
 *
 * Only the plainest command lines take this way: `count N`, with `-u`/`--unique` and `--json` at
 * most once each, N written as digits, no queue in the environment. What they print is what
 * count.ts prints for them (the same printCount), less the progress bar that a terminal would
 * show for the moment of the count (a third of a second at most). Any other command line goes
 * through commander.
 */

import { count } from "../engine/light.js";
import { MAX_JOIN_INLINE_N } from "../limits.js";
import { printCount, whereCounted } from "./count-result.js";
import { statusOf } from "./exit-status.js";
import { stdout } from "./output.js";

/**
 * The queue's variable (queue/url.ts's QUEUE_ENV): written here, as cli/errors.ts writes the
 * secret's, because the queue's settings are five modules and about 5 ms of a count's CPU
 * (quick-count.test.ts checks the two names are one).
 */
const QUEUE_ENV = "NQUEENS_QUEUE";

/** The largest n this module counts: every n that `count` counts on the calling thread. */
const QUICK_CLI_N = MAX_JOIN_INLINE_N;

/** A command line this module answers: n and the two flags it may carry. */
export interface QuickCount {
  readonly n: number;
  readonly unique: boolean;
  readonly json: boolean;
}

/** The quick count `argv` asks for, or undefined when commander should read it. */
export function quickCountOf(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): QuickCount | undefined {
  if (argv[0] !== "count" || argv.length > 4 || (env[QUEUE_ENV] ?? "") !== "") return undefined;
  const nText = argv[1] ?? "";
  if (!/^[1-9][0-9]?$/.test(nText)) return undefined;
  const n = Number(nText);
  if (n > QUICK_CLI_N) return undefined;
  let unique = false;
  let json = false;
  for (const flag of argv.slice(2)) {
    if ((flag === "-u" || flag === "--unique") && !unique) unique = true;
    else if (flag === "--json" && !json) json = true;
    else return undefined;
  }
  return { n, unique, json };
}

/** Counts and prints as `nqueens count` does; resolves to the exit status. */
export async function runQuickCount(job: QuickCount): Promise<number> {
  const out = stdout(); // from here on a closed or failed stdout is an error value, not a crash
  try {
    const r = await count(job.n);
    const result = { ...r, backend: "cpu" as const };
    await printCount(job.n, result, job, whereCounted(result));
    await out.end();
    return 0;
  } catch (e) {
    return await statusOf(e, out);
  }
}
