/** Argument parsers shared by the commands: each throws NQueensError naming the bad value. */
import { NQueensError, quote } from "../errors.js";

/**
 * Parses a whole number given on the command line.
 * @example parseInteger("8", "n", 1, 32) // 8
 */
export function parseInteger(text: string, what: string, min: number, max: number): number {
  const trimmed = text.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) {
    throw new NQueensError(`${what} must be a whole number: got ${quote(text)}`, "invalid-value");
  }
  const value = Number(trimmed);
  if (value < min || value > max) {
    const range = max >= Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    const got = trimmed.length > 20 ? quote(trimmed) : trimmed;
    throw new NQueensError(`${what} must be ${range}: got ${got}`, "out-of-range");
  }
  return value;
}

/** Parses one of a fixed set of words, naming the choices when the value is not one of them. */
export function parseChoice<T extends string>(
  text: string,
  what: string,
  choices: readonly T[],
): T {
  if ((choices as readonly string[]).includes(text)) return text as T;
  throw new NQueensError(
    `${what} must be one of ${choices.join(", ")}: got ${quote(text)}`,
    "not-a-choice",
  );
}
