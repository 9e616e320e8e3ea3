/**
 * Brute force's picture: one of the tutorials' three brute forces and backtracking on the same
 * board, stepped together. At each position both have looked at the same number of things: brute
 * force that many boards (in its listing's order, watch/brute.ts), backtracking that many nodes of
 * its tree (the library's walkthrough, the root counted as the first). Every figure is the
 * library's: the boards' counts (`bruteVariantCount`), backtracking's nodes and solutions (the
 * walkthrough's end), each brute force's solutions found so far (the solutions' places in its list).
 */
import type { Queen } from "../../board.js";
import { solutions } from "../../solutions.js";
import { type BruteVariant, bruteVariantCount, walkthrough } from "../../teach/index.js";
import { variantBoard, variantRank } from "../watch/parts.js";

/** The board the race runs on: the tutorials' eight queens. */
export const RACE_BOARD_N = 8;

/** Backtracking's nodes in order: the queens on the board at each, and the solutions found by it. */
interface Walk {
  readonly boards: readonly (readonly number[])[];
  readonly found: readonly number[];
  readonly solutions: number;
}

let walk: Walk | undefined;

function backtrackWalk(): Walk {
  if (walk) return walk;
  const cols: number[] = [];
  const boards: number[][] = [[]];
  const found: number[] = [0];
  let solutionsSoFar = 0;
  let total = 0;
  for (const s of walkthrough(RACE_BOARD_N)) {
    if (s.type === "place") {
      cols[s.row] = s.col;
      cols.length = s.row + 1;
      if (cols.length === RACE_BOARD_N) solutionsSoFar++;
      boards.push([...cols]);
      found.push(solutionsSoFar);
    } else if (s.type === "end") {
      total = s.solutions;
      if (s.nodes !== boards.length) throw new Error("the walkthrough's nodes do not add up");
    }
  }
  walk = { boards, found, solutions: total };
  return walk;
}

const ranks = new Map<BruteVariant, readonly number[]>();

/** Each solution's place in a brute force's list, ascending. */
function solutionRanks(variant: BruteVariant): readonly number[] {
  let r = ranks.get(variant);
  if (!r) {
    r = [...solutions(RACE_BOARD_N)].map((s) => variantRank(variant, s)).sort((a, b) => a - b);
    ranks.set(variant, r);
  }
  return r;
}

/**
 * How many things each side has looked at, position by position: one at a time for the first
 * ten, then 20, 50, 100, 200, 500, ..., with backtracking's last node and brute force's last
 * board among them.
 */
export function raceStops(variant: BruteVariant): readonly number[] {
  const boards = Number(bruteVariantCount(variant, RACE_BOARD_N));
  const nodes = backtrackWalk().boards.length;
  const end = Math.max(boards, nodes);
  const stops = new Set<number>([nodes, boards]);
  for (let k = 1; k <= 10; k++) stops.add(k);
  for (let p = 10; p < end; p *= 10) for (const m of [2, 5, 10]) if (p * m < end) stops.add(p * m);
  return [...stops].sort((a, b) => a - b);
}

/** One side of the race at a position. */
interface RaceSide {
  /** Boards (brute force) or nodes (backtracking) looked at so far, and in all. */
  readonly seen: number;
  readonly total: number;
  /** The board it looks at now (backtracking's last solution once it is done). */
  readonly queens: readonly Queen[];
  /** Solutions found so far, and in all. */
  readonly found: number;
  readonly solutions: number;
}

/** What brute force's picture shows at one position. */
export interface RaceFrame {
  readonly kind: "race";
  readonly at: number;
  readonly last: number;
  readonly n: number;
  readonly variant: BruteVariant;
  readonly brute: RaceSide;
  readonly back: RaceSide;
  /** Brute force's boards in all over backtracking's nodes in all (19.6 for the permutations). */
  readonly ratio: number;
}

/** The race of `variant` against backtracking at position `at` (0: nothing looked at yet). */
export function raceFrame(variant: BruteVariant, at: number): RaceFrame {
  const stops = raceStops(variant);
  const pos = Math.max(0, Math.min(stops.length, at));
  const t = pos === 0 ? 0 : stops[pos - 1]!;
  const w = backtrackWalk();
  const boards = Number(bruteVariantCount(variant, RACE_BOARD_N));
  const nodes = w.boards.length;
  const r = solutionRanks(variant);
  const seenBoards = Math.min(t, boards);
  const seenNodes = Math.min(t, nodes);
  const backCols = seenNodes === 0 ? [] : w.boards[seenNodes - 1]!;
  return {
    kind: "race",
    at: pos,
    last: stops.length,
    n: RACE_BOARD_N,
    variant,
    brute: {
      seen: seenBoards,
      total: boards,
      queens: seenBoards === 0 ? [] : variantBoard(variant, RACE_BOARD_N, seenBoards - 1),
      found: r.filter((k) => k < seenBoards).length,
      solutions: r.length,
    },
    back: {
      seen: seenNodes,
      total: nodes,
      queens: backCols.map((col, row) => ({ row, col })),
      found: seenNodes === 0 ? 0 : w.found[seenNodes - 1]!,
      solutions: w.solutions,
    },
    ratio: boards / nodes,
  };
}
