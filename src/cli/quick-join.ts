/**
 * The quick counts of the join (quick-count.ts: n = QUICK_N + 1 to 16, on the calling thread),
 * which fast-start.ts hands over here: the same `runQuickCount`, in a module of its own so that
 * the build bundles it apart, with the join, into dist/cli/quick-join.cjs
 * (scripts/bundle-start.mjs). Loaded as ES modules, the join's fifty modules cost about 80 ms of
 * CPU more than as one CommonJS file; in the fast start's own bundle its 120 KB would cost every
 * other fast start 10 to 20 ms to read (docs/notes/2026-12-07-fast-start.md).
 */
import { type QuickCount, runQuickCount } from "./quick-count.js";

/** Counts and prints a quick count of the join as `nqueens count` does; resolves to its status. */
export function runQuickJoin(job: QuickCount): Promise<number> {
  return runQuickCount(job);
}
