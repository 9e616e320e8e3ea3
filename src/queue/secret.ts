/**
 * The run's secret and the keyed tags (HMAC-SHA256) made with it.
 *
 * The operator gives the same secret (`--secret` or NQUEENS_SECRET) to the coordinator and to
 * every worker; it is never sent to Redis (not in a key, a value or a script argument, where
 * MONITOR, the slow log or a dump would show it). From it each run gets its own key,
 * `HMAC(secret, "nqueens-queue-1" NUL run)`, and every record, job and run description a
 * coordinator or worker writes carries a 128-bit tag made with that key: whoever can write to
 * Redis but does not hold the secret cannot make a tag that checks out.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { NQueensError } from "../errors.js";

/** Where the secret is read from when `--secret` is not given. */
export const SECRET_ENV = "NQUEENS_SECRET";

/**
 * The shortest secret accepted. A tag over a known record can be tried against guessed secrets
 * offline, as fast as HMAC runs, so a short or word-like secret could be found from any one
 * stored record: 16 random characters (`openssl rand -hex 16` gives 32) are out of reach.
 */
export const MIN_SECRET_LENGTH = 16;

/** A run's key: derived from the secret and the run's name; holds no copy of the secret. */
export interface RunKey {
  readonly run: string;
  /** The 128-bit tag (32 hex digits) of `parts`, joined by NUL. */
  tag(...parts: readonly (string | number)[]): string;
  /** Whether `tag` is the tag of `parts` (compared in constant time). */
  verify(tag: string, ...parts: readonly (string | number)[]): boolean;
}

/**
 * Checks a secret given by the operator. The message never repeats the secret, not even in part.
 * @throws NQueensError when it is empty or shorter than {@link MIN_SECRET_LENGTH}
 */
export function checkSecret(secret: string, where = "secret"): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new NQueensError(
      `${where} must be at least ${MIN_SECRET_LENGTH} characters (this one has ${secret.length}); a short one can be guessed from any stored record: make one with \`openssl rand -hex 16\``,
    );
  }
  if (secret.length > 4096) throw new NQueensError(`${where} must be at most 4096 characters`);
  return secret;
}

/**
 * The secret from `--secret`, else from NQUEENS_SECRET.
 * @throws NQueensError when neither is set (a queue run needs one: see the README), or it is too short
 */
export function resolveSecret(
  flag: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  if (flag !== undefined) return checkSecret(flag, "--secret");
  const text = env[SECRET_ENV];
  if (text === undefined || text === "") {
    throw new NQueensError(
      `a queue run needs a secret shared by the coordinator and every worker: set ${SECRET_ENV} (or --secret); make one with \`openssl rand -hex 16\``,
    );
  }
  return checkSecret(text, SECRET_ENV);
}

/**
 * The key of run `run` under `secret`.
 * @example runKey("0f1e2d3c4b5a69788796a5b4c3d2e1f0", "q17-3f0c91a2").tag("x") // 32 hex digits
 */
export function runKey(secret: string, run: string): RunKey {
  checkSecret(secret, "the secret");
  const key = createHmac("sha256", secret).update(`nqueens-queue-1\0${run}`).digest();
  const tag = (...parts: readonly (string | number)[]) =>
    createHmac("sha256", key).update(parts.join("\0")).digest("hex").slice(0, 32);
  return {
    run,
    tag,
    verify(given, ...parts) {
      if (!/^[0-9a-f]{32}$/.test(given)) return false;
      return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(tag(...parts), "hex"));
    },
  };
}
