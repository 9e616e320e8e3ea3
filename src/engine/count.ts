/**
 * `count`: the library's one way to count the solutions of n on this machine's CPU, by any
 * method, with the engine's contract (progress, abort, checkpoints, exact bigint counts).
 * Each method's modules are imported when it counts, so that a count loads only the method it
 * uses (the join's kernels, the constellation search's, or the plain counter's); all but the
 * canonical search's two small modules, which the small counts use: imported with this one, they
 * are in the command's fast start (cli/fast-start.ts), one file that loads no ES module.
 */
import { NQueensError, notAChoice } from "../errors.js";
import { CANONICAL_WASM_N, MAX_INLINE_N, MAX_JOIN_INLINE_N, QUICK_N } from "../limits.js";
import { checkJobOptions, checkOptions, wrongShape } from "../shapes.js";
import { countCanonical } from "./canonical.js";
import { countCanonicalWasm } from "./canonical-wasm.js";
import { COUNT_METHODS, checkMethodN, pickMethod } from "./method.js";
import { CountInterrupted, type CountOptions, type CountResult } from "./types.js";
import { checkWorkers } from "./workers.js";

const METHODS: readonly string[] = [...COUNT_METHODS, "plain"];

/**
 * Counts all solutions of the n-queens problem and those unique up to rotation and reflection,
 * exactly. `auto` (the default) joins half-boards for n = 14 to 27 and searches constellations
 * below and beyond, on every core; `plain` is the single-thread reference counter. n is checked
 * where each way's counter first takes it (`countPlain`; `split` for the constellations;
 * `countJoin` for the join, after the join's own message below), with the method's own limit.
 *
 * Small counts run on the calling thread whatever `workers` says, because they take less time
 * than starting threads: with `auto` and no checkpoint, n up to 14 by the canonical search
 * (canonical.ts, as WebAssembly from n = 11: no split, the answer before another method has
 * started; the result's method is `canonical`); n up to 13 by the constellations, up to 16 by
 * the join (so `auto` up to 16), and every count of `plain`. The result then says `workers: 0`
 * and why, in `onCallingThread` (also `resumed`: the checkpoint held every sub-problem);
 * `workers` is still checked.
 * @param n - the board's size, 1 to 30
 * @param options - the method, the worker threads, a checkpoint file, progress and an abort signal
 *   (see {@link CountOptions})
 * @returns the total and the unique count, with the method, the threads, the sub-problems (resumed
 *   ones too) and the seconds
 * @throws NQueensError (rejects) for options of the wrong shape (`options.signal` not an
 *   AbortSignal, `options.onProgress` not a function), n outside what the method counts (join:
 *   1..27, the others: 1..32), an unknown method, a bad worker count, or a checkpoint that cannot
 *   be used; CountInterrupted when `signal` aborts.
 * @example (await count(8)).total // 92n
 * @example await count(18, { workers: 2, onProgress: (p) => console.log(p.done, p.total) })
 * @example (await count(12, { workers: 2 })).onCallingThread // "small": 14200 solutions, no threads
 */
export async function count(n: number, options: CountOptions = {}): Promise<CountResult> {
  checkJobOptions(checkOptions(options, "count"), "count");
  if (options.checkpoint !== undefined && typeof options.checkpoint !== "string") {
    throw wrongShape("count", "options.checkpoint", "a file name", options.checkpoint);
  }
  if (options.workers !== undefined) checkWorkers(options.workers);
  const method = options.method ?? "auto";
  if (!METHODS.includes(method)) {
    throw notAChoice("method", method, METHODS);
  }
  if (method === "plain") {
    if (options.checkpoint !== undefined) {
      throw new NQueensError(
        'method "plain" keeps no checkpoint: use "join" or "constellations"',
        "conflicting-options",
        { option: "method", value: "plain", other: "checkpoint" },
      );
    }
    return inline(n, "plain", options, (await import("./plain.js")).countPlain);
  }
  if (method === "auto" && options.checkpoint === undefined && quick(n)) {
    const counter = n >= CANONICAL_WASM_N ? countCanonicalWasm : countCanonical;
    return inline(n, "canonical", options, counter);
  }
  checkMethodN(n, method);
  const chosen = pickMethod(n, method);
  const r =
    chosen === "join"
      ? await (await import("./join/index.js")).countJoin(n, options)
      : await (await import("./constellations/count.js")).countFast(n, options);
  if (r.workers > 0) return { ...r, method: chosen };
  const small = n <= (chosen === "join" ? MAX_JOIN_INLINE_N : MAX_INLINE_N);
  return { ...r, method: chosen, onCallingThread: small ? "small" : "resumed" };
}

/** `quick(n)`: whether `auto` counts n by the canonical search (an integer, 1 to QUICK_N). */
const quick = (n: number) => Number.isInteger(n) && n >= 1 && n <= QUICK_N;

/**
 * A count by a single-thread counter as one sub-problem: progress at its start and end, abort
 * before it; `onCallingThread` says why no thread counted.
 */
function inline(
  n: number,
  method: "plain" | "canonical",
  options: CountOptions,
  counter: (n: number) => { total: bigint; unique: bigint },
): CountResult {
  if (options.signal?.aborted) throw new CountInterrupted(0, 1);
  options.onProgress?.({ done: 0, total: 1, solutions: 0n });
  const start = performance.now();
  const { total, unique } = counter(n);
  options.onProgress?.({ done: 1, total: 1, solutions: total });
  const seconds = (performance.now() - start) / 1000;
  return {
    n,
    total,
    unique,
    seconds,
    subProblems: 1,
    resumed: 0,
    workers: 0,
    method,
    onCallingThread: method === "plain" ? "plain" : "small",
  };
}
