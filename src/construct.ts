/**
 * One solution by formula, in O(n): the classic explicit construction (Hoffman, Loessi and Moore,
 * 1969; as usually stated, by the remainder of n divided by 6).
 *
 * In 1-based terms, row i holds the i-th number of the list "even columns, then odd columns":
 * - n mod 6 is not 2 or 3: 2, 4, 6, ..., then 1, 3, 5, ...
 * - n mod 6 = 2: the odd part becomes 3, 1, 7, 9, 11, ..., 5 (1 and 3 swapped, 5 moved to the end)
 * - n mod 6 = 3: the even part becomes 4, 6, ..., 2 (2 moved to the end) and the odd part
 *   5, 7, ..., 1, 3 (1 and 3 moved to the end)
 */
import { checkSize } from "./errors.js";
import { MAX_CONSTRUCT_N } from "./limits.js";

/**
 * A solution for `n` by the explicit construction, or undefined when there is none (n = 2, 3).
 * O(n) time; n = 10,000,000 takes well under a second.
 * @throws NQueensError when n is not an integer from 1 to 10,000,000
 * @example construct(8) // [1, 3, 5, 7, 2, 0, 6, 4]
 */
export function construct(n: number): number[] | undefined {
  checkSize(n, MAX_CONSTRUCT_N);
  if (n === 1) return [0];
  if (n < 4) return undefined;
  const cols = new Array<number>(n);
  let row = 0;
  const put = (k: number) => {
    cols[row++] = k - 1;
  };
  const rest = n % 6;
  // Even part.
  for (let k = rest === 3 ? 4 : 2; k <= n; k += 2) put(k);
  if (rest === 3) put(2);
  // Odd part.
  if (rest === 2) {
    put(3);
    put(1);
    for (let k = 7; k <= n; k += 2) put(k);
    put(5);
  } else if (rest === 3) {
    for (let k = 5; k <= n; k += 2) put(k);
    put(1);
    put(3);
  } else {
    for (let k = 1; k <= n; k += 2) put(k);
  }
  return cols;
}
