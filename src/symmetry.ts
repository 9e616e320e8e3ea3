/**
 * The eight symmetries of the square board (four rotations, four reflections), the canonical form
 * of a solution and orbit sizes (`unique(n)`, one representative per symmetry class, is in
 * solutions.ts, beside the search it walks).
 *
 * Coordinates are 0-based `(row, col)` with row 0 drawn at the top and column 0 at the left.
 * A symmetry maps a permutation to a permutation and a solution to a solution.
 */
import type { Queen, Solution } from "./board.js";
import { checkSize, NQueensError, notAChoice } from "./errors.js";
import { wrongShape } from "./shapes.js";

/**
 * One of the eight symmetries of the board, as a map of `(r, c)` on an `n`-board (`m = n - 1`):
 * - `identity`: `(r, c)`
 * - `rot90`: a quarter turn clockwise, `(c, m - r)`
 * - `rot180`: a half turn, `(m - r, m - c)`
 * - `rot270`: a quarter turn anticlockwise, `(m - c, r)`
 * - `flipH`: left and right swapped (each row reversed), `(r, m - c)`
 * - `flipV`: top and bottom swapped (the rows in reverse order), `(m - r, c)`
 * - `transpose`: mirrored in the main diagonal, `(c, r)`
 * - `antiTranspose`: mirrored in the other diagonal, `(m - c, m - r)`
 */
export type Transform =
  | "identity"
  | "rot90"
  | "rot180"
  | "rot270"
  | "flipH"
  | "flipV"
  | "transpose"
  | "antiTranspose";

/** The eight transforms, in the order {@link images} returns their images. */
export const TRANSFORMS: readonly Transform[] = [
  "identity",
  "rot90",
  "rot180",
  "rot270",
  "flipH",
  "flipV",
  "transpose",
  "antiTranspose",
];

/** Whether a permutation (already checked: the caller trusts it) is its own canonical form. */
export function isLeast(cols: Solution): boolean {
  for (let i = 1; i < TRANSFORMS.length; i++) {
    if (compare(apply(cols, TRANSFORMS[i]!), cols) < 0) return false;
  }
  return true;
}

/**
 * The number of distinct boards among the eight images of a placement. For a solution with
 * `n >= 2` it is 2 (the solution is unchanged by a quarter turn), 4 (unchanged by a half turn
 * only) or 8; the one-square board (n = 1) has orbit size 1.
 */
export type OrbitSize = 1 | 2 | 4 | 8;

/**
 * Where a queen goes under a transform of an `n`-board.
 * @throws NQueensError when n is not a positive integer or the queen is off the board
 * @example transformQueen(8, { row: 0, col: 1 }, "rot90") // { row: 1, col: 7 }
 */
export function transformQueen(n: number, q: Queen, t: Transform): Queen {
  checkSize(n, Number.MAX_SAFE_INTEGER);
  if (!Number.isInteger(q.row) || !Number.isInteger(q.col)) {
    throw new NQueensError(
      `queen at (${q.row}, ${q.col}) is not on integer coordinates`,
      "invalid-board",
    );
  }
  if (q.row < 0 || q.row >= n || q.col < 0 || q.col >= n) {
    throw new NQueensError(
      `queen at (${q.row}, ${q.col}) is off the ${n}x${n} board`,
      "invalid-board",
    );
  }
  const m = n - 1;
  const { row: r, col: c } = q;
  switch (checkTransform(t)) {
    case "identity":
      return { row: r, col: c };
    case "rot90":
      return { row: c, col: m - r };
    case "rot180":
      return { row: m - r, col: m - c };
    case "rot270":
      return { row: m - c, col: r };
    case "flipH":
      return { row: r, col: m - c };
    case "flipV":
      return { row: m - r, col: c };
    case "transpose":
      return { row: c, col: r };
    case "antiTranspose":
      return { row: m - c, col: m - r };
  }
}

/**
 * The image of a full placement under a transform, as a new `cols` array.
 * @param cols a permutation of 0..n-1 (`cols[row]` = column), typically a solution
 * @throws NQueensError when `cols` is not a permutation or `t` is not a transform
 * @example transform([1, 3, 0, 2], "flipH") // [2, 0, 3, 1]
 */
export function transform(cols: Solution, t: Transform): number[] {
  checkPermutation(cols, "transform");
  return apply(cols, checkTransform(t));
}

/**
 * The eight images of a placement, in {@link TRANSFORMS} order (the first is a copy of `cols`).
 * @param cols - a placement, `cols[row]` = column
 * @returns its eight images, each a new array
 * @throws NQueensError when `cols` is not a permutation of 0..n-1
 * @example images([1, 3, 0, 2]).length // 8
 */
export function images(cols: Solution): number[][] {
  checkPermutation(cols, "images");
  return TRANSFORMS.map((t) => apply(cols, t));
}

/**
 * The canonical form of a placement: the lexicographically least of its eight images. Two
 * solutions are symmetric exactly when their canonical forms are equal.
 * @param cols - a placement, `cols[row]` = column
 * @returns the least of its eight images, a new array
 * @throws NQueensError when `cols` is not a permutation of 0..n-1
 * @example canonical([7, 3, 0, 2, 5, 1, 6, 4]) // [0, 4, 7, 5, 2, 6, 1, 3]
 */
export function canonical(cols: Solution): number[] {
  checkPermutation(cols, "canonical");
  let best: number[] | undefined;
  for (const img of images(cols)) {
    if (best === undefined || compare(img, best) < 0) best = img;
  }
  return best!;
}

/**
 * Whether a placement is its own canonical form (no image is lexicographically smaller).
 * @param cols - a placement, `cols[row]` = column
 * @returns true when it is the least of its images
 * @throws NQueensError when `cols` is not a permutation of 0..n-1
 * @example isCanonical([0, 4, 7, 5, 2, 6, 1, 3]) // true
 */
export function isCanonical(cols: Solution): boolean {
  checkPermutation(cols, "isCanonical");
  return isLeast(cols);
}

/**
 * The number of distinct boards among the eight images of a placement (see `OrbitSize`).
 * @param cols - a placement, `cols[row]` = column
 * @returns 1, 2, 4 or 8
 * @throws NQueensError when `cols` is not a permutation of 0..n-1
 * @example orbitSize([1, 3, 0, 2]) // 2 (a quarter turn gives the same board)
 */
export function orbitSize(cols: Solution): OrbitSize {
  checkPermutation(cols, "orbitSize");
  const keys = new Set(images(cols).map((img) => img.join(",")));
  return keys.size as OrbitSize;
}

// ---------------------------------------------------------------------------------------------

function checkTransform(t: Transform): Transform {
  if (!TRANSFORMS.includes(t)) {
    throw notAChoice("transform", t, TRANSFORMS);
  }
  return t;
}

function checkPermutation(cols: Solution, fn: string): void {
  if (!Array.isArray(cols)) throw wrongShape(fn, "cols", "an array of column numbers", cols);
  const n = cols.length;
  const seen = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const c = cols[r]!;
    if (!Number.isInteger(c) || c < 0 || c >= n || seen[c]) {
      const shown = cols.length > 16 ? `${cols.slice(0, 16).join(",")},...` : cols.join(",");
      throw new NQueensError(
        `cols must be a permutation of 0..${n - 1}: got [${shown}]`,
        "invalid-board",
      );
    }
    seen[c] = 1;
  }
  if (n === 0)
    throw new NQueensError("cols must be a permutation of 0..n-1: got []", "invalid-board");
}

/** The image of a permutation (already checked) under t. */
function apply(cols: Solution, t: Transform): number[] {
  const n = cols.length;
  const m = n - 1;
  const out = new Array<number>(n);
  for (let r = 0; r < n; r++) {
    const c = cols[r]!;
    switch (t) {
      case "identity":
        out[r] = c;
        break;
      case "rot90":
        out[c] = m - r;
        break;
      case "rot180":
        out[m - r] = m - c;
        break;
      case "rot270":
        out[m - c] = r;
        break;
      case "flipH":
        out[r] = m - c;
        break;
      case "flipV":
        out[m - r] = c;
        break;
      case "transpose":
        out[c] = r;
        break;
      case "antiTranspose":
        out[m - c] = m - r;
        break;
    }
  }
  return out;
}

/** Lexicographic comparison of two arrays of one length. */
function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return 0;
}
