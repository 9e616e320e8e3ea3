/**
 * The one error type the library throws for input it cannot accept.
 *
 * The message names the problem and the value (`n must be an integer from 1 to 32: got 40`),
 * so a command can print it as it is, on one line, and exit with status 2.
 */
export class NQueensError extends Error {
  override readonly name = "NQueensError";
}

/**
 * Checks a board size and returns it.
 * @param n the size to check
 * @param max the largest size the caller supports
 * @param what how the caller names the value in the message
 * @throws NQueensError when n is not an integer in 1..max
 * @example checkSize(8, 32) // 8
 */
export function checkSize(n: number, max: number, what = "n"): number {
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new NQueensError(`${what} must be an integer from 1 to ${max}: got ${n}`);
  }
  return n;
}
