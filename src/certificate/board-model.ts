/**
 * **The checker's own board model** (shares nothing with the completion search): the free rows
 * and free columns of an instance (at most 32 of each), a position on them (the squares still
 * possible and the queens placed), and the few rules the checker derives facts with. Every rule
 * is plainly sound: a queen rules out every square it attacks; a line (row or column) needs one
 * queen, so a line with one possible square left gets its queen there (the forced rule, the only
 * one a version 2 tree uses: `closeForced`), and a square that attacks every possible square of
 * a line with two left (or one) is ruled out (version 1 trees: `close`, `closeLeaf`).
 *
 * A position: `open[i]`, bit j set while square (free row i, free column j) is still possible
 * (a placed queen's own square stays set), and `byCol[j]` the same by column; `rowQueen[i]`,
 * the free column of row i's queen or -1; `colQueen[j]` likewise; `free`, the lines without a
 * queen as two masks. `attacks(i, j, i2)`: the squares of free row i2 that a queen on (i, j)
 * attacks (for i2 = i, its row but its own square).
 */
import type { PartialBoard } from "../board.js";

/** A position of the free lines; see the module comment. */
export interface Position {
  readonly open: Int32Array;
  /** The same squares by column: bit i of `byCol[j]` is bit j of `open[i]`. */
  readonly byCol: Int32Array;
  readonly rowQueen: Int32Array;
  readonly colQueen: Int32Array;
  /** `free[0]`: the rows without a queen (bit i: free row i); `free[1]`: the columns. */
  readonly free: Int32Array;
}

/** A line of the free board: a free row or a free column, by its index among them. */
export interface Line {
  readonly kind: "row" | "col";
  readonly index: number;
}

function bits(x: number): number {
  let k = 0;
  for (let y = x; y !== 0; y &= y - 1) k++;
  return k;
}

function lowest(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The instance's free lines, the starting position and the attack table. */
export class FreeBoard {
  readonly n: number;
  /** Board row of free row i, ascending; board column of free column j, ascending. */
  readonly rows: readonly number[];
  readonly cols: readonly number[];
  /** Free row index of a board row (-1: not free), likewise columns. */
  private readonly rowIndex: Map<number, number>;
  private readonly colIndex: Map<number, number>;
  readonly m: number;
  private readonly all: number;
  /** `table[(i m + j) m + i2]`: `attacks(i, j, i2)`; `colTable[(i m + j) m + j2]`: by column. */
  private readonly table: Int32Array;
  private readonly colTable: Int32Array;
  /** Every free line, rows first. */
  private readonly lines: readonly Line[];
  /** The position before any decision: squares attacked by a fixed queen or forbidden are out. */
  readonly start: Position;

  /**
   * The free lines of a board whose fixed queens attack no one and stand on allowed squares
   * (see {@link fixedClash}), missing at most 32 queens.
   */
  constructor(board: PartialBoard) {
    const { n } = board;
    this.n = n;
    const usedRow = new Set(board.queens.map((q) => q.row));
    const usedCol = new Set(board.queens.map((q) => q.col));
    const usedSum = new Set(board.queens.map((q) => q.row + q.col));
    const usedDiff = new Set(board.queens.map((q) => q.row - q.col));
    const rows: number[] = [];
    const cols: number[] = [];
    for (let r = 0; r < n; r++) if (!usedRow.has(r)) rows.push(r);
    for (let c = 0; c < n; c++) if (!usedCol.has(c)) cols.push(c);
    if (rows.length !== cols.length || rows.length > 32) {
      throw new RangeError(`the checker takes at most 32 free rows: got ${rows.length}`);
    }
    this.rows = rows;
    this.cols = cols;
    this.rowIndex = new Map(rows.map((r, i) => [r, i]));
    this.colIndex = new Map(cols.map((c, j) => [c, j]));
    const m = rows.length;
    this.m = m;
    this.all = m === 32 ? -1 : (1 << m) - 1;
    const forbidden = forbiddenTest(board);
    const open = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        const r = rows[i]!;
        const c = cols[j]!;
        if (usedSum.has(r + c) || usedDiff.has(r - c) || forbidden(r, c)) continue;
        open[i]! |= 1 << j;
      }
    }
    const byCol = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) if ((open[i]! >>> j) & 1) byCol[j]! |= 1 << i;
    }
    this.start = {
      open,
      byCol,
      rowQueen: new Int32Array(m).fill(-1),
      colQueen: new Int32Array(m).fill(-1),
      free: Int32Array.of(this.all, this.all),
    };
    this.lines = [
      ...rows.map((_, index) => ({ kind: "row" as const, index })),
      ...cols.map((_, index) => ({ kind: "col" as const, index })),
    ];
    this.table = new Int32Array(m * m * m);
    this.colTable = new Int32Array(m * m * m);
    for (let i = 0; i < m; i++) {
      for (let j = 0; j < m; j++) {
        for (let i2 = 0; i2 < m; i2++) {
          let mask = 0;
          for (let j2 = 0; j2 < m; j2++) {
            const dr = rows[i2]! - rows[i]!;
            const dc = cols[j2]! - cols[j]!;
            const same = i2 === i && j2 === j;
            if (!same && (dr === 0 || dc === 0 || dr === dc || dr === -dc)) mask |= 1 << j2;
          }
          this.table[(i * m + j) * m + i2] = mask;
          // The same squares by column: bit i2 of colTable[(i, j), j2].
          for (let y = mask; y !== 0; y &= y - 1) {
            this.colTable[(i * m + j) * m + lowest(y)]! |= 1 << i2;
          }
        }
      }
    }
  }

  /** The free row of a board row, or -1. */
  freeRow(r: number): number {
    return this.rowIndex.get(r) ?? -1;
  }

  /** The free column of a board column, or -1. */
  freeCol(c: number): number {
    return this.colIndex.get(c) ?? -1;
  }

  /** The squares of free row i2 that a queen on (i, j) attacks. */
  attacks(i: number, j: number, i2: number): number {
    return this.table[(i * this.m + j) * this.m + i2]!;
  }

  copy(p: Position): Position {
    return {
      open: p.open.slice(),
      byCol: p.byCol.slice(),
      rowQueen: p.rowQueen.slice(),
      colQueen: p.colQueen.slice(),
      free: p.free.slice(),
    };
  }

  /** Copies position `from` into `to` (both of this board). */
  copyInto(from: Position, to: Position): void {
    to.open.set(from.open);
    to.byCol.set(from.byCol);
    to.rowQueen.set(from.rowQueen);
    to.colQueen.set(from.colQueen);
    to.free[0] = from.free[0]!;
    to.free[1] = from.free[1]!;
  }

  /** Rules out the squares `x` of free row i (in both views of the position). */
  private remove(p: Position, i: number, x: number): void {
    p.open[i]! &= ~x;
    for (let y = x; y !== 0; y &= y - 1) p.byCol[lowest(y)]! &= ~(1 << i);
  }

  /** The possible squares of a line: columns of a row, rows of a column. */
  squares(p: Position, line: Line): number {
    return line.kind === "row" ? p.open[line.index]! : p.byCol[line.index]!;
  }

  /** Whether the line holds a queen. */
  hasQueen(p: Position, line: Line): boolean {
    return (line.kind === "row" ? p.rowQueen : p.colQueen)[line.index]! >= 0;
  }

  /**
   * Puts a queen on (i, j): every square it attacks is ruled out (in both views: row by row,
   * column by column). Notes in `touchedRows` and `touchedCols` the lines it took squares from.
   */
  place(p: Position, i: number, j: number): void {
    const { m, table, colTable } = this;
    const { open, byCol, free } = p;
    p.rowQueen[i] = j;
    p.colQueen[j] = i;
    const at = (i * m + j) * m;
    let rows = 0;
    let cols = 0;
    // Only the lines without a queen can lose a square (a queen's line keeps only its own
    // square); row i and column j among them, which keep only (i, j).
    for (let rest = free[0]!; rest !== 0; rest &= rest - 1) {
      const k = lowest(rest);
      const x = open[k]! & table[at + k]!;
      if (x !== 0) {
        open[k] = open[k]! & ~x;
        rows |= 1 << k;
      }
    }
    for (let rest = free[1]!; rest !== 0; rest &= rest - 1) {
      const k = lowest(rest);
      const y = byCol[k]! & colTable[at + k]!;
      if (y !== 0) {
        byCol[k] = byCol[k]! & ~y;
        cols |= 1 << k;
      }
    }
    free[0] = free[0]! & ~(1 << i);
    free[1] = free[1]! & ~(1 << j);
    this.touchedRows |= rows;
    this.touchedCols |= cols;
  }

  /**
   * The lines `place` took squares from since `closeFrom` last cleared them (bit i: free row i;
   * bit j: free column j).
   */
  private touchedRows = 0;
  private touchedCols = 0;

  /**
   * The forced closure (version 2), in place: a line without a queen that has one possible
   * square left gets its queen there, until nothing changes. True when it meets a line without
   * a queen and without a square: the position has no completion. Whatever the order, a
   * position either always meets such a line or always ends in the same closure (a forced
   * square stays possible in every later position that does not fail, so every order places it).
   */
  closeForced(p: Position): boolean {
    return this.closeFrom(p, this.all, this.all);
  }

  /**
   * Puts a queen on (i, j) in a position that the forced rule had closed without meeting an
   * empty line, and closes it again ({@link closeForced}): only the lines the queen took squares
   * from can have become forced or empty, so only they are looked at first.
   */
  placeAndClose(p: Position, i: number, j: number): boolean {
    this.touchedRows = 0;
    this.touchedCols = 0;
    this.place(p, i, j);
    return this.closeFrom(p, this.touchedRows, this.touchedCols);
  }

  /**
   * The forced closure, looking at the lines `rows` and `cols` (bit masks) and then at every
   * line a placement takes squares from (a line's squares change only then).
   */
  private closeFrom(p: Position, rows: number, cols: number): boolean {
    while ((rows | cols) !== 0) {
      this.touchedRows = 0;
      this.touchedCols = 0;
      if (rows !== 0) {
        const i = lowest(rows);
        rows &= rows - 1;
        if (p.rowQueen[i]! >= 0) continue;
        const x = p.open[i]!;
        if (x === 0) return true;
        if ((x & (x - 1)) === 0) this.place(p, i, lowest(x));
      } else {
        const j = lowest(cols);
        cols &= cols - 1;
        if (p.colQueen[j]! >= 0) continue;
        const x = p.byCol[j]!;
        if (x === 0) return true;
        if ((x & (x - 1)) === 0) this.place(p, lowest(x), j);
      }
      rows |= this.touchedRows;
      cols |= this.touchedCols;
    }
    return false;
  }

  /** Whether every free row has its queen: the position is a completion. */
  complete(p: Position): boolean {
    for (let i = 0; i < this.m; i++) if (p.rowQueen[i]! < 0) return false;
    return true;
  }

  /**
   * Rules out every square outside the line that attacks all of `these` (squares of the line, as
   * its mask), or with `these` empty, every square that attacks two of the line's squares. True
   * when some square was ruled out.
   */
  private cut(p: Position, line: Line, these: number): boolean {
    const { m } = this;
    let changed = false;
    for (let i2 = 0; i2 < m; i2++) {
      if (line.kind === "row" && i2 === line.index) continue;
      let every = this.all;
      let once = 0;
      let twice = 0;
      const pool = these === 0 ? this.all : these;
      for (let y = pool; y !== 0; y &= y - 1) {
        const k = lowest(y);
        const x =
          line.kind === "row" ? this.attacks(line.index, k, i2) : this.attacks(k, line.index, i2);
        every &= x;
        twice |= once & x;
        once |= x;
      }
      let kill = (these === 0 ? twice : every) & p.open[i2]!;
      if (line.kind === "col") kill &= ~(1 << line.index);
      if (kill !== 0) {
        this.remove(p, i2, kill);
        changed = true;
      }
    }
    return changed;
  }

  /**
   * The position's closure, in place: lines with one square left get their queen, squares that
   * attack both squares of a line with two are ruled out, until nothing changes. Returns the
   * first line without a queen found with no square left (the position is then contradictory),
   * or undefined. A position that never meets such a line ends in the one closure of these rules,
   * whatever their order.
   */
  close(p: Position): Line | undefined {
    // The squares each line was last cut with: the same squares cut nothing new.
    const cutWith = new Int32Array(2 * this.m).fill(-1);
    for (;;) {
      let placed = false;
      for (const line of this.lines) {
        if (this.hasQueen(p, line)) continue;
        const x = this.squares(p, line);
        if (x === 0) return line;
        if (bits(x) === 1) {
          if (line.kind === "row") this.place(p, line.index, lowest(x));
          else this.place(p, lowest(x), line.index);
          placed = true;
        }
      }
      if (placed) continue;
      let cut = false;
      for (let k = 0; k < this.lines.length; k++) {
        const line = this.lines[k]!;
        if (this.hasQueen(p, line)) continue;
        const x = this.squares(p, line);
        if (bits(x) !== 2 || cutWith[k] === x) continue;
        cutWith[k] = x;
        if (this.cut(p, line, x)) cut = true;
      }
      if (!cut) return undefined;
    }
  }

  /**
   * A leaf's closure, in place, until line `goal` has no square left (true) or nothing changes
   * (false): only the queens `allowed` may be placed (each when a line of its own has no other
   * square left), and every line with at most two squares left rules out what attacks all of
   * them (with none left, what attacks two of its squares). Every premise only grows, so the end
   * is the same in any order, and contains every fact the search derived when its queens are
   * the ones allowed. The cheap rules go first: placing, then lines with one or two squares,
   * then (rarely needed) the lines with none.
   */
  closeLeaf(p: Position, allowed: readonly (readonly [number, number])[], goal: Line): boolean {
    const done = new Uint8Array(allowed.length);
    const cutWith = new Int32Array(2 * this.m).fill(-1);
    const rule = (k: number, fewest: number, most: number): boolean => {
      const line = this.lines[k]!;
      const x = this.squares(p, line);
      const b = bits(x);
      if (b < fewest || b > most || cutWith[k] === x) return false;
      // A queen alone on its line: placing it already ruled out what attacks it.
      if (b === 1 && this.hasQueen(p, line)) return false;
      cutWith[k] = x;
      return this.cut(p, line, x);
    };
    for (;;) {
      if (this.squares(p, goal) === 0) return true;
      let changed = false;
      for (let k = 0; k < allowed.length; k++) {
        if (done[k]) continue;
        const [i, j] = allowed[k]!;
        if ((p.open[i]! & ~(1 << j)) === 0 || (p.byCol[j]! & ~(1 << i)) === 0) {
          this.place(p, i, j);
          done[k] = 1;
          changed = true;
        }
      }
      for (let k = 0; k < this.lines.length && !changed; k++) changed = rule(k, 1, 2);
      for (let k = 0; k < this.lines.length && !changed; k++) changed = rule(k, 0, 0);
      if (!changed) return false;
    }
  }

  /**
   * Whether the diagonals still possible cannot take the queens still missing. The k missing
   * queens stand on k distinct sum diagonals whose values r + c add up to the sum tS of the free
   * rows and columns without a queen (likewise r - c and tD); so tS must lie between the sums of
   * the k smallest and the k largest values possible. And the squares of those values add up to
   * 2 (sum r^2 + sum c^2) = tQ, while (k being the count, mu = tS / k) the sum of s^2 is
   * tS^2 / k + sum (s - mu)^2, at least tS^2 / k plus the k values nearest to mu; times k^2,
   * that is k tS^2 + the k smallest (k s - tS)^2. (Checked for n <= 65536, where it is exact.)
   */
  boundFails(p: Position): boolean {
    const sums = new Set<number>();
    const diffs = new Set<number>();
    let k = 0;
    let tS = 0;
    let tD = 0;
    let tQ = 0;
    for (let i = 0; i < this.m; i++) {
      if (p.rowQueen[i]! >= 0) continue;
      k++;
      const r = this.rows[i]!;
      tS += r;
      tD += r;
      tQ += 2 * r * r;
      for (let y = p.open[i]!; y !== 0; y &= y - 1) {
        const c = this.cols[lowest(y)]!;
        sums.add(r + c);
        diffs.add(r - c);
      }
    }
    for (let j = 0; j < this.m; j++) {
      if (p.colQueen[j]! >= 0) continue;
      const c = this.cols[j]!;
      tS += c;
      tD -= c;
      tQ += 2 * c * c;
    }
    if (k === 0) return false;
    const s = [...sums].sort((a, b) => a - b);
    const d = [...diffs].sort((a, b) => a - b);
    if (outOfReach(s, k, tS) || outOfReach(d, k, tD)) return true;
    if (this.n > 65536) return false;
    return k * tS * tS + nearest(s, k, tS) + k * tD * tD + nearest(d, k, tD) > k * k * tQ;
  }
}

/** Whether no k of the ascending values add up to `target` (the bounds alone). */
function outOfReach(values: readonly number[], k: number, target: number): boolean {
  if (values.length < k) return true;
  let least = 0;
  let most = 0;
  for (let t = 0; t < k; t++) {
    least += values[t]!;
    most += values[values.length - 1 - t]!;
  }
  return target < least || target > most;
}

/** The k smallest (k v - target)^2 over the values, added up. */
function nearest(values: readonly number[], k: number, target: number): number {
  const spread = values.map((v) => (k * v - target) ** 2).sort((a, b) => a - b);
  let sum = 0;
  for (let t = 0; t < k; t++) sum += spread[t]!;
  return sum;
}

/** Whether the board forbids (r, c): a blocked square or an excluded diagonal. */
export function forbiddenTest(board: PartialBoard): (r: number, c: number) => boolean {
  const { n } = board;
  const blocked = new Set((board.blocked ?? []).map((s) => s.row * n + s.col));
  const sums = new Set(board.excluded?.sums ?? []);
  const diffs = new Set(board.excluded?.differences ?? []);
  return (r, c) => blocked.has(r * n + c) || sums.has(r + c) || diffs.has(r - c + n - 1);
}

/** Two fixed queens that attack each other, or undefined. */
export function fixedClash(board: PartialBoard): [number, number, number, number] | undefined {
  const seen = new Map<string, { row: number; col: number }>();
  for (const q of board.queens) {
    for (const key of [`r${q.row}`, `c${q.col}`, `s${q.row + q.col}`, `d${q.row - q.col}`]) {
      const other = seen.get(key);
      if (other) return [other.row, other.col, q.row, q.col];
      seen.set(key, q);
    }
  }
  return undefined;
}
