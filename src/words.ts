/** Numbers and plurals in messages: `1 queen`, `2 queens`, `14,200 solutions`. */

/**
 * A whole number with thousands separators: 14200 -> "14,200" (bigints too). Written out rather
 * than `toLocaleString("en-US")`, whose first call loads the locale data: 70 ms of every
 * command's start, for the first number in a help text. Anything but a whole number is left to
 * toLocaleString, which rounds it as before.
 */
export function thousands(k: number | bigint): string {
  if (typeof k === "number" && !Number.isSafeInteger(k)) return k.toLocaleString("en-US");
  return String(k).replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * A count and a noun, singular for exactly one.
 * @example plural(1, "queen") // "1 queen"
 * @example plural(14200, "solution") // "14,200 solutions"
 * @example plural(2, "entry", "entries") // "2 entries"
 */
export function plural(k: number | bigint, one: string, many = `${one}s`): string {
  return `${thousands(k)} ${k === 1 || k === 1n ? one : many}`;
}
