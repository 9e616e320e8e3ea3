/**
 * The page's language now: which table of words the views read (en.ts, ja.ts), and the number,
 * time and plural formatting that goes with it (intl.ts). The views call `t()` each time they
 * draw, so switching the language and drawing again is all a switch needs.
 *
 * The folder's one door: the rest of the page imports the words and the language from here.
 */
import { en, type Messages } from "./en.js";
import { formatCompact, formatNumber, formatTime, type Lang } from "./intl.js";
import { ja } from "./ja.js";

export type { SearchSummary } from "./en.js";
export { chooseLang, type Lang } from "./intl.js";
/** The English table, for tests that check the page's words. */
export { en };

const TABLES: Record<Lang, Messages> = { en, ja };
let current: Lang = "en";

/** The language the page is shown in. */
export function lang(): Lang {
  return current;
}

/**
 * Shows the page in `l` from the next drawing on, and marks the document's language where there
 * is a document (the models' tests, which run without a page, check the words in both).
 */
export function setLang(l: Lang): void {
  current = l;
  if (typeof document !== "undefined") document.documentElement.lang = l;
}

/** The messages of the current language. */
export function t(): Messages {
  return TABLES[current];
}

/** A whole number with the current language's separators (bigints and their text too). */
export function num(value: number | bigint | string): string {
  return formatNumber(current, value);
}

/** A short axis number (1K, 1M; 1万, 1億). */
export function compact(value: number): string {
  return formatCompact(current, value);
}

/** A duration in the current language. */
export function time(seconds: number): string {
  return formatTime(current, seconds);
}

/**
 * How many times `a` is `b` (brute force's placements against backtracking's nodes): whole
 * and exact above 100 (bigint division: C(400, 20) is far beyond 2^53), one decimal below.
 */
export function timesText(a: bigint, b: number): string {
  if (b <= 0) return "";
  const whole = a / BigInt(b);
  if (whole >= 100n) return num(whole);
  return num(Math.round((Number(a) / b) * 10) / 10);
}
