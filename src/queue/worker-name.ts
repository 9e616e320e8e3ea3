/**
 * A worker's name, checked: it is a field of every record (record.ts) and what its worker key is
 * bound to (secret.ts), so both import it from here.
 */
import { NQueensError, quote } from "../errors.js";
import { MAX_WORKER_NAME } from "../limits.js";

/**
 * Checks a worker's name: 1 to 64 characters, none of them a space, a tab, a line break or
 * another control or invisible formatting character (the name is a field of every record).
 * @throws NQueensError quoting the name (escaped, at most 40 characters)
 */
export function checkWorkerName(name: string, what = "name"): string {
  const chars = Array.from(name);
  if (chars.length < 1 || chars.length > MAX_WORKER_NAME || /[\s\p{C}]/u.test(name)) {
    throw new NQueensError(
      `${what} must be 1 to ${MAX_WORKER_NAME} characters without spaces or control characters: got ${quote(name)}`,
      "invalid-value",
      { option: what },
    );
  }
  return name;
}
