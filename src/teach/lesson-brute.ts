/**
 * Brute force as a lesson: the placements of n queens on the n*n squares in the order the
 * library's brute force walks them (algorithms/brute-force.ts: combinations of square numbers
 * `row * n + col`, in lexicographic order), each tested pair by pair until a pair attacks.
 *
 * Any placement is reached from its number without walking the ones before it (the
 * combinatorial number system), so a page can step, scrub and jump through all C(n*n, n) of
 * them, and the number of each solution is known without the walk.
 */
import { attackKind, type ConflictKind, type Queen } from "../board.js";
import { checkSize, NQueensError } from "../errors.js";
import { MAX_BRUTE_LESSON_N } from "../limits.js";

const binomials = new Map<string, number>();

/** C(m, k), exact for the sizes used here (below 2^53). */
function binomial(m: number, k: number): number {
  if (k < 0 || k > m) return 0;
  const key = `${m},${k}`;
  let v = binomials.get(key);
  if (v === undefined) {
    v = 1;
    for (let i = 0; i < k; i++) v = (v * (m - i)) / (i + 1);
    v = Math.round(v);
    binomials.set(key, v);
  }
  return v;
}

function checkN(n: number): void {
  checkSize(n, MAX_BRUTE_LESSON_N);
}

/**
 * How many placements brute force tries on the n×n board: C(n*n, n).
 * @example placementCount(4) // 1820
 */
export function placementCount(n: number): number {
  checkN(n);
  return binomial(n * n, n);
}

/**
 * The placement with number `index` (from 0), as its n square numbers ascending.
 * @throws NQueensError when index is not a whole number below {@link placementCount}
 * @example placementAt(4, 0) // [0, 1, 2, 3]: the whole top row
 */
export function placementAt(n: number, index: number): number[] {
  checkN(n);
  const squares = n * n;
  if (!Number.isInteger(index) || index < 0 || index >= binomial(squares, n)) {
    throw new NQueensError(
      `placement number must be from 0 to C(${squares}, ${n}) - 1: got ${index}`,
      "out-of-range",
      { option: "index", min: 0 },
    );
  }
  const out: number[] = [];
  let rest = index;
  let from = 0;
  for (let i = 0; i < n; i++) {
    // The next square is the first `s` whose block of placements holds `rest`.
    for (let s = from; ; s++) {
      const block = binomial(squares - s - 1, n - i - 1);
      if (rest < block) {
        out.push(s);
        from = s + 1;
        break;
      }
      rest -= block;
    }
  }
  return out;
}

/**
 * The number of a placement (its squares ascending), the inverse of {@link placementAt}.
 * @example placementIndex(4, [1, 7, 8, 14]) // the number of the solution 1 3 0 2
 */
export function placementIndex(n: number, squares: readonly number[]): number {
  checkN(n);
  const total = n * n;
  let index = 0;
  let from = 0;
  squares.forEach((sq, i) => {
    for (let s = from; s < sq; s++) index += binomial(total - s - 1, n - i - 1);
    from = sq + 1;
  });
  return index;
}

/** The first pair of a placement that attacks each other, in the order brute force tests. */
export interface BruteClash {
  /** Which queens of the placement (by position in its square list). */
  readonly i: number;
  readonly j: number;
  readonly a: Queen;
  readonly b: Queen;
  readonly kind: ConflictKind;
}

/**
 * The first attacking pair of a placement as brute force finds it (queen i against each later
 * queen j, i from the first), or undefined when the placement is a solution.
 * @example firstClash(4, [0, 1, 2, 3])?.kind // "row"
 */
export function firstClash(n: number, squares: readonly number[]): BruteClash | undefined {
  for (let i = 0; i < squares.length; i++) {
    const a = { row: Math.floor(squares[i]! / n), col: squares[i]! % n };
    for (let j = i + 1; j < squares.length; j++) {
      const b = { row: Math.floor(squares[j]! / n), col: squares[j]! % n };
      const kind = attackKind(a, b);
      if (kind) return { i, j, a, b, kind };
    }
  }
  return undefined;
}

/**
 * The placement number of a solution (`cols[row]` = column): its squares are `row * n + col`.
 * @example solutionIndex([1, 3, 0, 2]) === placementIndex(4, [1, 7, 8, 14]) // true
 */
export function solutionIndex(cols: readonly number[]): number {
  const n = cols.length;
  return placementIndex(
    n,
    cols.map((c, r) => r * n + c),
  );
}
