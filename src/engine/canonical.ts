/**
 * **Counting by canonical forms**: the total and the unique count of a small board from one
 * search that visits about a quarter of the plain search's nodes, on the calling thread, with no
 * table, no thread and no compiled kernel: what `count` uses for the small n whose count is over
 * before any other method has started (`QUICK_N`).
 *
 * A solution is the permutation P (row r holds its queen in column P[r]); its symmetry class is
 * its up to 8 images under the rotations and reflections of the board. The search visits only the
 * class members that read least as sequences (canonical), and adds each one's class size. Why it
 * can cut early:
 *
 * - The first entry of an image is where one of the four edge lines (the top and bottom rows, the
 *   left and right columns) has its queen, read from one of that line's two ends. So a canonical
 *   P has its top-row queen at distance b = P[0] from a corner, and every other edge queen at
 *   least b from both corners: rows above b and below n - 1 - b leave the side columns empty, the
 *   bottom row's queen stands within [b, n - 1 - b], and the side columns, which each hold one
 *   queen, must both be taken by row n - 1 - b.
 * - b = 0 (a corner queen): only the transpose keeps that corner, so P must read less than its
 *   transpose Q at the second entry: P[1] < Q[1], and rows 2 to P[1] leave column 1 empty. (No
 *   solution is its own transpose: a queen pair (i, j), (j, i) shares an anti-diagonal.)
 *
 * A leaf is compared with its images only when another edge queen ties with b; otherwise it is
 * canonical with no symmetry (class size 8). Checked against OEIS A000170 and A002562 for n = 1 to
 * 16, and class by class against the plain counter's Burnside counts (canonical.test.ts).
 *
 * The search is a plain recursion over 32-bit masks (n <= 31 for the shifts; in practice it is
 * for n <= QUICK_N): recursion is what V8 optimises soonest in a process that counts once and
 * exits, which is the whole point here.
 */

/** Total and unique counts, with the class sizes behind them. */
export interface CanonicalCounts {
  readonly total: bigint;
  readonly unique: bigint;
  /** The classes by size: 8 boards (no symmetry), 4 (a half turn), 2 (a quarter turn). */
  readonly classes: { readonly size8: number; readonly size4: number; readonly size2: number };
  /** Search nodes (queens placed), for the tests and the benchmark. */
  readonly nodes: number;
}

/** The largest n the canonical search counts (the masks' width). */
const MAX_CANONICAL_N = 31;

/**
 * One root of the search: row 0's queen and the cuts below it. The search from each root is the
 * same recursion (here, and as WebAssembly in canonical-wasm.ts); the roots are where the cuts
 * above are decided, once, for both.
 */
export interface CanonicalRoot {
  /** b, the least edge distance: row 0's queen stands in column b. */
  readonly b: number;
  /** Columns each row may not take besides the attacked ones (length n). */
  readonly off: Int32Array;
  /** The row that must leave no side column empty (-1: none). */
  readonly sideRow: number;
  /** Whether leaves may tie with b (then they are compared with their images). */
  readonly ties: boolean;
  /** Row 1's masks with row 0's queen placed: the columns used, the two diagonals' attacks. */
  readonly used: number;
  readonly left: number;
  readonly right: number;
}

/**
 * The roots of n's search (n >= 2): the corner classes (b = 0) one per column of row 1's queen,
 * then one root per b >= 1.
 */
export function canonicalRoots(n: number): CanonicalRoot[] {
  const all = (2 ** n - 1) | 0;
  const last = n - 1;
  const roots: CanonicalRoot[] = [];
  const root = (b: number, off: Int32Array, sideRow: number, ties: boolean) => {
    const bit = 1 << b;
    roots.push({ b, off, sideRow, ties, used: bit, left: (bit << 1) & all, right: bit >>> 1 });
  };
  // b = 0 (a corner queen): only the transpose keeps that corner, so P[1] < Q[1] cuts.
  for (let c1 = 2; c1 < n; c1++) {
    const off = new Int32Array(n);
    off[1] = all & ~(1 << c1);
    for (let r = 2; r <= c1 && r < n; r++) off[r] = 2; // column 1 stays empty in rows 2..P[1]
    root(0, off, -1, false); // class size 8, canonical by the cut
  }
  const sides = 1 | (1 << last);
  for (let b = 1; b <= last - b; b++) {
    const off = new Int32Array(n);
    for (let r = 0; r < n; r++) if (r < b || r > last - b) off[r] = sides;
    let inside = 0;
    for (let c = b; c <= last - b; c++) inside |= 1 << c;
    off[last] = off[last]! | (all & ~inside);
    root(b, off, last - b, true);
  }
  return roots;
}

/** The counts from the classes found by size (index 2, 4 or 8) and the nodes visited. */
export function canonicalCounts(
  size2: number,
  size4: number,
  size8: number,
  nodes: number,
): CanonicalCounts {
  const total = 2n * BigInt(size2) + 4n * BigInt(size4) + 8n * BigInt(size8);
  const unique = BigInt(size2) + BigInt(size4) + BigInt(size8);
  return { total, unique, classes: { size8, size4, size2 }, nodes };
}

/** n = 1: one queen, one class (of size 1, outside the three sizes), no search. */
const ONE: CanonicalCounts = {
  total: 1n,
  unique: 1n,
  classes: { size8: 0, size4: 0, size2: 0 },
  nodes: 1,
};

/**
 * Checks n for the canonical search (both ways of running it).
 * @throws RangeError for an n it cannot count (callers check n first)
 */
export function checkCanonicalN(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_CANONICAL_N) {
    throw new RangeError(`n from 1 to ${MAX_CANONICAL_N}`);
  }
}

/**
 * Counts the solutions of n (n from 1 to 31; it is quick only for small n, about n <= 14): the
 * readable search, which canonical-wasm.ts runs faster and the tests compare it with.
 * @throws RangeError for an n it cannot count (callers check n first)
 * @example countCanonical(8) // { total: 92n, unique: 12n, nodes: ... }
 */
export function countCanonical(n: number): CanonicalCounts {
  checkCanonicalN(n);
  if (n === 1) return ONE;
  const s = new Search(n);
  for (const root of canonicalRoots(n)) s.run(root);
  return canonicalCounts(s.bySize[2]!, s.bySize[4]!, s.bySize[8]!, s.nodes);
}

/** One count's state: the masks' size, the queens placed, the root being searched. */
class Search {
  nodes = 0;
  /** Classes found, by class size (index 2, 4 or 8). */
  readonly bySize = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  private readonly all: number;
  private readonly last: number;
  /** P[r]: the column of row r's queen, as far as placed. */
  private readonly cols: Int32Array;
  /** Scratch: the inverse permutation at a leaf. */
  private readonly rows: Int32Array;
  /** The root's cuts (set by `run`): extra exclusions by row, the side row, ties, b. */
  private off: Int32Array = new Int32Array(0);
  private sideRow = -1;
  private readonly sides: number;
  private ties = false;
  private b = 0;

  constructor(private readonly n: number) {
    this.all = (2 ** n - 1) | 0;
    this.last = n - 1;
    this.cols = new Int32Array(n);
    this.rows = new Int32Array(n);
    this.sides = 1 | (1 << (n - 1));
  }

  /** Searches below one root. */
  run(root: CanonicalRoot): void {
    this.off = root.off;
    this.sideRow = root.sideRow;
    this.ties = root.ties;
    this.b = root.b;
    this.cols[0] = root.b;
    this.place(1, root.used, root.left, root.right);
  }

  // The hot recursion: masks as locals, no allocation, the side-column rule inline.
  private place(r: number, used: number, left: number, right: number): void {
    const { all, last } = this;
    let free = all & ~(used | left | right | this.off[r]!);
    if (r === this.sideRow) {
      const missing = this.sides & ~used;
      if (missing === this.sides) return; // both side columns would need a later row
      if (missing !== 0) free &= missing;
    }
    if (r === last) {
      while (free !== 0) {
        const bit = free & -free;
        free ^= bit;
        this.nodes++;
        this.cols[r] = 31 - Math.clz32(bit);
        this.leaf();
      }
      return;
    }
    while (free !== 0) {
      const bit = free & -free;
      free ^= bit;
      this.nodes++;
      this.cols[r] = 31 - Math.clz32(bit);
      this.place(r + 1, used | bit, ((left | bit) << 1) & all, (right | bit) >>> 1);
    }
  }

  /** A full placement that passed the cuts: counted when it is canonical, by its class size. */
  private leaf(): void {
    const size = this.ties && this.tied() ? this.classSize() : 8;
    if (size === 0) return;
    this.bySize[size] = this.bySize[size]! + 1;
  }

  /** Whether another edge queen stands at the least distance b (then images may read as low). */
  private tied(): boolean {
    const { cols, last, b } = this;
    const hi = last - b;
    if (b === hi) return true;
    const bottom = cols[last]!;
    if (bottom === b || bottom === hi) return true;
    // The side columns' queens: rows b and hi are the only tying ones they may stand in.
    const atB = cols[b]!;
    const atHi = cols[hi]!;
    return atB === 0 || atB === last || atHi === 0 || atHi === last;
  }

  /**
   * The class size of the placement when it reads least among its 8 images, else 0. The images
   * are P and its inverse Q, each read forwards or backwards, each with columns mirrored or not.
   */
  private classSize(): number {
    const { cols: p, rows: q, n, last } = this;
    for (let r = 0; r < n; r++) q[p[r]!] = r;
    let fixed = 1;
    for (let k = 1; k < 8; k++) {
      const a = k & 4 ? q : p;
      const backwards = (k & 2) !== 0;
      const mirrored = (k & 1) !== 0;
      let order = 0;
      for (let x = 0; x < n; x++) {
        let v = a[backwards ? last - x : x]!;
        if (mirrored) v = last - v;
        if (v !== p[x]) {
          order = v < p[x]! ? -1 : 1;
          break;
        }
      }
      if (order < 0) return 0;
      if (order === 0) fixed++;
    }
    return 8 / fixed;
  }
}
