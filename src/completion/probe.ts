/**
 * **The probe**: a short try on the calling thread before the threaded decision
 * (complete-threads.ts) starts its worker threads, so that an easy instance is answered for
 * what its search costs, not for what starting threads costs (about a quarter of a second of
 * CPU each: a thread's own start-up, its modules, its WebAssembly compile, a search set up per
 * part; docs/notes/2026-12-07-easy-completions.md). Three searches, each within a budget of
 * nodes, so that the same board gets the same answer and completion every time:
 *
 * 1. **plain backtracking** (the floor's search, ../shared/bench/ed-dfs.c: row by row, the least
 *    column first, no propagation), on a board without fixed queens, up to
 *    {@link PLAIN_BUDGET} placements (about 10 ms): a "yes" whose first descents hold a
 *    completion (Excluded Diagonals n = 27 seed 4: 174,786 placements) is found as fast as the
 *    floor finds it;
 * 2. **the hard-instance search's root** (hard-search.ts, one node): its propagation and
 *    bounds on the diagonals refute some "no" instances before any branch (n = 22 seed 2,
 *    n = 23 seed 2);
 * 3. **the lean search** (lean-kernel-wasm.ts, with its WebAssembly compile), up to
 *    {@link LEAN_BUDGET} nodes (about 40 ms): n = 22 seed 4 in 484 nodes, seed 5 in 45,872,
 *    n = 28 seed 4 in 118,947 (1.7 million placements of the plain search).
 *
 * None decides: undefined, and the threads decide as before. What the probe spent is lost then
 * (50 to 80 ms of CPU, n = 22 seed 2 under load), within the noise of a "no" that needs the
 * threads.
 */
import { low } from "../bits.js";
import type { Forbidden, PartialBoard } from "../board.js";
import { prepare } from "./decide.js";
import { HardSearch } from "./hard-search.js";
import { leanSearch } from "./lean-kernel-wasm.js";
import { boardCols } from "./sub-board.js";

/** Placements of the plain backtracking at most: about 10 ms of CPU. */
const PLAIN_BUDGET = 1 << 18;

/** Nodes of the lean search at most: about 40 ms of CPU with its compile. */
const LEAN_BUDGET = 1 << 17;

/** What the probe found: a completion, "none", or undefined when no search decided. */
type ProbeAnswer = number[] | "none" | undefined;

/** The probe's answer and the search that decided (for tests and measurements). */
export interface ProbeResult {
  readonly answer: ProbeAnswer;
  readonly by: "plain" | "root" | "lean" | undefined;
}

/**
 * Probes a well-formed board missing 1 to 32 queens (as `decideHard` takes): a completion
 * (the caller checks it against the board), "none", or undefined; see the module comment.
 * `budgets` for tests.
 */
export function probe(
  board: PartialBoard,
  forbidden: Forbidden,
  budgets: { plain?: number; lean?: number } = {},
): ProbeResult {
  const { sub } = prepare(board, forbidden);
  // The symmetry's halving of one line (prepare) keeps a completion of every mirror pair, so
  // each search's "none" on the halved board is the board's.
  const lean = sub.n === sub.m; // no fixed queens: the sub-board is the board
  const answer = (found: Int32Array | "none", by: ProbeResult["by"]): ProbeResult => ({
    answer: found === "none" ? "none" : boardCols(sub, found),
    by,
  });
  if (lean) {
    const found = plainSearch(sub.open, sub.m, budgets.plain ?? PLAIN_BUDGET);
    if (found !== undefined) return answer(found, "plain");
  }
  const hard = new HardSearch(sub, {});
  const root = hard.run(1);
  if (root !== "paused") return answer(root === "sat" ? hard.placement! : "none", "root");
  if (!lean) return { answer: undefined, by: undefined };
  const s = leanSearch(sub.open, sub.m);
  const got = s.run(budgets.lean ?? LEAN_BUDGET);
  if (got === "paused") return { answer: undefined, by: undefined };
  return answer(got === "sat" ? s.placement! : "none", "lean");
}

/**
 * Plain backtracking over the open squares of an m x m board (`open[i]`: row i, bit j column
 * j; m <= 32), row by row, the least open column first, stopping at the first completion: its
 * column per row, "none" once every placement was tried, or undefined after `budget` placements.
 *
 * The hot loop of the probe, written flat (an explicit stack instead of recursion, the masks
 * per level in typed arrays) because it runs up to two million placements; its answers are
 * tested against brute force on small boards (probe.test.ts).
 */
export function plainSearch(
  open: ArrayLike<number>,
  m: number,
  budget: number,
): Int32Array | "none" | undefined {
  const full = m === 32 ? -1 : (1 << m) - 1;
  const avail = new Int32Array(m); // untried columns per row
  const cols = new Int32Array(m + 1); // columns taken above row r
  const left = new Int32Array(m + 1); // diagonals going down-right, shifted to row r
  const right = new Int32Array(m + 1); // diagonals going down-left, shifted to row r
  const queen = new Int32Array(m);
  if (m === 0) return queen;
  avail[0] = open[0]! & full;
  let nodes = 0;
  let r = 0;
  for (;;) {
    const a = avail[r]!;
    if (a === 0) {
      if (r === 0) return "none";
      r--;
      continue;
    }
    const b = a & -a;
    avail[r] = a ^ b;
    if (++nodes > budget) return undefined;
    queen[r] = low(b);
    if (r === m - 1) return queen;
    const c = cols[r]! | b;
    const l = ((left[r]! | b) << 1) & full;
    const h = (right[r]! | b) >>> 1;
    cols[r + 1] = c;
    left[r + 1] = l;
    right[r + 1] = h;
    avail[r + 1] = open[r + 1]! & full & ~(c | l | h);
    r++;
  }
}
