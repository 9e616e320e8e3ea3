/**
 * The shapes of what a public function is given, checked at its entry: a board is an object with
 * a numeric `n` and an array of queens, options are an object, a callback is a function, a
 * signal is an AbortSignal. A wrong shape is an {@link NQueensError} (`invalid-value`, the field
 * in `details.option`) whose one line names the function and the field
 * (`completeOne: board.queens must be an array: got undefined`), never a raw TypeError from
 * deeper down. Ranges stay with each function (`checkSize` and the like).
 */
import { checkSize, NQueensError, shownValue } from "./errors.js";

/** A value of the wrong kind for `field` of `fn`'s input. */
export function wrongShape(
  fn: string,
  field: string,
  expected: string,
  value: unknown,
): NQueensError {
  return new NQueensError(
    `${fn}: ${field} must be ${expected}: got ${shownValue(value)}`,
    "invalid-value",
    { option: field, value: shownValue(value) },
  );
}

/** Whether a value is an object that is not null and not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An options argument: undefined stands for no options (`{}`), anything else must be an object.
 * @throws NQueensError `fn: options must be an object` for null, a string, a number, an array
 */
export function checkOptions<T extends object>(
  options: T | undefined,
  fn: string,
  field = "options",
): T {
  if (options === undefined) return {} as T;
  if (!isRecord(options)) throw wrongShape(fn, field, "an object", options);
  return options;
}

/** An optional callback option (`onProgress`, `onMessage`): undefined or a function. */
export function checkCallback(options: object, name: string, fn: string, field = "options"): void {
  const value = (options as Record<string, unknown>)[name];
  if (value !== undefined && typeof value !== "function") {
    throw wrongShape(fn, `${field}.${name}`, "a function", value);
  }
}

/**
 * Whether a value is an AbortSignal: by its interface rather than `instanceof`, so that a signal
 * from another realm (a page's frame, a test's polyfill) passes.
 */
function isSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as AbortSignal).aborted === "boolean" &&
    typeof (value as AbortSignal).addEventListener === "function"
  );
}

/** The `signal` and `onProgress` options of a long job: undefined or what they must be. */
export function checkJobOptions(options: object, fn: string, field = "options"): void {
  const signal = (options as { signal?: unknown }).signal;
  if (signal !== undefined && !isSignal(signal)) {
    throw wrongShape(fn, `${field}.signal`, "an AbortSignal", signal);
  }
  checkCallback(options, "onProgress", fn, field);
}

/** A string argument (text to read, a judge's input, a name). */
export function checkString(value: unknown, fn: string, field: string): string {
  if (typeof value !== "string") throw wrongShape(fn, field, "a string", value);
  return value;
}

/** Squares (queens, blocked squares): an array of objects with numeric `row` and `col`. */
export function checkSquares(squares: unknown, fn: string, field: string): void {
  if (!Array.isArray(squares)) throw wrongShape(fn, field, "an array", squares);
  for (let i = 0; i < squares.length; i++) {
    const s: unknown = squares[i];
    if (!isRecord(s)) throw wrongShape(fn, `${field}[${i}]`, "an object { row, col }", s);
    for (const key of ["row", "col"] as const) {
      if (typeof s[key] !== "number")
        throw wrongShape(fn, `${field}[${i}].${key}`, "a number", s[key]);
    }
  }
}

/**
 * A partial board's shape: an object with a numeric `n`, `queens` an array of `{ row, col }`,
 * `blocked` (when given) likewise, `excluded` (when given) an object of two arrays of numbers.
 * Whether the values fit the board is the function's own check (`validate`, `boardProblems`).
 * O(queens + blocked + excluded).
 */
export function checkBoardShape(board: unknown, fn: string, field = "board"): void {
  if (!isRecord(board)) throw wrongShape(fn, field, "an object { n, queens }", board);
  if (typeof board.n !== "number") throw wrongShape(fn, `${field}.n`, "a number", board.n);
  checkSquares(board.queens, fn, `${field}.queens`);
  if (board.blocked !== undefined) checkSquares(board.blocked, fn, `${field}.blocked`);
  const e = board.excluded;
  if (e === undefined) return;
  if (!isRecord(e)) throw wrongShape(fn, `${field}.excluded`, "an object { sums, differences }", e);
  for (const key of ["sums", "differences"] as const) {
    const values = e[key];
    if (!Array.isArray(values))
      throw wrongShape(fn, `${field}.excluded.${key}`, "an array", values);
    values.forEach((v: unknown, i) => {
      if (typeof v !== "number")
        throw wrongShape(fn, `${field}.excluded.${key}[${i}]`, "a number", v);
    });
  }
}

/**
 * A board size for a function that cannot finish beyond `max`: as `checkSize`, and a size past
 * it says what to use instead (`treeProfile: n must be an integer from 1 to 15: got 20; ...`).
 * @param instead what to call for larger boards, in words
 */
export function checkSizeOr(n: number, max: number, fn: string, instead: string): number {
  if (Number.isInteger(n) && n > max) {
    throw new NQueensError(
      `${fn}: n must be an integer from 1 to ${max}: got ${n}; ${instead}`,
      "out-of-range",
      { option: "n", value: n, min: 1, max },
    );
  }
  return checkSize(n, max);
}
