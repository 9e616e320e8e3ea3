/**
 * The operator's secret, the keys derived from it, and the keyed tags (HMAC-SHA256) made with
 * them.
 *
 * The operator holds the secret (`--secret` or NQUEENS_SECRET) on the machines that run the
 * coordinator and `nqueens runs`; it is never sent to Redis (not in a key, a value or a script
 * argument, where MONITOR, the slow log or a dump would show it). From it:
 * - each run gets its own key, `HMAC(secret, "nqueens-queue-1" NUL run)`, which tags the run's
 *   description and jobs (only the operator makes those); the description holds the run's
 *   **nonce**, 128 random bits drawn when the run is created, which every job tag and record key
 *   of the run covers: a run's name is fixed per n and method, so without it the records of a
 *   forgotten run would check out again in the next run of the same name;
 * - each worker name gets its own **worker key**, `HMAC(secret, "nqueens-worker-key-1" NUL name)`
 *   (64 hex digits, `nqueens worker-key NAME`), given to that worker instead of the secret. A
 *   worker tags each record with `HMAC(worker key, "nqueens-record-2" NUL run)`, its record key
 *   for the run, so a record checks out only under the key of the name it carries: a worker can
 *   vote only as itself, and whoever holds the secret checks any worker's records by deriving
 *   that name's key, without a list of keys.
 * A worker started with the secret itself derives its own name's worker key from it (one machine,
 * one operator). Whoever can write to Redis but holds neither cannot make a tag that checks out.
 */
import { createRequire } from "node:module";
import { NQueensError } from "../errors.js";
import { checkString } from "../shapes.js";
import { checkWorkerName } from "./worker-name.js";

/**
 * node:crypto, loaded when a key is first made or checked: this module is the queue's settings
 * door's, which commands load to read their flags, and crypto's start-up (about 10 ms of CPU)
 * would be most of a small count's (docs/notes/2026-12-07-small-counts.md).
 */
let cryptoModule: typeof import("node:crypto") | undefined;
function crypto(): typeof import("node:crypto") {
  cryptoModule ??= createRequire(import.meta.url)("node:crypto") as typeof import("node:crypto");
  return cryptoModule;
}

/** Where the secret is read from when `--secret` is not given. */
export const SECRET_ENV = "NQUEENS_SECRET";

/**
 * The shortest secret accepted. A tag over a known record can be tried against guessed secrets
 * offline, as fast as HMAC runs, so a short or word-like secret could be found from any one
 * stored record: 16 random characters (`openssl rand -hex 16` gives 32) are out of reach.
 */
export const MIN_SECRET_LENGTH = 16;

/** Where a worker's key is read from when `--worker-key` is not given. */
export const WORKER_KEY_ENV = "NQUEENS_WORKER_KEY";

/** A key that tags and checks: a run's key, or one worker's record key for one run. */
export interface Tagger {
  /**
   * The 128-bit tag (32 hex digits) of `parts`, joined by NUL.
   * @param parts - the values to tag, in order
   * @returns the tag, 32 hex digits
   */
  tag(...parts: readonly (string | number)[]): string;
  /**
   * Whether `tag` is the tag of `parts` (compared in constant time).
   * @param tag - the tag to check
   * @param parts - the values it should tag, in order
   * @returns true when it is their tag under this key
   */
  verify(tag: string, ...parts: readonly (string | number)[]): boolean;
}

/**
 * A run's key: derived from the secret and the run's name; holds no copy of the secret. It tags
 * the run's description; its jobs and records need the run's nonce too (`withNonce`, from the
 * checked description).
 */
export interface RunKey extends Tagger {
  readonly run: string;
  /** The run's nonce (32 hex digits) from its checked description; undefined until known. */
  readonly nonce: string | undefined;
  /**
   * The record key of the worker named `name` in this run (from that name's worker key and the
   * run's nonce).
   * @param name - the worker's name
   * @returns the key that tags and checks that worker's records in this run
   * @throws TypeError when the nonce is not known yet
   */
  worker(name: string): Tagger;
  /**
   * This run's key with the run's nonce, as its checked description holds it.
   * @param nonce - the run's nonce (32 hex digits), from its checked description
   * @returns a key for the same run that also knows its nonce
   */
  withNonce(nonce: string): RunKey;
}

/** A new run's nonce: 128 random bits, 32 hex digits. */
export function newNonce(): string {
  return crypto().randomBytes(16).toString("hex");
}

/** Whether `text` is a nonce as `newNonce` makes them. */
export function isNonce(text: unknown): text is string {
  return typeof text === "string" && /^[0-9a-f]{32}$/.test(text);
}

/**
 * Checks a secret given by the operator. The message never repeats the secret, not even in part.
 * @throws NQueensError when it is empty or shorter than {@link MIN_SECRET_LENGTH}
 */
export function checkSecret(secret: string, where = "secret"): string {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new NQueensError(
      `${where} must be at least ${MIN_SECRET_LENGTH} characters (this one has ${secret.length}); a short one can be guessed from any stored record: make one with \`openssl rand -hex 16\``,
      "secret-invalid",
      { option: where, min: MIN_SECRET_LENGTH },
    );
  }
  if (secret.length > 4096)
    throw new NQueensError(`${where} must be at most 4096 characters`, "secret-invalid", {
      option: where,
      max: 4096,
    });
  return secret;
}

/**
 * The secret from the `secret` option (the command's `--secret`), else from NQUEENS_SECRET.
 * @throws NQueensError when neither is set (`secret-missing`, with `env`: a queue run needs
 *   one, see docs/queue.md), or it is too short (`secret-invalid`, naming the option `secret`)
 */
export function resolveSecret(
  flag: string | undefined,
  env: Record<string, string | undefined> = process.env,
): string {
  if (flag !== undefined) return checkSecret(flag, "secret");
  const text = env[SECRET_ENV];
  if (text === undefined || text === "") {
    throw new NQueensError(
      `a queue run needs a secret, the operator's: set ${SECRET_ENV} (or the secret option); make one with \`openssl rand -hex 16\``,
      "secret-missing",
      { option: "secret", env: SECRET_ENV },
    );
  }
  return checkSecret(text, SECRET_ENV);
}

/** A tagger with `key`: 128-bit tags, checked in constant time. */
function tagger(key: Buffer): Tagger {
  const tag = (...parts: readonly (string | number)[]) =>
    crypto().createHmac("sha256", key).update(parts.join("\0")).digest("hex").slice(0, 32);
  return {
    tag,
    verify(given, ...parts) {
      if (!/^[0-9a-f]{32}$/.test(given)) return false;
      return crypto().timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(tag(...parts), "hex"));
    },
  };
}

/**
 * The key of run `run` under `secret`; with `nonce` (the run's, from its checked description) it
 * also derives the run's job tags and record keys.
 * @example runKey("0f1e2d3c4b5a69788796a5b4c3d2e1f0", "q17-3f0c91a2").tag("x") // 32 hex digits
 */
export function runKey(secret: string, run: string, nonce?: string): RunKey {
  checkSecret(secret, "the secret");
  if (nonce !== undefined && !isNonce(nonce)) throw new TypeError("a run's nonce is 32 hex digits");
  const own = tagger(
    crypto().createHmac("sha256", secret).update(`nqueens-queue-1\0${run}`).digest(),
  );
  // Judging a run derives each voter's key once, not once per record.
  const workers = new Map<string, Tagger>();
  return {
    run,
    nonce,
    ...own,
    worker(name) {
      if (nonce === undefined) {
        throw new TypeError(`run ${run}: a record key needs the run's nonce (its description's)`);
      }
      let t = workers.get(name);
      if (!t) {
        // Any name a stored record carries, checked or not: a bad one just fails its tag.
        t = recordKey(deriveWorkerKey(secret, name), run, nonce);
        if (workers.size > 10000) workers.clear();
        workers.set(name, t);
      }
      return t;
    },
    withNonce(given) {
      return runKey(secret, run, given);
    },
  };
}

/**
 * The key of the worker named `name` under `secret`: 64 hex digits, what `nqueens worker-key NAME`
 * prints. The same secret and name give the same key every time; a worker that holds it can tag
 * records under `name` only.
 * @param secret - the cluster's secret (at least 32 characters)
 * @param name - the worker's name, as it signs its records
 * @returns the worker's key, 64 hex digits
 * @throws NQueensError for a short secret or a bad name
 * @example workerKey("0f1e2d3c4b5a69788796a5b4c3d2e1f0", "host-a") // 64 hex digits
 */
export function workerKey(secret: string, name: string): string {
  checkString(secret, "workerKey", "secret");
  checkString(name, "workerKey", "name");
  checkSecret(secret, "the secret");
  return deriveWorkerKey(secret, checkWorkerName(name));
}

function deriveWorkerKey(secret: string, name: string): string {
  return crypto()
    .createHmac("sha256", secret)
    .update(`nqueens-worker-key-1\0${name}`)
    .digest("hex");
}

/**
 * Checks a worker key given to a worker (64 hex digits). The message never repeats the key.
 * @throws NQueensError naming `where`
 */
export function checkWorkerKey(key: string, where = "workerKey"): string {
  const text = key.trim().toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(text)) {
    throw new NQueensError(
      `${where} must be a worker key, 64 hex digits, as the operator's workerKey(secret, name) makes it`,
      "secret-invalid",
      { option: where, reason: "not-a-worker-key" },
    );
  }
  return text;
}

/**
 * The record key of a worker (its worker key, checked) for run `run` with nonce `nonce` (the
 * run's, from its description): a record of another run, or of a forgotten run of the same name,
 * never checks out under it.
 */
export function recordKey(key: string, run: string, nonce: string): Tagger {
  const k = Buffer.from(checkWorkerKey(key), "hex");
  if (!isNonce(nonce)) throw new TypeError("a run's nonce is 32 hex digits");
  return tagger(
    crypto().createHmac("sha256", k).update(`nqueens-record-3\0${run}\0${nonce}`).digest(),
  );
}

/**
 * What a worker votes with, from its options (the command's flags), else its environment: a
 * worker key (bound to the name it was made for, so `name` is needed with it) or the operator's
 * secret. A worker key is preferred to the secret when both variables are set: it is all a
 * worker needs.
 * @throws NQueensError naming the option or variable: both options given
 *   (`conflicting-options`), a key without a name (`missing-option`), neither set
 *   (`secret-missing`, with `env`), or a bad value (`secret-invalid`)
 */
export function resolveWorkerCredential(
  flags: { secret?: string; workerKey?: string; name?: string },
  env: Record<string, string | undefined> = process.env,
): { secret: string } | { workerKey: string } {
  if (flags.secret !== undefined && flags.workerKey !== undefined) {
    throw new NQueensError(
      "secret and workerKey: give one (the worker key is enough, and lets the worker vote only as its name)",
      "conflicting-options",
      { option: "secret", other: "workerKey" },
    );
  }
  const keyed = (key: string, where: string) => {
    const workerKey = checkWorkerKey(key, where);
    if (flags.name === undefined) {
      throw new NQueensError(
        `${where} is bound to the name it was made for: add the name option (the name the key was made for)`,
        "missing-option",
        { option: "name", other: where },
      );
    }
    return { workerKey };
  };
  if (flags.workerKey !== undefined) return keyed(flags.workerKey, "workerKey");
  if (flags.secret !== undefined) return { secret: checkSecret(flags.secret, "secret") };
  const key = env[WORKER_KEY_ENV];
  if (key !== undefined && key !== "") return keyed(key, WORKER_KEY_ENV);
  const secret = env[SECRET_ENV];
  if (secret === undefined || secret === "") {
    throw new NQueensError(
      `a queue worker needs a secret: its worker key in ${WORKER_KEY_ENV} (the operator makes it for the worker's name, given as the name option), or the operator's ${SECRET_ENV} (or the workerKey or secret option)`,
      "secret-missing",
      { option: "workerKey", env: WORKER_KEY_ENV },
    );
  }
  return { secret: checkSecret(secret, SECRET_ENV) };
}
