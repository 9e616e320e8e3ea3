/**
 * `nqueens count N` for the small n that the library counts at once on the calling thread (up to
 * `QUICK_N` by its canonical search, no thread, no kernel; up to `MAX_JOIN_INLINE_N` by the join,
 * inline), without loading commander or the count command's modules: the process's start-up was
 * most of such a count's time (docs/notes/2026-12-07-small-counts.md).
 *
 * Only the plainest command lines take this way: `count N`, N written as digits, with at most
 * once each `-u`/`--unique`, `--json`, and flags that leave such a count as it is (`FLAGS`), no
 * queue in the environment. What they print is what count.ts prints for them (the same
 * printCount), less the progress bar that a terminal would show for the moment of the count (a
 * third of a second at most). Any other command line goes through commander.
 */

import { count } from "../engine/light.js";
import { MAX_JOIN_INLINE_N, QUICK_N } from "../limits.js";
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

/**
 * The flags a quick count may carry, each at most once, by the name count.ts gives them, with the
 * values that leave the count as it is: `--method auto`, or the method the quick count uses for
 * n (the join past QUICK_N: `npm run bench` names it); `--backend cpu` (a quick count is on the
 * CPU); `--no-progress` (a quick count draws no bar).
 */
const FLAGS: ReadonlyMap<string, string> = new Map([
  ["-u", "unique"],
  ["--unique", "unique"],
  ["--json", "json"],
  ["--no-progress", "progress"],
  ["-m", "method"],
  ["--method", "method"],
  ["-b", "backend"],
  ["--backend", "backend"],
]);

/** Whether `value` of the flag `name` leaves a quick count of n as it is. */
function keeps(name: string, value: string | undefined, n: number): boolean {
  if (name === "method") return value === "auto" || (value === "join" && n > QUICK_N);
  return name !== "backend" || value === "cpu";
}

/** The quick count `argv` asks for, or undefined when commander should read it. */
export function quickCountOf(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): QuickCount | undefined {
  if (argv[0] !== "count" || (env[QUEUE_ENV] ?? "") !== "") return undefined;
  const nText = argv[1] ?? "";
  if (!/^[1-9][0-9]?$/.test(nText)) return undefined;
  const n = Number(nText);
  if (n > QUICK_CLI_N) return undefined;
  const seen = new Set<string>();
  for (let i = 2; i < argv.length; i++) {
    const name = FLAGS.get(argv[i]);
    if (name === undefined || seen.has(name)) return undefined;
    seen.add(name);
    if (name === "method" || name === "backend") {
      i++;
      if (!keeps(name, argv[i], n)) return undefined;
    }
  }
  return { n, unique: seen.has("unique"), json: seen.has("json") };
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
