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

/**
 * The default sample is sized against this share of wrong sub-problems, and this chance of
 * missing them all: 1% and 1%.
 */
const WRONG_SHARE = 0.01;
const MISS_LIMIT = 0.01;

/** How many of `of` sub-problems a wrong share of 1% is (at least one). */
export function wrongOf(of: number): number {
  return Math.max(1, Math.ceil(of * WRONG_SHARE));
}

/**
 * The chance that a uniform sample of `k` out of `of` sub-problems, `wrong` of them wrong, holds
 * none of the wrong ones (the hypergeometric chance of zero):
 *
 *   C(of - wrong, k) / C(of, k) = prod over i = 0 .. k-1 of (of - wrong - i) / (of - i)
 *
 * With one wrong sub-problem it is (of - k) / of.
 */
export function missChance(of: number, wrong: number, k: number): number {
  let p = 1;
  for (let i = 0; i < k && p > 0; i++) p *= Math.max(0, of - wrong - i) / (of - i);
  return p;
}

/**
 * How many of `of` settled sub-problems `runs --verify` recounts by default: the fewest such
 * that, were 1% of them wrong (at least one), the sample would miss every wrong one with a chance
 * below 1% (`missChance`). All of them up to 100 (one wrong one among 100 is 1%), 368 of 1,000,
 * 434 of 4,096, 455 of 38,604: it levels off near ln(100) / 1% = 461. A single wrong
 * sub-problem among many is missed with chance (of - k) / of, which `verifyRun` reports.
 */
export function defaultSample(of: number): number {
  const wrong = wrongOf(of);
  let p = 1;
  let k = 0;
  // The product's rounding (about 1e-16 a step) must not take a chance of exactly 1% (one wrong
  // among 100, with 99 taken) for one below it.
  while (k < of && p >= MISS_LIMIT * (1 - 1e-12)) {
    p *= Math.max(0, of - wrong - k) / (of - k);
    k++;
  }
  return k;
}
