/**
 * How the checker says no: a {@link Refused} error carries the reason, which `checkCertificate`
 * (check.ts) turns into `{ valid: false, line, reason }` at the line being read; `int` reads a
 * number or refuses.
 */

/** A certificate found wrong: the message is the reason. */
export class Refused extends Error {}

/** Stops the replay: the certificate is refused for `reason`. */
export function refuse(reason: string): never {
  throw new Refused(reason);
}

/** A whole number of at most 7 digits, or a refusal. */
export function int(word: string | undefined, what: string): number {
  if (word === undefined || !/^(0|[1-9][0-9]{0,6})$/.test(word)) {
    refuse(
      `${what}: expected a number, got ${word === undefined ? "nothing" : `"${word.slice(0, 20)}"`}`,
    );
  }
  return Number(word);
}
