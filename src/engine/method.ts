/**
 * Choosing the CPU counting method: the constellation search (constellations/) or the join
 * of half-boards (join/). Both give the same counts; `auto` takes the one measured faster for n on
 * this project's 2-core machine (README, "Counting fast").
 */
import { NQueensError } from "../errors.js";
import { MAX_JOIN_N, MAX_TABLES_N } from "../limits.js";
import { countFast } from "./constellations/count.js";
import { countJoin } from "./join/count-join.js";
import type { CountOptions, CountResult } from "./types.js";

/** The methods `nqueens count --method` takes. */
export const COUNT_METHODS = ["auto", "join", "constellations"] as const;
export type CountMethod = (typeof COUNT_METHODS)[number];

/**
 * From this n on `auto` joins half-boards (the measured crossover: below it the constellation
 * search, which needs no tables, finishes first).
 */
export const JOIN_FROM_N = 16;

/** The method `method` stands for at n (auto: the join for JOIN_FROM_N..MAX_TABLES_N). */
export function pickMethod(n: number, method: CountMethod = "auto"): "join" | "constellations" {
  if (method !== "auto") return method;
  return n >= JOIN_FROM_N && n <= MAX_TABLES_N ? "join" : "constellations";
}

/**
 * A rough wall time of a count of n by `method`, in seconds, on this project's 2-core machine:
 * measured for the constellations at n = 17 (6 s), 18 (41 s) and 19 (301 s), and for the join at
 * n = 20 (about 80 s), then 7 times as long per step of n.
 * @example roughSeconds(21, "join") // 560
 */
export function roughSeconds(n: number, method: "join" | "constellations"): number {
  return method === "join" ? 80 * 7 ** (n - 20) : 6 * 7 ** (n - 17);
}

/**
 * Counts with the given method (auto: see `pickMethod`), with the engine's contract.
 * @throws NQueensError (rejects) for `join` beyond n = 25, and as countFast / countJoin do
 */
export async function countBy(
  n: number,
  method: CountMethod,
  options: CountOptions = {},
): Promise<CountResult & { method: "join" | "constellations" }> {
  const chosen = pickMethod(n, method);
  if (chosen === "join" && Number.isInteger(n) && n > MAX_JOIN_N) {
    throw new NQueensError(`method "join" counts n up to ${MAX_JOIN_N}: got ${n}`);
  }
  const r = chosen === "join" ? await countJoin(n, options) : await countFast(n, options);
  return { ...r, method: chosen };
}
