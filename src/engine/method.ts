/**
 * Choosing the CPU counting method: the constellation search (constellations/) or the join
 * of half-boards (join/). Both give the same counts; `auto` takes the one measured faster for n on
 * this project's 2-core machine (docs/counting.md).
 */
import { NQueensError } from "../errors.js";
import { MAX_JOIN_N } from "../limits.js";

/** The methods `nqueens count --method` takes. */
export const COUNT_METHODS = ["auto", "join", "constellations"] as const;
export type CountMethod = (typeof COUNT_METHODS)[number];

/**
 * From this n on `auto` joins half-boards. It was the measured crossover (2026-12-02: whole
 * `nqueens count` processes, medians of 15 alternating runs, join against constellations: n = 13
 * 0.40 s against 0.29 s wall, n = 14 0.41 against 0.43). Since the join's start-up shrank
 * (2026-12-03) it ties or leads from n = 10 by 10-30 ms of CPU; the threshold stays, and with it
 * the default method of the counts below 14 (docs/counting.md, "Benchmarks").
 */
const JOIN_FROM_N = 14;

/**
 * The method `method` stands for at n (auto: the join for JOIN_FROM_N..MAX_JOIN_N; from n = 24
 * its quadrant table is built in pieces, and it is still about a hundred times faster than the
 * constellation search: docs/counting.md, "Joining half-boards"). Anything but an integer n (a
 * string, a bigint, from JavaScript) goes to the constellations, whose check names it with auto's
 * limits (1 to 32), not the join's.
 */
export function pickMethod(n: number, method: CountMethod = "auto"): "join" | "constellations" {
  if (method !== "auto") return method;
  const joins = Number.isInteger(n) && n >= JOIN_FROM_N && n <= MAX_JOIN_N;
  return joins ? "join" : "constellations";
}

/**
 * Checks that the method `method` stands for at n counts n: the join counts n up to
 * {@link MAX_JOIN_N} (the counters check the rest of n themselves).
 * @throws NQueensError (`out-of-range`, `other: "method"`) for the join and a larger n
 */
export function checkMethodN(n: number, method: CountMethod = "auto"): void {
  if (pickMethod(n, method) === "join" && Number.isInteger(n) && n > MAX_JOIN_N) {
    throw new NQueensError(`method "join" counts n up to ${MAX_JOIN_N}: got ${n}`, "out-of-range", {
      option: "n",
      value: n,
      min: 1,
      max: MAX_JOIN_N,
      other: "method",
    });
  }
}

/**
 * A rough wall time of a count of n by `method`, in seconds, on this project's 2-core machine:
 * one measured time per method, then 7 times as long per step of n. The constants are taken
 * from the benchmark tables of docs/counting.md, which name them.
 * @example roughSeconds(21, "join") // 560
 */
export function roughSeconds(n: number, method: "join" | "constellations"): number {
  return method === "join" ? 80 * 7 ** (n - 20) : 6 * 7 ** (n - 17);
}
