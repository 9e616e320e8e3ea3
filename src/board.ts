/**
 * The board model shared by every module.
 *
 * A full solution is a permutation `cols` with `cols[row]` the 0-based column of the queen in
 * that row. A partial board is a size plus the queens already placed.
 */

/** A full placement: `cols[row]` is the column of the queen in `row` (0-based). */
export type Solution = readonly number[];

/** One queen on the board, 0-based. */
export interface Queen {
  readonly row: number;
  readonly col: number;
}

/** A board of size `n` with some queens already placed (possibly none, possibly all). */
export interface PartialBoard {
  readonly n: number;
  readonly queens: readonly Queen[];
}

/** The line two queens share: the same row, column, diagonal (r-c) or anti-diagonal (r+c). */
export type ConflictKind = "row" | "column" | "diagonal" | "anti-diagonal";

/** Two queens that attack each other, and along which line. */
export interface Conflict {
  readonly a: Queen;
  readonly b: Queen;
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
 * Queens off the board or two queens on one square are reported by {@link boardProblems}.
 * @example conflicts({ n: 4, queens: [{ row: 0, col: 0 }, { row: 2, col: 2 }] })
 * // [{ a: {row:0,col:0}, b: {row:2,col:2}, kind: "diagonal" }]
 */
export function conflicts(board: PartialBoard): Conflict[] {
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
 * @example conflictSummary({ n: 4, queens: [{ row: 0, col: 0 }, { row: 2, col: 2 }] }).total // 1
 */
export function conflictSummary(board: PartialBoard, limit = 20): ConflictSummary {
  const { n } = board;
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

/** Human form of a conflict, 0-based: `queens at (1, 2) and (3, 4) share a diagonal`. */
export function describeConflict(c: Conflict): string {
  const line = c.kind === "anti-diagonal" ? "an anti-diagonal" : `a ${c.kind}`;
  return `queens at (${c.a.row}, ${c.a.col}) and (${c.b.row}, ${c.b.col}) share ${line}`;
}

/**
 * What makes a partial board unusable before any search: queens off the board or two on one
 * square. Returns one message per problem; empty when the board is well formed.
 */
export function boardProblems(board: PartialBoard): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  for (const q of board.queens) {
    if (!Number.isInteger(q.row) || !Number.isInteger(q.col)) {
      out.push(`queen at (${q.row}, ${q.col}) is not on integer coordinates`);
    } else if (q.row < 0 || q.row >= board.n || q.col < 0 || q.col >= board.n) {
      out.push(`queen at (${q.row}, ${q.col}) is off the ${board.n}x${board.n} board`);
    } else if (seen.has(q.row * board.n + q.col)) {
      out.push(`two queens on one square: (${q.row}, ${q.col})`);
    } else {
      seen.add(q.row * board.n + q.col);
    }
  }
  return out;
}

/** The queens of a full solution. */
export function queensOf(cols: Solution): Queen[] {
  return cols.map((col, row) => ({ row, col }));
}

/**
 * Whether `cols` is a solution for its own size: a permutation of 0..n-1 with no two queens on
 * one diagonal. O(n) time.
 */
export function isSolution(cols: Solution): boolean {
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
