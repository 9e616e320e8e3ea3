/**
 * How many settled sub-problems `verifyRun` recounts, read from text: a number, a share such as
 * `5%`, or `all`. Imports nothing of Redis, so that a command can check the text before it
 * connects.
 */
import { NQueensError } from "../errors.js";

/** A number of sub-problems, or a share of the settled ones (`{ percent: 100 }`: all). */
export type Sample = number | { readonly percent: number };

/**
 * Reads a sample from text; `what` names it in the message.
 * @throws NQueensError for anything but a whole number from 1, a share above 0% up to 100%, or all
 * @example parseSample("5%") // { percent: 5 }
 */
export function parseSample(text: string, what = "sample"): Sample {
  const trimmed = text.trim();
  if (trimmed === "all") return { percent: 100 };
  const pct = /^(\d{1,3}(?:\.\d+)?)%$/.exec(trimmed);
  if (pct) {
    const percent = Number(pct[1]);
    if (percent <= 0 || percent > 100) {
      throw new NQueensError(
        `${what} must be a share from 0% to 100%: got ${trimmed}`,
        "out-of-range",
        { option: what, min: 0, max: 100 },
      );
    }
    return { percent };
  }
  if (!/^\d{1,9}$/.test(trimmed) || Number(trimmed) < 1) {
    throw new NQueensError(
      `${what} must be a number of sub-problems (at least 1), a share such as 5%, or all: got ${trimmed.length > 20 ? `${trimmed.slice(0, 20)}...` : trimmed}`,
      "invalid-value",
      { option: what },
    );
  }
  return Number(trimmed);
}
