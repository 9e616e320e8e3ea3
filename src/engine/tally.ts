/**
 * Adding sub-problem results up into the total and unique counts (bigint, exact at any n).
 *
 *   total  += weight * count
 *   unique += (count + [rotations >= 2] * fixed180 + [rotations = 4] * 2 * fixed90) / (8 / weight)
 *
 * The unique term is Burnside's count of the classes among the constellation's solutions under
 * its stabiliser (the 8 / weight symmetries that map it onto itself): reflections fix no N-Queens
 * solution for n > 1, so only the identity and the rotations contribute. For n = 1 (weight 1) the
 * single queen is its own class.
 */
import type { SubProblem, SubResult } from "./constellations/split.js";
import { InconsistentCounts } from "./inconsistent.js";

/** One sub-problem's share of the unique count. Throws if the division is not exact (a bug). */
export function uniqueShare(sp: SubProblem, r: SubResult): bigint {
  if (sp.weight === 1) return BigInt(r.count);
  const stabiliser = BigInt(8 / sp.weight);
  let fixed = BigInt(r.count);
  if (sp.rotations >= 2) fixed += BigInt(r.fixed180);
  if (sp.rotations === 4) fixed += 2n * BigInt(r.fixed90);
  if (fixed % stabiliser !== 0n) {
    throw new InconsistentCounts(
      `sub-problem ${sp.id}: inconsistent symmetry counts ${JSON.stringify(r)} (their sum is not a multiple of ${stabiliser})`,
    );
  }
  return fixed / stabiliser;
}

/** A running sum of results, each sub-problem counted at most once. */
export class Tally {
  total = 0n;
  unique = 0n;
  done = 0;
  readonly #seen: Uint8Array;

  constructor(readonly list: readonly SubProblem[]) {
    this.#seen = new Uint8Array(list.length);
  }

  /** Whether sub-problem `id` is already counted. */
  has(id: number): boolean {
    return this.#seen[id] === 1;
  }

  /** Adds one result; a second result for the same id is ignored. */
  add(id: number, r: SubResult): void {
    if (this.#seen[id] === 1) return;
    const sp = this.list[id];
    this.#seen[id] = 1;
    this.done++;
    this.total += BigInt(sp.weight) * BigInt(r.count);
    this.unique += uniqueShare(sp, r);
  }

  /** The ids not yet counted, ascending. */
  remaining(): number[] {
    const out: number[] = [];
    for (let id = 0; id < this.list.length; id++) if (this.#seen[id] === 0) out.push(id);
    return out;
  }
}
