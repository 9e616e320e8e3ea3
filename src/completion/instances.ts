/**
 * Completion instances from a seed: the published generators of Gent, Jefferson and
 * Nightingale ("Complexity of n-Queens Completion", JAIR 59, 2017; CSPLib problems 079 and 080),
 * their transformation of Excluded Diagonals into completion, and puzzles with exactly one
 * completion graded by the reasoning they need. Pure: no Node imports, the same seed gives the
 * same instance everywhere (the web page can use it).
 *
 * The three generators are ports of the published Python scripts, random numbers included
 * ({@link PythonRandom}): the same arguments and seed give the instance the script gives.
 * - {@link randomCompletion} (`queens-gen-fast.py n m seed`): n*n tries of a random free row and
 *   a random free column, the square kept when neither of its diagonals holds a queen, until m
 *   queens stand (or undefined: the script "gives up").
 * - {@link excludedDiagonalList} (`queens-diag-gen.py n mininfile seed`): the sum and difference
 *   diagonals in a random order, each excluded unless that leaves some row or column with
 *   `minInLine` or fewer open squares; an instance is n with the FIRST d of the list.
 * - {@link blockedSquares} (`blocked-gen.py n m mininfile seed`): the squares in a random order,
 *   each blocked unless its row or column would keep `minInLine` or fewer, until m are blocked.
 */
import type { PartialBoard, Queen, Square } from "../board.js";
import { checkGeneratorSize, NQueensError, notAChoice, shownValue } from "../errors.js";
import { checkOptions } from "../shapes.js";
import { type Puzzle, type PuzzleDifficulty, uniquePuzzle } from "./puzzles.js";
import { PythonRandom } from "./python-random.js";

/** A diagonal as the generator lists it: `[v, 1]` the sum diagonal r + c = v, `[v, 0]` the difference diagonal r - c + n - 1 = v. */
export type DiagonalPair = readonly [number, 0 | 1];

/**
 * A random completion instance: `placed` queens on an n x n board by the published method
 * (queens-gen-fast.py), in the order placed, or undefined when n*n tries did not place them all.
 * @example randomCompletion(76, 56, 1)!.length // 56 (the published instance n = 76, seed 1)
 */
export function randomCompletion(n: number, placed: number, seed: number): Queen[] | undefined {
  checkGeneratorSize(n, 10_000);
  if (!Number.isInteger(placed) || placed < 0 || placed > n) {
    throw new NQueensError(
      `the queens to place must be a whole number from 0 to ${n}: got ${shownValue(placed)}`,
      "out-of-range",
      { option: "placed", value: placed, min: 0, max: n },
    );
  }
  const rng = new PythonRandom(seed);
  const sum = new Uint8Array(2 * n - 1);
  const diff = new Uint8Array(2 * n - 1);
  const rows = Array.from({ length: n }, (_, i) => i);
  const cols = Array.from({ length: n }, (_, i) => i);
  const out: Queen[] = [];
  if (placed === 0) return out;
  let left = n;
  for (let attempt = 0; attempt < n * n; attempt++) {
    const i = rng.randrange(left);
    const j = rng.randrange(left);
    const r = rows[i]!;
    const c = cols[j]!;
    if (sum[r + c] === 0 && diff[r - c + n - 1] === 0) {
      out.push({ row: r, col: c });
      sum[r + c] = 1;
      diff[r - c + n - 1] = 1;
      rows[i] = rows[left - 1]!;
      cols[j] = cols[left - 1]!;
      left--;
      if (out.length === placed) return out;
    }
  }
  return undefined;
}

/**
 * The published Excluded Diagonals generator's list for (n, minInLine, seed), in its order
 * (queens-diag-gen.py): an instance is n with the first d pairs, for any d up to its length.
 * @example excludedDiagonalList(10, 1).slice(0, 2) // [[4, 1], [2, 1]] (with minInLine 4)
 */
export function excludedDiagonalList(n: number, seed: number, minInLine = 4): DiagonalPair[] {
  checkGeneratorSize(n, 1000);
  const rng = new PythonRandom(seed);
  const numInRow = new Int32Array(n).fill(n);
  const numInCol = new Int32Array(n).fill(n);
  const sumOut = new Uint8Array(2 * n - 1);
  const diffOut = new Uint8Array(2 * n - 1);
  const sums = rng.shuffle(Array.from({ length: 2 * n - 1 }, (_, i) => i));
  const diffs = rng.shuffle(Array.from({ length: 2 * n - 1 }, (_, i) => i));
  const out: DiagonalPair[] = [];
  const open = (r: number, c: number) => sumOut[r + c] === 0 && diffOut[r - c + n - 1] === 0;
  const exclude = (d: number, isSum: boolean) => {
    const rows: number[] = [];
    for (let r = 0; r < n; r++) {
      const c = isSum ? d - r : r - d + n - 1;
      if (c < 0 || c >= n || !open(r, c)) continue;
      if (numInRow[r]! <= minInLine || numInCol[c]! <= minInLine) return;
      rows.push(r);
    }
    for (const r of rows) {
      numInRow[r]!--;
      numInCol[isSum ? d - r : r - d + n - 1]!--;
    }
    if (isSum) sumOut[d] = 1;
    else diffOut[d] = 1;
    out.push([d, isSum ? 1 : 0]);
  };
  while (sums.length > 0 || diffs.length > 0) {
    let isSum: boolean;
    if (sums.length === 0) isSum = false;
    else if (diffs.length === 0) isSum = true;
    else isSum = rng.randrange(-1, 2, 2) === 1;
    exclude(isSum ? sums.pop()! : diffs.pop()!, isSum);
  }
  return out;
}

/** The Excluded Diagonals instance of the first `d` pairs of a generator list. */
export function excludedDiagonalsBoard(
  n: number,
  pairs: readonly DiagonalPair[],
  d = pairs.length,
): PartialBoard {
  if (!Number.isInteger(d) || d < 0 || d > pairs.length) {
    throw new NQueensError(
      `d must be a whole number from 0 to ${pairs.length}: got ${shownValue(d)}`,
      "out-of-range",
      { option: "d", value: d, min: 0, max: pairs.length },
    );
  }
  const sums: number[] = [];
  const differences: number[] = [];
  for (const [v, t] of pairs.slice(0, d)) (t === 1 ? sums : differences).push(v);
  return { n, queens: [], excluded: { sums, differences } };
}

/**
 * `count` blocked squares by the published generator (blocked-gen.py), sorted by row then
 * column (0-based; the script prints them 1-based), or undefined when 1,000 shuffles could not
 * block that many.
 */
export function blockedSquares(
  n: number,
  count: number,
  seed: number,
  minInLine = 1,
): Square[] | undefined {
  checkGeneratorSize(n, 200);
  if (!Number.isInteger(count) || count < 0 || count > n * n) {
    throw new NQueensError(
      `the squares to block must be a whole number from 0 to ${n * n}: got ${shownValue(count)}`,
      "out-of-range",
      { option: "blocked", value: count, min: 0, max: n * n },
    );
  }
  if (count === 0) return [];
  const rng = new PythonRandom(seed);
  for (let attempt = 0; attempt < 1000; attempt++) {
    const order: number[] = [];
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) order.push(r * n + c);
    rng.shuffle(order);
    const inRow = new Int32Array(n).fill(n);
    const inCol = new Int32Array(n).fill(n);
    const out: Square[] = [];
    for (const k of order) {
      const r = Math.floor(k / n);
      const c = k % n;
      if (inRow[r]! > minInLine && inCol[c]! > minInLine) {
        inRow[r]!--;
        inCol[c]!--;
        out.push({ row: r, col: c });
        if (out.length === count) {
          return out.sort((a, b) => a.row - b.row || a.col - b.col);
        }
      }
    }
  }
  return undefined;
}

type Pair = [number, number];

const Q19_COL0: Pair = [0, 8];
const Q19_COL19: Pair = [19, 8];
const Q19_ROW0: Pair = [17, 0];
const Q19_ROW19: Pair = [17, 19];
const Q19_REST: readonly Pair[] = [
  [1, 12],
  [2, 17],
  [3, 7],
  [4, 10],
  [5, 15],
  [6, 1],
  [7, 16],
  [8, 13],
  [9, 2],
  [10, 6],
  [11, 18],
  [12, 3],
  [13, 5],
  [14, 11],
  [15, 9],
  [16, 14],
  [18, 4],
];

const offset = (n: number, at: Pair, queens: readonly Pair[]): Pair[] =>
  queens.map(([a, b]) => [at[0] * n + a, at[1] * n + b]);

function diagonalsDistinct(queens: readonly Pair[]): boolean {
  const s = new Set<number>();
  const d = new Set<number>();
  for (const [a, b] of queens) {
    if (s.has(a + b) || d.has(a - b)) return false;
    s.add(a + b);
    d.add(a - b);
  }
  return true;
}

/**
 * The completion instance the published transformation makes of an Excluded Diagonals
 * instance (queens-diag-transform.py): a board of about 19 * (14n) rows with all but n queens
 * placed and exactly as many completions as the original has solutions. The queens come in the
 * script's order.
 */
export function translateExcludedDiagonals(
  n: number,
  pairs: readonly DiagonalPair[],
  d = pairs.length,
): PartialBoard {
  checkGeneratorSize(n, 1000);
  const diffs: number[] = [];
  const sums: number[] = [];
  for (const [v, t] of pairs.slice(0, d)) {
    if (t === 1) sums.push(v);
    else diffs.push(v - n + 1);
  }
  // Excluded Diagonals -> completion with required rows and columns (reduce4to3).
  const n3 = 7 * n - 3;
  const m3 = n + diffs.length + sums.length;
  const p3: Pair[] = [
    ...diffs.map((v): Pair => [6 * n - 3 - v, 3 * n - 1 - 2 * v]),
    ...sums.map((v): Pair => [2 * n - 2 - v, n + 2 * v]),
  ];
  const c3 = Array.from({ length: n }, (_, c) => c + 3 * n - 2);
  const r3 = Array.from({ length: n }, (_, r) => r);
  const board = (size: number, queens: readonly Pair[]): PartialBoard => ({
    n: size,
    queens: queens.map(([row, col]) => ({ row, col })),
  });
  if (!diagonalsDistinct(p3)) return board(n3, p3);
  // ... -> plain completion (reduce3to2).
  const cPrime = [...c3, ...p3.map((q) => q[0])];
  const rPrime = [...r3, ...p3.map((q) => q[1])];
  const np = n3 % 3 === 2 ? 2 * n3 + 1 : 2 * n3 - 1;
  const an = Array.from({ length: np }, (_, i): Pair => [i, (2 * i) % np]);
  const bn = Array.from({ length: np }, (_, i): Pair => [(2 * i) % np, i]);
  const cSet = new Set(cPrime);
  const rSet = new Set(rPrime);
  const rest: Pair[] = [
    ...offset(np, Q19_COL0, an).filter((q) => !cSet.has(q[0])),
    ...offset(np, Q19_ROW0, bn).filter((q) => !rSet.has(q[1])),
  ];
  for (const at of Q19_REST) rest.push(...offset(np, at, an));
  cPrime.sort((a, b) => a - b);
  rPrime.sort((a, b) => a - b);
  const qc = Array.from({ length: m3 }, (_, i): Pair => [i, 2 * cPrime[i]!]);
  const qr = Array.from({ length: m3 }, (_, i): Pair => [2 * rPrime[i]!, i]);
  return board(19 * np + m3, [
    ...p3,
    ...offset(np, Q19_COL19, qc),
    ...offset(np, Q19_ROW19, qr),
    ...rest,
  ]);
}

/** The kinds of instance {@link generateInstance} makes. */
export const INSTANCE_KINDS = ["completion", "diagonals", "blocked", "puzzle"] as const;

/** One of {@link INSTANCE_KINDS}. */
export type InstanceKind = (typeof INSTANCE_KINDS)[number];

/** Options for {@link generateInstance}; each applies to the kinds it names. */
export interface GenerateOptions {
  /**
   * The seed (Python's `random.seed`, for the published generators).
   * @default 1
   */
  readonly seed?: number;
  /**
   * completion: the queens placed. Default: n - d with d = round(sqrt(n / 0.19)), where about
   * half of the instances can be completed (n = 76, 119, 171: d = 20, 25, 30).
   */
  readonly placed?: number;
  /** diagonals: the first d diagonals of the list. Default: round(0.9 n), the hard region. */
  readonly diagonals?: number;
  /**
   * diagonals and blocked: the open squares a row or column keeps at least (the generators'
   * `mininfile`).
   * @default 4 for diagonals (n for n < 4), 1 for blocked
   */
  readonly minInLine?: number;
  /** diagonals: the published transformation into a completion board of thousands of rows. */
  readonly translate?: boolean;
  /**
   * blocked: the squares blocked. Default: n^2 - 6n (about six open squares a line), near where
   * half of the instances can be completed (measured for n = 16 to 28; random blocked squares
   * are easy at any count).
   */
  readonly blocked?: number;
  /**
   * puzzle: the reasoning it needs.
   * @default "medium"
   */
  readonly difficulty?: PuzzleDifficulty;
}

/** An instance, with what made it. */
export interface GeneratedInstance {
  /** The kind asked for. */
  readonly kind: InstanceKind;
  /** The seed it came from. */
  readonly seed: number;
  /** The board to complete. */
  readonly board: PartialBoard;
  /** One line on what it is, for a note. */
  readonly about: string;
  /** The parameters it was made with (for JSON output). */
  readonly params: Readonly<Record<string, number | string | boolean>>;
  /** puzzle: its one completion and what solves it. */
  readonly puzzle?: Puzzle;
}

/** The queens still to place where random completion is completable about half the time. */
export function hardMissing(n: number): number {
  return Math.min(n, Math.round(Math.sqrt(n / 0.19)));
}

function whole(
  v: number | undefined,
  what: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const x = v ?? fallback;
  if (!Number.isInteger(x) || x < min || x > max) {
    throw new NQueensError(
      `${what} must be a whole number from ${min} to ${max}: got ${shownValue(x)}`,
      "out-of-range",
      { option: what, value: x, min, max },
    );
  }
  return x;
}

/**
 * A completion instance of the given kind, from a seed (the same arguments, the same
 * instance): `completion` (random queens by the published method), `diagonals` (Excluded
 * Diagonals, the published generator, optionally translated into completion), `blocked`
 * (blocked squares, the published generator), `puzzle` (one completion, graded).
 * @param kind - `completion`, `diagonals`, `blocked` or `puzzle`
 * @param n - the board's size
 * @param options - the seed and the kind's own settings (see {@link GenerateOptions})
 * @returns the board, with its kind, seed, parameters and a line about it (and the grade, for a
 *   `puzzle`)
 * @throws NQueensError for a size or option out of range, or when a generator gives up
 * @example generateInstance("diagonals", 21, { seed: 259, diagonals: 19 }).board.excluded
 */
export function generateInstance(
  kind: InstanceKind,
  n: number,
  options: GenerateOptions = {},
): GeneratedInstance {
  checkOptions(options, "generateInstance");
  const seed = whole(options.seed, "the seed", 0, Number.MAX_SAFE_INTEGER, 1);
  switch (kind) {
    case "completion": {
      whole(n, "n", 1, 10_000, n);
      const placed = whole(options.placed, "the queens placed", 0, n, n - hardMissing(n));
      const queens = randomCompletion(n, placed, seed);
      if (!queens) {
        throw new NQueensError(
          `the published method gave up: ${n * n} tries did not place ${placed} queens (seed ${seed}); try another seed or fewer queens`,
          "gave-up",
        );
      }
      return {
        kind,
        seed,
        board: { n, queens: [...queens].sort((a, b) => a.row - b.row || a.col - b.col) },
        about: `random completion instance: n = ${n}, ${placed} queens placed, ${n - placed} to place, seed ${seed}`,
        params: { placed },
      };
    }
    case "diagonals": {
      whole(n, "n", 1, 1000, n);
      // The published 4, or every square of a smaller board's lines (n = 1..3).
      const minInLine = whole(options.minInLine, "the squares kept per line", 0, n, Math.min(4, n));
      const list = excludedDiagonalList(n, seed, minInLine);
      const d = whole(
        options.diagonals,
        "the diagonals",
        0,
        list.length,
        Math.min(list.length, Math.round(0.9 * n)),
      );
      const board = options.translate
        ? translateExcludedDiagonals(n, list, d)
        : excludedDiagonalsBoard(n, list, d);
      const what = options.translate
        ? `translated into completion: ${board.n} rows, ${board.n - board.queens.length} queens to place`
        : "";
      return {
        kind,
        seed,
        board,
        about: `Excluded Diagonals instance: n = ${n}, the first ${d} of ${list.length} diagonals, seed ${seed}${what ? `; ${what}` : ""}`,
        params: {
          diagonals: d,
          listed: list.length,
          minInLine,
          translate: options.translate === true,
        },
      };
    }
    case "blocked": {
      whole(n, "n", 1, 200, n);
      const minInLine = whole(options.minInLine, "the squares kept per line", 0, n, 1);
      const count = whole(
        options.blocked,
        "the squares blocked",
        0,
        n * n,
        Math.max(0, n * n - 6 * n),
      );
      const blocked = blockedSquares(n, count, seed, minInLine);
      if (!blocked) {
        throw new NQueensError(
          `the published method gave up: 1,000 shuffles did not block ${count} squares keeping ${minInLine + 1} in every line`,
          "gave-up",
        );
      }
      return {
        kind,
        seed,
        board: { n, queens: [], blocked },
        about: `blocked n-Queens instance: n = ${n}, ${count} squares blocked, seed ${seed}`,
        params: { blocked: count, minInLine },
      };
    }
    case "puzzle": {
      const difficulty = options.difficulty ?? "medium";
      const puzzle = uniquePuzzle(n, difficulty, seed);
      return {
        kind,
        seed,
        board: puzzle.board,
        puzzle,
        about: `${difficulty} puzzle: n = ${n}, ${puzzle.board.queens.length} queens given, one completion (solved by ${puzzle.solvedBy === "forced" ? "forced lines" : puzzle.solvedBy}), seed ${seed}`,
        params: { difficulty, solvedBy: puzzle.solvedBy },
      };
    }
    default:
      throw notAChoice("the kind", kind, INSTANCE_KINDS, "kind");
  }
}
