import { count } from "./words.js";

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
 * A file the library writes (a count's checkpoint) could not be written: a full disk, a quota,
 * a failing device. The message names the file and why, in one line; the command exits with 74,
 * as when its own output cannot be written.
 */
export class WriteFailed extends NQueensError {}

/** Write errors that are the device's, not the input's: their words for a message. */
const WRITE_FAULTS: Readonly<Record<string, string>> = {
  ENOSPC: "no space left on the device",
  EDQUOT: "disk quota exceeded",
  EIO: "input/output error",
  EFBIG: "the file is too large",
};

/**
 * A failed write in words, its code after them: `no space left on the device (ENOSPC)`; an
 * error with another code, or none, is its message's first line.
 * @param more words for codes beyond the device's own (the command's stdout adds EBADF, EACCES)
 */
export function describeWriteError(
  e: unknown,
  more: Readonly<Record<string, string>> = {},
): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  const what = code === undefined ? undefined : (WRITE_FAULTS[code] ?? more[code]);
  if (what !== undefined) return `${what} (${code})`;
  return (e instanceof Error ? e.message : String(e)).split("\n")[0] ?? "write error";
}

/** Whether a failed write is the device's fault (a full disk, a quota, EIO, a file too large). */
export function isWriteFault(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  return code !== undefined && Object.hasOwn(WRITE_FAULTS, code);
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
    throw new NQueensError(`${what} must be an integer from 1 to ${max}: got ${shownValue(n)}`);
  }
  return n;
}

/**
 * A value a caller passed where a number belongs, for a message: a number as it prints, a string
 * quoted and named as one (`count("8")` says "got the string '8'", not "got 8"), and anything
 * else by its kind.
 */
export function shownValue(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") return `the string ${quote(value)}`;
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** The board-size check of the instance generators and puzzles (their messages say "whole number"). */
export function checkGeneratorSize(n: number, max: number): void {
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new NQueensError(`n must be a whole number from 1 to ${max}: got ${shownValue(n)}`);
  }
}

/** The most characters of an input value a message quotes. */
const QUOTE_LIMIT = 40;

/**
 * A piece of input for an error message: in single quotes, control characters and quotes escaped
 * (so no escape sequence in the input reaches the terminal), at most `limit` (default
 * {@link QUOTE_LIMIT}) characters, with the full length noted when cut.
 * @example quote("abc") // "'abc'"
 * @example quote("\u001b[31m") // "'\\x1b[31m'"
 * @example quote("x".repeat(1000)) // "'xxx…xxx' (1000 characters)" (40 of them shown)
 */
export function quote(value: string, limit = QUOTE_LIMIT): string {
  const chars = Array.from(value.length > 4 * limit ? value.slice(0, 4 * limit) : value);
  const long = value.length > limit && (chars.length > limit || value.length > 4 * limit);
  const shown = long ? chars.slice(0, limit - 1) : chars;
  const text = shown.map(escapeChar).join("") + (long ? "…" : "");
  return long ? `'${text}' (${count(value.length)} characters)` : `'${text}'`;
}

function escapeChar(ch: string): string {
  const code = ch.codePointAt(0)!;
  if (ch === "'") return "\\'";
  if (ch === "\\") return "\\\\";
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  if (ch === "\t") return "\\t";
  // C0 and C1 controls, DEL, and the bidirectional overrides that can disguise text.
  if (code < 0x20 || (code >= 0x7f && code < 0xa0))
    return `\\x${code.toString(16).padStart(2, "0")}`;
  if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff) {
    return `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return ch;
}
