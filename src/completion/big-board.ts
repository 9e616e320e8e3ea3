/**
 * One completion of a big board with many empty rows, in time near linear in the board (the line
 * board's search, line-board.ts, is quadratic in the empty rows): the min-conflicts repair of
 * src/min-conflicts.ts (`Repair`: a greedy fill of the empty rows, then swaps of the columns of two
 * empty rows at a time until no two queens attack each other), driven here with a budget, ticks
 * for progress and abort, and fresh starts when it stalls. The placed queens never move, so a repaired board keeps
 * them; the queens always form a permutation, so only diagonals can clash. And before any search,
 * {@link fromConstruction}: the placed queens may already lie on the construction's solution.
 *
 * A heuristic with a budget: about {@link WORK_PER_ROW} swap evaluations per row of the board,
 * with a fresh greedy start whenever the repair stalls. When the budget runs out it gives up,
 * and complete.ts runs the exact search: "cannot be completed" never comes from here. Seeded by
 * n (the same board, the same completion).
 */
import type { Forbidden, Queen } from "../board.js";
import { construct } from "../construct.js";
import { MAX_SUB_SIZE } from "../limits.js";
import { Repair } from "../min-conflicts.js";
import { seededRandom } from "../random.js";
import { TRANSFORMS, transform } from "../symmetry.js";
import { NO_PROGRESS, type SearchProgress } from "./search-progress.js";

/**
 * The repair is tried on boards of more than BIG_N rows, without blocked squares or excluded
 * diagonals, with at least one placed queen (an empty board has the construction) and more than
 * BIG_EMPTY empty rows: there the line board's O(empty rows^2) start already costs about a
 * second or more. Smaller boards stay on the exact searches (the same completions as before).
 * Measured: README, "What sizes are practical".
 */
const BIG_N = 5000;
const BIG_EMPTY = 1000;

/**
 * Whether {@link bigRepair} is tried first for a board of n rows with `placed` queens. A board
 * with blocked squares or excluded diagonals and more empty rows than the hard-instance search
 * takes (MAX_SUB_SIZE) is repaired first whatever its size: its exact search (the line board's,
 * without the unrestricted one's local search) can take minutes where the repair, seeded by the
 * construction, takes a fraction of a second (n = 500 with one blocked square: over 30 s before).
 */
export function usesRepair(n: number, placed: number, restricted: boolean): boolean {
  if (restricted) return n > 32 && n - placed > MAX_SUB_SIZE;
  return placed > 0 && n > BIG_N && n - placed > BIG_EMPTY;
}

/** The squares a board forbids, as the repair reads them (board.ts's `Forbidden`). */
type Restrictions = Pick<Forbidden, "any" | "blocked" | "sums" | "differences" | "has">;

/**
 * A completion read off the construction (construct.ts) or one of its seven images, when every
 * placed queen stands on it; O(n) per image. Boards made that way (a prefix of the construction's
 * solution, say 2,700 rows of 3,000) have a nearly unique completion, which the line board's
 * search and the repair both take minutes to find, and which is right here. Only for boards past
 * the hard-instance search's size (more than MAX_SUB_SIZE empty rows) without restrictions, so
 * smaller boards keep the completions they had.
 * @example fromConstruction(40, [{ row: 0, col: 1 }], false) // construct(40)
 */
function fromConstruction(
  n: number,
  queens: readonly Queen[],
  forbidden?: Restrictions,
): number[] | undefined {
  const restricted = forbidden?.any === true;
  if (n <= 32 || (queens.length === 0 && !restricted) || n - queens.length <= MAX_SUB_SIZE) {
    return undefined;
  }
  for (const cols of constructionImages(n)) {
    if (!queens.every(({ row, col }) => cols[row] === col)) continue;
    if (restricted && cols.some((c, r) => forbidden!.has(r, c))) continue;
    return cols;
  }
  return undefined;
}

/** The construction's solution for n and its seven images under the board's symmetries. */
function* constructionImages(n: number): Generator<number[]> {
  const base = construct(n);
  if (base === undefined) return;
  for (const t of TRANSFORMS) yield t === "identity" ? base : transform(base, t);
}

/**
 * The image of the construction that the placed queens agree with most, and that stands on the
 * fewest forbidden squares: the repair's first start on a restricted board (a board a few moves
 * from the construction is then a few swaps from a completion).
 */
function nearestConstruction(
  n: number,
  queens: readonly Queen[],
  forbidden: Restrictions,
): number[] | undefined {
  let best: number[] | undefined;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const cols of constructionImages(n)) {
    let score = 0;
    for (const { row, col } of queens) if (cols[row] === col) score += n;
    for (let r = 0; r < n; r++) if (forbidden.has(r, cols[r]!)) score--;
    if (score > bestScore) {
      bestScore = score;
      best = cols;
    }
  }
  return best;
}

/** The repair's budget: swap evaluations (and greedy tries) per row of the board, plus a floor. */
const WORK_PER_ROW = 64;
const WORK_FLOOR = 1 << 22;
/** Repair steps without fewer clashes before a fresh greedy start. */
const STALL = 512;
/** Work units (swap evaluations, greedy tries) between ticks: about a millisecond. */
export const REPAIR_TICKS = 1 << 16;

/**
 * The repair, as a generator (a board on the construction's solution returns it at once, see
 * {@link fromConstruction}): yields `null` about every `watch.tickEvery` work units (a chance to
 * look at the clock and the signal) and returns the completed `cols` (placed queens kept, not yet
 * checked against the board), or undefined when it gave up on its budget. Progress: the empty
 * rows without a clash, of all empty rows: (0, m) at the start, (m, m) when done.
 * The placed queens must not attack each other (the caller has checked the board).
 */
export function* bigRepair(
  n: number,
  queens: readonly Queen[],
  watch: SearchProgress = NO_PROGRESS,
  forbidden?: Restrictions,
): Generator<null, Int32Array | undefined> {
  const onIt = fromConstruction(n, queens, forbidden);
  if (onIt) return Int32Array.from(onIt);
  const at = new Int32Array(n).fill(-1);
  for (const { row, col } of queens) at[row] = col;
  const restricted = forbidden?.any === true;
  const s = new Repair(at, seededRandom(n), restricted ? forbidden : undefined);
  const { m } = s;
  const budget = WORK_PER_ROW * n + WORK_FLOOR;
  const report = watch.progress;
  const every = watch.tickEvery > 0 ? watch.tickEvery : Number.POSITIVE_INFINITY;
  let tick = every;
  report?.(0, m);
  // A restricted board starts from the construction it is nearest to; later starts are greedy.
  let near = restricted ? nearestConstruction(n, queens, forbidden!) : undefined;
  while (s.work < budget) {
    if (near) {
      s.seed(near);
      near = undefined;
    } else {
      s.clear();
      for (let k = 0; k < m; k++) {
        s.placeRow(k);
        if (s.work >= tick) {
          tick = s.work + every;
          report?.(Math.max(0, k + 1 - s.clashes), m);
          yield null;
        }
      }
    }
    let fewest = s.clashes;
    for (let stalled = 0; s.clashes > 0 && stalled < STALL && s.work < budget; ) {
      s.step();
      if (s.clashes < fewest) {
        fewest = s.clashes;
        stalled = 0;
      } else stalled++;
      if (s.work >= tick) {
        tick = s.work + every;
        report?.(Math.max(0, m - s.clashes), m);
        yield null;
      }
    }
    if (s.clashes === 0) {
      report?.(m, m);
      return s.q;
    }
  }
  return undefined;
}

/**
 * What completeOne tries before the exact search on a board without restrictions: the
 * construction's solution when the queens stand on it ({@link fromConstruction}), then the
 * repair where {@link usesRepair} says so; undefined when neither gives a completion.
 */
export function bigShortcut(
  n: number,
  queens: readonly Queen[],
  forbidden: Restrictions,
): ArrayLike<number> | undefined {
  // The repair looks at the construction first itself.
  return usesRepair(n, queens.length, forbidden.any)
    ? bigRepairNow(n, queens, forbidden)
    : fromConstruction(n, queens, forbidden);
}

/** {@link bigRepair} to its end, without ticks. */
export function bigRepairNow(
  n: number,
  queens: readonly Queen[],
  forbidden?: Restrictions,
): Int32Array | undefined {
  const it = bigRepair(n, queens, NO_PROGRESS, forbidden);
  for (;;) {
    const r = it.next();
    if (r.done) return r.value;
  }
}
