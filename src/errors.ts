import { thousands } from "./words.js";

/**
 * What kind of input an {@link NQueensError} refused, for a caller that words or handles errors
 * by kind rather than by message (the command words every error from its code and details):
 * - `invalid-value`: a value of the wrong form or kind (the default of `new NQueensError(message)`)
 * - `out-of-range`: a number outside its range (`option`, `value`, `min`, `max`)
 * - `not-a-choice`: a value that is none of the choices (`option`, `value`, `choices`)
 * - `conflicting-options`: options that do not go together (`option`, `other`)
 * - `missing-option`: an option that is required, or that another one needs (`option`, `other`)
 * - `invalid-board`: a board that is malformed, off its size, or whose queens attack each other
 * - `unreadable-input`: text or a file that cannot be read as what it should be
 * - `checkpoint-unusable`: a checkpoint file that cannot be used (`file`)
 * - `parts-missing`, `parts-disagree`: checkpoints of parts that miss sub-problems, or that
 *   record different results for one
 * - `records-inconsistent`: results read from checkpoint files whose counts cannot all be right
 *   (a record edited, or counted by a faulty machine) (`file`: the file or files, space-separated)
 * - `write-failed`: a file the library writes could not be written (`file`; thrown
 *   as WriteFailed, a subclass of NQueensError that the package does not export)
 * - `missing-package`: an optional package is not installed (`packages`)
 * - `no-gpu`: no GPU adapter could be opened (`reason`)
 * - `unavailable`: something the machine does not provide (a port, a built page)
 * - `gave-up`: a randomized generator gave up (another seed may do)
 * - `timed-out`: a blocking call stopped at its time limit without an answer (`option`:
 *   `timeLimitMs`, `value`); its async twin runs as long as it takes, with a signal
 * - `queue-unreachable`: Redis could not be used (`queue`)
 * - `queue-full`: Redis refuses writes, its memory full (`queue`, `run`); temporary: once there
 *   is room, the same count attaches to the run
 * - `queue-evicting`: Redis would evict keys when its memory is full (`queue`; `value`: its
 *   `maxmemory-policy`; `option`: the option that allows it)
 * - `no-such-run`: no queue run of that name (`run`)
 * - `run-mismatch`: a queue run of that name exists, made otherwise (`run`, `option`, `value`)
 * - `run-busy`: a queue run has jobs in progress (`run`)
 * - `run-flagged`: a queue run is flagged as inconsistent (`run`, `reason`)
 * - `run-unsettled`: a queue run cannot be settled: no total (`run`, `queue`; `option`:
 *   `inconsistent`, `forged` or `disputed`); also the code of the notes that leave a sub-problem
 *   of a run for a person
 * - `secret-invalid`: a secret or worker key that cannot be used (`option`; `min` or `max`
 *   characters for a secret, `reason: "not-a-worker-key"` for a key)
 * - `secret-missing`: no secret where one is needed (`option`, `env`)
 * - `votes-overruled`: not an error but a queue run's note: its total counts only the votes
 *   that agree, some were overruled
 */
export type ErrorCode =
  | "invalid-value"
  | "out-of-range"
  | "not-a-choice"
  | "conflicting-options"
  | "missing-option"
  | "invalid-board"
  | "unreadable-input"
  | "checkpoint-unusable"
  | "parts-missing"
  | "parts-disagree"
  | "records-inconsistent"
  | "write-failed"
  | "missing-package"
  | "no-gpu"
  | "unavailable"
  | "gave-up"
  | "timed-out"
  | "queue-unreachable"
  | "queue-full"
  | "queue-evicting"
  | "no-such-run"
  | "run-mismatch"
  | "run-busy"
  | "run-flagged"
  | "run-unsettled"
  | "secret-invalid"
  | "secret-missing"
  | "votes-overruled";

/** Every {@link ErrorCode}, in the order of its documentation. */
export const ERROR_CODES: readonly ErrorCode[] = [
  "invalid-value",
  "out-of-range",
  "not-a-choice",
  "conflicting-options",
  "missing-option",
  "invalid-board",
  "unreadable-input",
  "checkpoint-unusable",
  "parts-missing",
  "parts-disagree",
  "records-inconsistent",
  "write-failed",
  "missing-package",
  "no-gpu",
  "unavailable",
  "gave-up",
  "timed-out",
  "queue-unreachable",
  "queue-full",
  "queue-evicting",
  "no-such-run",
  "run-mismatch",
  "run-busy",
  "run-flagged",
  "run-unsettled",
  "secret-invalid",
  "secret-missing",
  "votes-overruled",
];

/**
 * What an {@link NQueensError} was about, as values, for a caller that words it its own way.
 * Options are named as the library names them (`method`, `replicas`, `n`).
 */
export interface ErrorDetails {
  /** The option (or argument) at fault. */
  readonly option?: string;
  /** The value it was given. */
  readonly value?: string | number | bigint;
  /** The smallest value it takes. */
  readonly min?: number;
  /** The largest value it takes. */
  readonly max?: number;
  /** The values it takes. */
  readonly choices?: readonly string[];
  /** The other option involved: the one it conflicts with, or the one that needs it. */
  readonly other?: string;
  /** The file at fault. */
  readonly file?: string;
  /** The queue run at fault. */
  readonly run?: string;
  /** The queue's address, as it may be shown (no password). */
  readonly queue?: string;
  /** The packages to install. */
  readonly packages?: readonly string[];
  /** The environment variable that can give the option instead. */
  readonly env?: string;
  /**
   * Why, as a word a caller can tell apart (a checkpoint's `keyed` or `unkeyed`, a run to
   * `forget`), or as it was said (a flagged run's flag, what opening a GPU threw).
   */
  readonly reason?: string;
}

/**
 * The one error type the library throws for input it cannot accept.
 *
 * The message names the problem and the value (`n must be an integer from 1 to 32: got 40`) in
 * the library's words (options, never a command line); `code` and `details` say the same as
 * values, for a caller that words errors its own way.
 */
export class NQueensError extends Error {
  override readonly name = "NQueensError";
  /** What kind of input was refused. */
  readonly code: ErrorCode;
  /** What it was about (the option, the value, the limits, the file, the run). */
  readonly details: ErrorDetails;
  /**
   * @param message one line, in the library's words
   * @param code the kind of error @default "invalid-value"
   * @param details what it was about
   * @param options the error's cause
   */
  constructor(
    message: string,
    code: ErrorCode = "invalid-value",
    details: ErrorDetails = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

/**
 * A file the library writes (a count's checkpoint) could not be written: a full disk, a quota,
 * a failing device. The message names the file and why, in one line; the command exits with 74,
 * as when its own output cannot be written. Its code is `write-failed`.
 */
export class WriteFailed extends NQueensError {
  /** @param file the file that could not be written */
  constructor(message: string, file: string) {
    super(message, "write-failed", { file });
  }
}

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
 * @param more details beyond the option, the value and the limits (the option it goes with)
 * @throws NQueensError (`out-of-range`) when n is not an integer in 1..max
 * @example checkSize(8, 32) // 8
 */
export function checkSize(n: number, max: number, what = "n", more: ErrorDetails = {}): number {
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new NQueensError(
      `${what} must be an integer from 1 to ${max}: got ${shownValue(n)}`,
      "out-of-range",
      { option: what, value: typeof n === "number" ? n : shownValue(n), min: 1, max, ...more },
    );
  }
  return n;
}

/**
 * A value a caller passed where a number belongs, for a message: a number as it prints, a string
 * quoted and named as one (`count("8")` says "got the string '8'", not "got 8"), a bigint named
 * too (`count(16n)`: "got the bigint 16n"), and anything else by its kind.
 */
export function shownValue(value: unknown): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "bigint") return `the bigint ${value}n`;
  if (typeof value === "string") return `the string ${quote(value)}`;
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * The characters a message never shows as they are: the C0 and C1 controls and DEL (`\p{Cc}`),
 * and the bidirectional overrides, isolates and byte-order mark that can disguise text.
 */
const CONTROL = /[\p{Cc}\u202a-\u202e\u2066-\u2069\ufeff]/u;
const CONTROLS = new RegExp(CONTROL.source, "gu");

/** One such character as an escape: `\x1b`, `\u202e`. */
function controlEscape(ch: string): string {
  const code = ch.charCodeAt(0);
  return code < 0x100
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** A text's CONTROL characters escaped (`\x1b`, `\u202e`): a message stays one plain line. */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, controlEscape);
}

/** The longest file path a message shows whole. */
const PATH_SHOWN = 160;

/**
 * A file path for a message: whole up to {@link PATH_SHOWN} characters (a path is what a reader
 * needs to find the file), else its start and end around an ellipsis, with its length: a path
 * typed or pasted wrong may be any length, and a message quotes a little of it.
 * @example shownPath("a/b.ckpt") // "a/b.ckpt"
 */
export function shownPath(path: string): string {
  const text = escapeControls(String(path));
  if (text.length <= PATH_SHOWN) return text;
  return `${text.slice(0, 40)}…${text.slice(-24)} (${thousands(text.length)} characters)`;
}

/**
 * A value given where a name belongs, for a message: a string quoted (a little of it, `quote`),
 * anything else by its kind (`shownValue`). Never throws, whatever the value (a symbol, an object
 * without a prototype: a template string or `String()` throws a TypeError for those).
 */
export function shownName(value: unknown): string {
  return typeof value === "string" ? quote(value) : shownValue(value);
}

/**
 * The error for `value` where one of `choices` belongs: "WHAT must be one of a, b: got 'x'"
 * (`not-a-choice`; its details: the option, the value as given when it is a string, else as
 * shown, and the choices).
 * @example notAChoice("style", "box", ["ascii", "unicode"]).message // "style must be one of ascii, unicode: got 'box'"
 */
export function notAChoice(
  what: string,
  value: unknown,
  choices: readonly string[],
  option = what,
): NQueensError {
  return new NQueensError(
    `${what} must be one of ${choices.join(", ")}: got ${shownName(value)}`,
    "not-a-choice",
    { option, value: typeof value === "string" ? value : shownValue(value), choices },
  );
}

/** The board-size check of the instance generators and puzzles (their messages say "whole number"). */
export function checkGeneratorSize(n: number, max: number): void {
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new NQueensError(
      `n must be a whole number from 1 to ${max}: got ${shownValue(n)}`,
      "out-of-range",
      { option: "n", value: typeof n === "number" ? n : shownValue(n), min: 1, max },
    );
  }
}

/** The most characters of an input value a message quotes. */
export const QUOTE_LIMIT = 40;

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
  return long ? `'${text}' (${thousands(value.length)} characters)` : `'${text}'`;
}

function escapeChar(ch: string): string {
  if (ch === "'") return "\\'";
  if (ch === "\\") return "\\\\";
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  if (ch === "\t") return "\\t";
  return CONTROL.test(ch) ? controlEscape(ch) : ch;
}
