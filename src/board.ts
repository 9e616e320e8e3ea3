/**
 * The board model shared by every module.
 *
 * A full solution is a permutation `cols` with `cols[row]` the 0-based column of the queen in
 * that row. A partial board is a size plus the queens already placed, and optionally the squares
 * no queen may stand on: blocked squares (Blocked n-Queens, CSPLib 080) and excluded diagonals
 * (the Excluded Diagonals problem, CSPLib 079). A completion places the missing queens, none
 * attacking another, none on a blocked square or an excluded diagonal.
 *
 * Diagonals are numbered as CSPLib numbers them, from 0 to 2n - 2: the sum diagonal `r + c`
 * (what {@link ConflictKind} calls an anti-diagonal) and the difference diagonal `r - c + n - 1`
 * (a diagonal).
 */
import { checkSize, NQueensError } from "./errors.js";
import { MAX_COMPLETE_N, MAX_CONFLICT_QUEENS, MAX_MATRIX_N } from "./limits.js";
import { checkBoardShape, isRecord, wrongShape } from "./shapes.js";

// For the certificate's checker, which imports nothing but this module.
export { wrongShape };

/** A full placement: `cols[row]` is the column of the queen in `row` (0-based). */
export type Solution = readonly number[];

/** One queen on the board, 0-based. */
export interface Queen {
  /** Its row, from 0. */
  readonly row: number;
  /** Its column, from 0. */
  readonly col: number;
}

/** A square of the board, 0-based. */
export interface Square {
  /** Its row, from 0. */
  readonly row: number;
  /** Its column, from 0. */
  readonly col: number;
}

/** Diagonals on which no queen may stand, numbered from 0 to 2n - 2. */
export interface ExcludedDiagonals {
  /** Sum diagonals: the squares with `row + col` equal to one of these. */
  readonly sums: readonly number[];
  /** Difference diagonals: the squares with `row - col + n - 1` equal to one of these. */
  readonly differences: readonly number[];
}

/**
 * A board of size `n` with some queens already placed (possibly none, possibly all), and
 * optionally squares that may hold no queen. Both restrictions are optional: a board without
 * them is the plain completion problem.
 */
export interface PartialBoard {
  /** The board's size: n rows and n columns. */
  readonly n: number;
  /** The queens placed (any number, in any order). */
  readonly queens: readonly Queen[];
  /** Squares that may hold no queen (none when absent). */
  readonly blocked?: readonly Square[];
  /** Diagonals that may hold no queen (none when absent). */
  readonly excluded?: ExcludedDiagonals;
}

/**
 * The board as plain data, its fields in a fixed order: what a thread or a queue job carries
 * (a caller's board may carry more than the fields) and what a split's version hashes.
 */
export function plainBoard(board: PartialBoard): PartialBoard {
  const { n, queens, blocked, excluded } = board;
  return {
    n,
    queens: queens.map(({ row, col }) => ({ row, col })),
    ...(blocked ? { blocked: blocked.map(({ row, col }) => ({ row, col })) } : {}),
    ...(excluded
      ? { excluded: { sums: [...excluded.sums], differences: [...excluded.differences] } }
      : {}),
  };
}

/**
 * Whether a board has blocked squares or excluded diagonals.
 * @param board - a partial board
 * @returns true when it has a blocked square or an excluded diagonal
 */
export function isRestricted(board: PartialBoard): boolean {
  checkBoardShape(board, "isRestricted");
  const e = board.excluded;
  return (
    (board.blocked?.length ?? 0) > 0 ||
    (e !== undefined && (e.sums.length > 0 || e.differences.length > 0))
  );
}

/**
 * The squares a board forbids, as a lookup built once: O(blocked + n) to build, O(1) a square.
 * Blocked squares and excluded diagonals must be on the board (see `boardProblems`).
 */
export class Forbidden {
  readonly n: number;
  /** 1 for an excluded sum diagonal r + c. */
  readonly sums: Uint8Array;
  /** 1 for an excluded difference diagonal r - c + n - 1. */
  readonly differences: Uint8Array;
  /** The blocked squares as row * n + col (exact below 2^53 for any n <= 10^6). */
  readonly blocked: ReadonlySet<number>;
  /** Whether the board forbids anything at all. */
  readonly any: boolean;

  constructor(board: PartialBoard) {
    const { n } = board;
    this.n = n;
    const e = board.excluded;
    const restricted = isRestricted(board);
    this.sums = new Uint8Array(restricted && e ? 2 * n - 1 : 0);
    this.differences = new Uint8Array(restricted && e ? 2 * n - 1 : 0);
    if (restricted && e) {
      for (const v of e.sums) this.sums[v] = 1;
      for (const v of e.differences) this.differences[v] = 1;
    }
    this.blocked = new Set((board.blocked ?? []).map((s) => s.row * n + s.col));
    this.any = restricted;
  }

  /** Why no queen may stand on (row, col), or undefined when one may. */
  reason(row: number, col: number): string | undefined {
    if (!this.any) return undefined;
    const n = this.n;
    if (this.blocked.has(row * n + col)) return "a blocked square";
    if (this.sums.length > 0 && this.sums[row + col]) {
      return `the excluded sum diagonal ${row + col} (row + col)`;
    }
    if (this.differences.length > 0 && this.differences[row - col + n - 1]) {
      return `the excluded difference diagonal ${row - col + n - 1} (row - col + ${n - 1})`;
    }
    return undefined;
  }

  /** Whether no queen may stand on (row, col). */
  has(row: number, col: number): boolean {
    if (!this.any) return false;
    const n = this.n;
    return (
      (this.sums.length > 0 && this.sums[row + col] === 1) ||
      (this.differences.length > 0 && this.differences[row - col + n - 1] === 1) ||
      this.blocked.has(row * n + col)
    );
  }
}

/**
 * Every square a board forbids, blocked or on an excluded diagonal, by row then column, each
 * once: what the drawing styles mark. O(n^2) for a board with excluded diagonals, which is why
 * those boards are taken up to n = 2,000 (the largest drawn square by square).
 * @param board - a partial board
 * @returns the squares, by row then column
 * @throws NQueensError for a board of the wrong shape, n outside 1..1,000,000, or excluded
 *   diagonals on a board larger than 2,000
 */
export function forbiddenSquares(board: PartialBoard): Square[] {
  const n = checkBoardSize(board, "forbiddenSquares");
  const problem = restrictionProblems(board)[0];
  if (problem) throw new NQueensError(`forbiddenSquares: ${problem}`, "invalid-board");
  const e = board.excluded;
  if (!e || (e.sums.length === 0 && e.differences.length === 0)) {
    const keys = [...new Set((board.blocked ?? []).map((s) => s.row * n + s.col))];
    keys.sort((a, b) => a - b);
    return keys.map((k) => ({ row: Math.floor(k / n), col: k % n }));
  }
  if (n > MAX_MATRIX_N) {
    throw new NQueensError(
      `forbiddenSquares lists the squares of excluded diagonals on boards up to ${MAX_MATRIX_N}: got n = ${n}`,
      "out-of-range",
      { option: "board.n", value: n, min: 1, max: MAX_MATRIX_N },
    );
  }
  const f = new Forbidden(board);
  const out: Square[] = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) if (f.has(row, col)) out.push({ row, col });
  }
  return out;
}

/** The line two queens share: the same row, column, diagonal (r-c) or anti-diagonal (r+c). */
export type ConflictKind = "row" | "column" | "diagonal" | "anti-diagonal";

/** Two queens that attack each other, and along which line. */
export interface Conflict {
  /** The first queen of the pair, in board order. */
  readonly a: Queen;
  /** The second queen of the pair. */
  readonly b: Queen;
  /** The line they share: a row, a column or a diagonal. */
  readonly kind: ConflictKind;
}

/** The line along which two distinct queens attack, or undefined when they do not. */
export function attackKind(a: Queen, b: Queen): ConflictKind | undefined {
  if (a.row === b.row) return "row";
  if (a.col === b.col) return "column";
  if (a.row - a.col === b.row - b.col) return "diagonal";
  if (a.row + a.col === b.row + b.col) return "anti-diagonal";
  return undefined;
}

/**
 * Every pair of queens that attack each other, in board order.
 * Two queens on one square share a row (`boardProblems` names them); a queen off the board is an
 * error. Every pair
 * is looked at and listed, so a board holds at most 2,000 queens here (`conflictSummary` counts
 * a million in one pass and lists the first few).
 * @param board - a partial board
 * @returns each attacking pair, with the line they share
 * @throws NQueensError for a board of the wrong shape, n outside 1..1,000,000, a queen off the
 *   board, or more than 2,000 queens
 * @example conflicts({ n: 4, queens: [{ row: 0, col: 0 }, { row: 2, col: 2 }] })
 * // [{ a: {row:0,col:0}, b: {row:2,col:2}, kind: "diagonal" }]
 */
export function conflicts(board: PartialBoard): Conflict[] {
  checkOnBoard(board, "conflicts");
  const k = board.queens.length;
  if (k > MAX_CONFLICT_QUEENS) {
    throw new NQueensError(
      `conflicts lists every pair of at most ${MAX_CONFLICT_QUEENS} queens: got ${k}; conflictSummary counts them in one pass and lists the first`,
      "out-of-range",
      { option: "board.queens", value: k, min: 0, max: MAX_CONFLICT_QUEENS },
    );
  }
  const qs = [...board.queens].sort((p, q) => p.row - q.row || p.col - q.col);
  const out: Conflict[] = [];
  for (let i = 0; i < qs.length; i++) {
    for (let j = i + 1; j < qs.length; j++) {
      const kind = attackKind(qs[i]!, qs[j]!);
      if (kind) out.push({ a: qs[i]!, b: qs[j]!, kind });
    }
  }
  return out;
}

/** How many attacking pairs a board has along each kind of line, and the first few pairs. */
export interface ConflictSummary {
  /** Pairs of queens that share a line (a row, column, diagonal or anti-diagonal). */
  readonly total: number;
  /** Those pairs by the kind of line they share. */
  readonly byKind: Readonly<Record<ConflictKind, number>>;
  /** The first pairs, in the order {@link conflicts} reports them, at most the limit asked for. */
  readonly first: readonly Conflict[];
}

const KINDS: readonly ConflictKind[] = ["row", "column", "diagonal", "anti-diagonal"];

/**
 * The attacking pairs of a board counted in one pass over the queens, O(k + n) time and memory,
 * with the first `limit` of them listed: what `check` reports for a board of a million queens,
 * where {@link conflicts} (every pair) could hold trillions. Queens must be on the board.
 * @throws NQueensError for a board of the wrong shape, n outside 1..1,000,000, a queen off the
 *   board, or a limit that is not a non-negative number
 * @example conflictSummary({ n: 4, queens: [{ row: 0, col: 0 }, { row: 2, col: 2 }] }).total // 1
 */
export function conflictSummary(board: PartialBoard, limit = 20): ConflictSummary {
  const n = checkOnBoard(board, "conflictSummary");
  if (typeof limit !== "number" || Number.isNaN(limit) || limit < 0) {
    throw wrongShape("conflictSummary", "limit", "a non-negative number", limit);
  }
  let qs = board.queens;
  for (let i = 1; i < qs.length; i++) {
    const p = qs[i - 1]!;
    const q = qs[i]!;
    if (p.row > q.row || (p.row === q.row && p.col > q.col)) {
      qs = [...qs].sort((a, b) => a.row - b.row || a.col - b.col);
      break;
    }
  }
  const k = qs.length;
  const lineOf = [
    (q: Queen) => q.row,
    (q: Queen) => q.col,
    (q: Queen) => q.row - q.col + n - 1,
    (q: Queen) => q.row + q.col,
  ];
  const sizes = [n, n, 2 * n - 1, 2 * n - 1];
  const byKind = { row: 0, column: 0, diagonal: 0, "anti-diagonal": 0 };
  const counts = sizes.map((size) => new Int32Array(size));
  let total = 0;
  KINDS.forEach((kind, t) => {
    const c = counts[t]!;
    const line = lineOf[t]!;
    for (const q of qs) c[line(q)]!++;
    let pairs = 0;
    for (let i = 0; i < c.length; i++) pairs += (c[i]! * (c[i]! - 1)) / 2;
    byKind[kind] = pairs;
    total += pairs;
  });
  const first: Conflict[] = [];
  if (total === 0 || limit <= 0) return { total, byKind, first };
  // Buckets of queen indices per line (ascending, since queens are visited in order), so that
  // the queens after queen i on each of its lines can be read off and merged in index order.
  const buckets = KINDS.map((_, t) => {
    const c = counts[t]!;
    const start = new Int32Array(c.length + 1);
    for (let i = 0; i < c.length; i++) start[i + 1] = start[i]! + c[i]!;
    const fill = start.slice(0, c.length);
    const members = new Int32Array(k);
    const place = new Int32Array(k);
    const line = lineOf[t]!;
    for (let i = 0; i < k; i++) {
      const l = line(qs[i]!);
      place[i] = fill[l]!;
      members[fill[l]!++] = i;
    }
    return { start, members, place, line };
  });
  for (let i = 0; i < k && first.length < limit; i++) {
    const partners: [number, ConflictKind][] = [];
    buckets.forEach((b, t) => {
      const end = b.start[b.line(qs[i]!) + 1]!;
      for (let p = b.place[i]! + 1; p < end && p <= b.place[i]! + limit; p++) {
        partners.push([b.members[p]!, KINDS[t]!]);
      }
    });
    partners.sort((x, y) => x[0] - y[0]);
    for (const [j, kind] of partners) {
      if (first.length >= limit) break;
      first.push({ a: qs[i]!, b: qs[j]!, kind });
    }
  }
  return { total, byKind, first };
}

/**
 * Human form of a conflict, 0-based: `queens at (1, 2) and (3, 4) share a diagonal`.
 * @param c - a conflict, as {@link conflicts} lists it
 * @returns one line of text
 */
export function describeConflict(c: Conflict): string {
  if (!isRecord(c)) throw wrongShape("describeConflict", "conflict", "an object { a, b, kind }", c);
  for (const q of ["a", "b"] as const) {
    const v: unknown = c[q];
    if (!isRecord(v) || typeof v.row !== "number" || typeof v.col !== "number") {
      throw wrongShape("describeConflict", `conflict.${q}`, "a queen { row, col }", v);
    }
  }
  const line = c.kind === "anti-diagonal" ? "an anti-diagonal" : `a ${c.kind}`;
  return `queens at (${c.a.row}, ${c.a.col}) and (${c.b.row}, ${c.b.col}) share ${line}`;
}

/**
 * What makes a partial board unusable before any search: queens off the board or two on one
 * square, blocked squares off the board, excluded diagonals that do not exist, and queens on a
 * blocked square or an excluded diagonal. Returns one message per problem; empty when the board
 * is well formed.
 */
export function boardProblems(board: PartialBoard): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  const { n } = board;
  for (const q of board.queens) {
    if (!Number.isInteger(q.row) || !Number.isInteger(q.col)) {
      out.push(`queen at (${q.row}, ${q.col}) is not on integer coordinates`);
    } else if (q.row < 0 || q.row >= n || q.col < 0 || q.col >= n) {
      out.push(`queen at (${q.row}, ${q.col}) is off the ${n}x${n} board`);
    } else if (seen.has(q.row * n + q.col)) {
      out.push(`two queens on one square: (${q.row}, ${q.col})`);
    } else {
      seen.add(q.row * n + q.col);
    }
  }
  const restrictions = restrictionProblems(board);
  out.push(...restrictions);
  if (restrictions.length === 0 && isRestricted(board)) {
    const f = new Forbidden(board);
    for (const q of board.queens) {
      const why = Number.isInteger(q.row) && Number.isInteger(q.col) ? f.reason(q.row, q.col) : "";
      if (why) out.push(`queen at (${q.row}, ${q.col}) stands on ${why}`);
    }
  }
  return out;
}

/**
 * The problems of a board's restrictions alone: blocked squares that are not on the board and
 * excluded diagonals that are not among its 2n - 1 of each kind.
 */
export function restrictionProblems(board: PartialBoard): string[] {
  const out: string[] = [];
  const { n } = board;
  for (const s of board.blocked ?? []) {
    if (!Number.isInteger(s.row) || !Number.isInteger(s.col)) {
      out.push(`blocked square (${s.row}, ${s.col}) is not on integer coordinates`);
    } else if (s.row < 0 || s.row >= n || s.col < 0 || s.col >= n) {
      out.push(`blocked square (${s.row}, ${s.col}) is off the ${n}x${n} board`);
    }
  }
  const e = board.excluded;
  if (e) {
    for (const [kind, values] of [
      ["sum", e.sums],
      ["difference", e.differences],
    ] as const) {
      for (const v of values) {
        if (!Number.isInteger(v) || v < 0 || v > 2 * n - 2) {
          out.push(
            `excluded ${kind} diagonal ${v} is not one of the ${n}x${n} board's (0 to ${2 * n - 2})`,
          );
        }
      }
    }
  }
  return out;
}

/** A public function's board: its shape, and `n` from 1 to 1,000,000 (named `board.n`). */
function checkBoardSize(board: PartialBoard, fn: string): number {
  checkBoardShape(board, fn);
  return checkSize(board.n, MAX_COMPLETE_N, "board.n");
}

/**
 * A public function's board whose queens it reads: its shape, `n` from 1 to 1,000,000, and every
 * queen on the board (two on one square are a conflict there, not an error).
 */
function checkOnBoard(board: PartialBoard, fn: string): number {
  const n = checkBoardSize(board, fn);
  board.queens.forEach((q, i) => {
    if (!(Number.isInteger(q.row) && Number.isInteger(q.col) && q.row >= 0 && q.row < n)) {
      throw offBoard(fn, i, q, n);
    }
    if (!(q.col >= 0 && q.col < n)) throw offBoard(fn, i, q, n);
  });
  return n;
}

function offBoard(fn: string, i: number, q: Queen, n: number): NQueensError {
  return new NQueensError(
    `${fn}: board.queens[${i}] at (${q.row}, ${q.col}) is not a square of the ${n}x${n} board`,
    "invalid-board",
    { option: `board.queens[${i}]` },
  );
}

/**
 * Checks a board given to a public function that takes it as it is (the certificate's checker,
 * which imports nothing but this module): its shape, `n` from 1 to 1,000,000, and its queens,
 * blocked squares and excluded diagonals on the board.
 * @throws NQueensError naming `fn`, the field and the problem
 */
export function checkBoardGiven(board: PartialBoard, fn: string): void {
  checkBoardSize(board, fn);
  const problem = boardProblems(board)[0];
  if (problem) throw new NQueensError(`${fn}: ${problem}`, "invalid-board");
}

/** The queens of a full solution. */
export function queensOf(cols: Solution): Queen[] {
  return cols.map((col, row) => ({ row, col }));
}

/**
 * Whether `cols` is a solution for its own size: a permutation of 0..n-1 with no two queens on
 * one diagonal. O(n) time.
 * @param cols - a placement, `cols[row]` = column
 * @returns true when it is a solution of the n-queens problem for n = `cols.length`
 */
export function isSolution(cols: Solution): boolean {
  if (!Array.isArray(cols))
    throw wrongShape("isSolution", "cols", "an array of column numbers", cols);
  const n = cols.length;
  const col = new Uint8Array(n);
  const diag = new Uint8Array(2 * n);
  const anti = new Uint8Array(2 * n);
  for (let r = 0; r < n; r++) {
    const c = cols[r]!;
    if (!Number.isInteger(c) || c < 0 || c >= n) return false;
    if (col[c] || diag[r - c + n] || anti[r + c]) return false;
    col[c] = diag[r - c + n] = anti[r + c] = 1;
  }
  return n > 0;
}
