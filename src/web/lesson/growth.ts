/**
 * Where growth's factors settle, worked out from the table's rows (the published counts): the
 * words of growth's question and feedback quote it, so that they say what the table shows.
 */
import type { GrowthRow } from "./facts.js";

/**
 * The smallest factor growth's question speaks of: from the first N whose factor and every later
 * one are at least this, the count is multiplied by a factor between this and the largest.
 */
const FACTOR_FLOOR = 3;

/** Where growth's factors settle: the first N from which every factor is at least FACTOR_FLOOR. */
export function steadyGrowth(rows: readonly GrowthRow[]): {
  readonly from: number;
  readonly to: number;
  readonly least: number;
  readonly most: number;
} {
  let i = rows.length;
  while (i > 0 && (rows[i - 1]!.ratio ?? 0) >= FACTOR_FLOOR) i--;
  const steady = rows.slice(i).map((r) => r.ratio!);
  return {
    from: rows[i]!.n,
    to: rows[rows.length - 1]!.n,
    least: Math.min(...steady),
    most: Math.max(...steady),
  };
}
