// The command's wording of library errors (errors.ts), as a table: every code has the command's
// wording or is passed through as the library's message, and for library errors made by the
// library's own functions (or, for a queue run's errors, which need Redis, as its sites make
// them) the command's line is exactly the line it printed before the errors had codes.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { GpuUnavailable, pickBackend } from "../backend-choice.js";
import { checkCountOptions } from "../backend-run.js";
import {
  addParts,
  checkKeySecret,
  checkMethodN,
  count,
  countPart,
  joinSplitVersion,
  keyCheckpoint,
  splitVersion,
} from "../engine/index.js";
import { checkSize, ERROR_CODES, NQueensError } from "../errors.js";
import { RunFlagged } from "../queue/index.js";
import { resolveQueueUrl, resolveSecret, resolveWorkerCredential } from "../queue/settings.js";
import { FLAGS, NEXT, STATUS, WORDING, wordError, wordNote } from "./errors.js";

const SECRET = "0123456789abcdef0123";
const KEY = "a".repeat(64);
const none = {};

/** What `f` throws, as an NQueensError. */
async function thrown(f: () => unknown): Promise<NQueensError> {
  try {
    await f();
  } catch (e) {
    assert.ok(e instanceof NQueensError, String(e));
    return e;
  }
  assert.fail("nothing was thrown");
}

/** A GPU the backend decision sees, never opened. */
const gpu = async () => ({
  open: async () => assert.fail("opened") as never,
  autoFromN: 16,
  maxN: 28,
});

describe("every code", () => {
  test("has the command's wording or is passed through, and is in ERROR_CODES once", () => {
    assert.deepEqual(Object.keys(WORDING).sort(), [...ERROR_CODES].sort());
    assert.equal(new Set(ERROR_CODES).size, ERROR_CODES.length);
    for (const code of ERROR_CODES) {
      const w = WORDING[code];
      assert.ok(w === "library" || typeof w === "function", code);
    }
  });
  test("passed through, or with no details the command reads, is the library's message", () => {
    for (const code of ERROR_CODES) {
      const e = new NQueensError(`a message of ${code}`, code);
      const advice = code === "no-such-run" || code === "run-unsettled";
      assert.equal(wordError(e), `a message of ${code}${advice ? " (see nqueens runs)" : ""}`);
    }
    assert.equal(new NQueensError("plain").code, "invalid-value");
  });
  test("exits 2, but 75 for a full Redis (temporary) and 78 for an evicting one (its configuration)", () => {
    const special: Partial<Record<string, number>> = { "queue-full": 75, "queue-evicting": 78 };
    for (const code of ERROR_CODES) assert.equal(STATUS[code] ?? 2, special[code] ?? 2, code);
  });
  test("the flags are long options, and what to run next is a command line", () => {
    for (const [option, flag] of Object.entries(FLAGS)) {
      assert.match(flag, /^--[a-z][a-z-]*$/, option);
    }
    for (const [code, next] of Object.entries(NEXT)) {
      assert.match(next({ run: "r1", queue: "redis://h:6379" }), /nqueens runs/, code);
    }
  });
});

const dir = mkdtempSync(join(tmpdir(), "nqueens-errors-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A library error, and the line the command prints for it (after `nqueens: `). */
const LINES: [string, () => unknown, string][] = [
  [
    "batch without a queue",
    () => checkCountOptions({ batch: "4" }),
    "--batch sets the job size of a queue run: add --queue URL",
  ],
  [
    "batch and replicas without a queue",
    () => checkCountOptions({ batch: "4", replicas: "2" }),
    "--batch sets the job size of a queue run: add --queue URL",
  ],
  [
    "replicas without a queue",
    () => checkCountOptions({ replicas: "2" }),
    "--replicas sets the quorum of a queue run: add --queue URL",
  ],
  [
    "a checkpoint with a queue",
    () => checkCountOptions({ queue: "redis://h", checkpoint: "x" }),
    "--queue stores its results in Redis and its workers take --workers: drop --checkpoint and --workers",
  ],
  [
    "workers with a queue",
    () => checkCountOptions({ queue: "redis://h", workers: "2" }),
    "--queue stores its results in Redis and its workers take --workers: drop --checkpoint and --workers",
  ],
  [
    "a secret without a queue or a checkpoint",
    () => checkCountOptions({ secret: SECRET }),
    "--secret keys a queue run or a checkpoint: add --queue URL or --checkpoint FILE",
  ],
  [
    "the join on a GPU",
    () => pickBackend({ backend: "gpu", method: "join", n: 8 }, gpu),
    "--method join counts on the CPU: drop --backend gpu or --method join",
  ],
  [
    "n too large for the GPU",
    () => pickBackend({ backend: "gpu", n: 30 }, gpu),
    "n for --backend gpu must be from 1 to 28: got 30",
  ],
  [
    "n too large for the join",
    () => checkMethodN(30, "join"),
    "--method join counts n up to 27: got 30",
  ],
  [
    "n too large for the join, by count",
    () => count(28, { method: "join" }),
    "--method join counts n up to 27: got 28",
  ],
  [
    "a GPU that cannot be opened",
    () => {
      throw new GpuUnavailable(new Error("no adapter\nmore"));
    },
    "--backend gpu: no adapter",
  ],
  [
    "no queue address",
    () => resolveQueueUrl(undefined, none),
    "--queue redis://HOST[:PORT][/DB] is required (or set NQUEENS_QUEUE)",
  ],
  [
    "a queue address that is not a URL",
    () => resolveQueueUrl("notaurl", none),
    "--queue must be a URL like redis://HOST[:PORT][/DB]: not a URL: got 'notaurl'",
  ],
  [
    "no secret for a queue run",
    () => resolveSecret(undefined, none),
    "a queue run needs a secret, the operator's: set NQUEENS_SECRET (or --secret); make one with `openssl rand -hex 16`",
  ],
  [
    "a short secret for a queue run",
    () => resolveSecret("short", none),
    "--secret must be at least 16 characters (this one has 5); a short one can be guessed from any stored record: make one with `openssl rand -hex 16`",
  ],
  [
    "a short secret in NQUEENS_SECRET",
    () => resolveSecret(undefined, { NQUEENS_SECRET: "short" }),
    "NQUEENS_SECRET must be at least 16 characters (this one has 5); a short one can be guessed from any stored record: make one with `openssl rand -hex 16`",
  ],
  [
    "a short secret for a checkpoint",
    () => checkKeySecret("short", "--secret"),
    "--secret must be at least 16 characters (this one has 5); a short one can be guessed from any tagged line: make one with `openssl rand -hex 16`",
  ],
  [
    "no secret for a worker",
    () => resolveWorkerCredential({}, none),
    "a queue worker needs a secret: its worker key in NQUEENS_WORKER_KEY (the operator's `nqueens worker-key NAME` prints it; start the worker with --name NAME), or the operator's NQUEENS_SECRET (or --worker-key, --secret)",
  ],
  [
    "a worker key that is not one",
    () => resolveWorkerCredential({ workerKey: "abc", name: "a" }, none),
    "--worker-key must be a worker key, 64 hex digits, as the operator's `nqueens worker-key NAME` prints it",
  ],
  [
    "a worker key in NQUEENS_WORKER_KEY that is not one",
    () => resolveWorkerCredential({}, { NQUEENS_WORKER_KEY: "abc" }),
    "NQUEENS_WORKER_KEY must be a worker key, 64 hex digits, as the operator's `nqueens worker-key NAME` prints it",
  ],
  [
    "a worker key without a name",
    () => resolveWorkerCredential({ workerKey: KEY }, none),
    "--worker-key is bound to the name it was made for: add --name NAME (the NAME of `nqueens worker-key NAME`)",
  ],
  [
    "NQUEENS_WORKER_KEY without a name",
    () => resolveWorkerCredential({}, { NQUEENS_WORKER_KEY: KEY }),
    "NQUEENS_WORKER_KEY is bound to the name it was made for: add --name NAME (the NAME of `nqueens worker-key NAME`)",
  ],
  [
    "a worker key and a secret",
    () => resolveWorkerCredential({ workerKey: KEY, secret: SECRET, name: "a" }, none),
    "--secret and --worker-key: give one (the worker key is enough, and lets the worker vote only as its --name)",
  ],
  [
    "a short secret for a worker",
    () => resolveWorkerCredential({ secret: "short" }, none),
    "--secret must be at least 16 characters (this one has 5); a short one can be guessed from any stored record: make one with `openssl rand -hex 16`",
  ],
  [
    "a keyed checkpoint without its secret",
    async () => {
      const path = join(dir, "keyed.ckpt");
      const unkey = keyCheckpoint(path, SECRET);
      await count(8, { checkpoint: path, workers: 1 });
      unkey();
      await count(8, { checkpoint: path, workers: 1 });
    },
    `checkpoint ${join(dir, "keyed.ckpt")} is keyed (written with a secret): give the same --secret or NQUEENS_SECRET; refusing to use it (the file is unchanged)`,
  ],
  [
    "a checkpoint without a key, and a secret",
    async () => {
      const path = join(dir, "plain.ckpt");
      await count(8, { checkpoint: path, workers: 1 });
      const unkey = keyCheckpoint(path, SECRET);
      try {
        await count(8, { checkpoint: path, workers: 1 });
      } finally {
        unkey();
      }
    },
    `checkpoint ${join(dir, "plain.ckpt")} has no key (written without a secret) but one is in use (--secret or NQUEENS_SECRET), which accepts only records it tagged: resume it without the secret, or start a new checkpoint; refusing to use it (the file is unchanged)`,
  ],
  [
    "the parts of another method, added up by auto",
    async () => {
      const path = join(dir, "constellations-14.ckpt");
      await countPart(14, { index: 1, of: 1 }, { checkpoint: path, method: "constellations" });
      addParts(14, [path]);
    },
    `checkpoint ${join(dir, "constellations-14.ckpt")} was written by another split (${splitVersion(14)}; this version uses ${joinSplitVersion(14)}): it was counted by --method constellations; add that flag to use it; refusing to use it (the file is unchanged)`,
  ],
  [
    "a flagged run",
    () => {
      throw new RunFlagged("r1", "2026-12-06T10:00:00Z: a recount disagrees");
    },
    "run r1 is flagged: 2026-12-06T10:00:00Z: a recount disagrees; no total until it is checked and cleared (nqueens runs --clear-flag r1)",
  ],
  // Passed through: the library's message is the command's.
  [
    "n out of range (no flag)",
    () => checkSize(40, 32),
    "n must be an integer from 1 to 32: got 40",
  ],
  [
    "a part without a checkpoint",
    () => countPart(8, { index: 3, of: 2 }, {} as never),
    "--part needs --checkpoint FILE: the part's results go there, to be added up with --add",
  ],
  [
    "no files to add up (the command's --add takes at least one)",
    () => addParts(8, []),
    "no checkpoint files to add up: name the parts' files",
  ],
  [
    "a method that is none (commander checks the flag first)",
    () => count(8, { method: "nope" as never }),
    "method must be one of auto, join, constellations, plain: got 'nope'",
  ],
];

// A queue run's errors need Redis and a run: made here as their sites make them (store.ts,
// admin.ts, verify.ts, coordinator-follow.ts), with the line the command printed for each.
const QUEUE: [string, NQueensError, string][] = [
  [
    "an evicting Redis",
    new NQueensError(
      "Redis at redis://h:6379 evicts keys when its memory is full (maxmemory-policy allkeys-lru), which would delete a run's jobs and records: set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction), or allow it with the allowEviction option",
      "queue-evicting",
      { queue: "redis://h:6379", value: "allkeys-lru", option: "allowEviction" },
    ),
    "Redis at redis://h:6379 evicts keys when its memory is full (maxmemory-policy allkeys-lru), which would delete a run's jobs and records: set maxmemory-policy noeviction (CONFIG SET maxmemory-policy noeviction), or allow it with --allow-eviction (at your own risk)",
  ],
  [
    "no such run",
    new NQueensError("no run named 'r1' on this server", "no-such-run", { run: "r1" }),
    "no run named 'r1' on this server (see nqueens runs)",
  ],
  [
    "another quorum",
    new NQueensError(
      "run 'r1' was started with replicas 2, not 3: attach without the replicas option, or choose another run name",
      "run-mismatch",
      { run: "r1", option: "replicas", value: 3, min: 2, max: 2 },
    ),
    "run 'r1' was started with --replicas 2, not 3: attach without --replicas, or choose another run name",
  ],
  [
    "another secret, to be forgotten",
    new NQueensError(
      "run 'r1' was not created with this secret, or its description was changed (it fails its MAC): forget the run to delete it",
      "run-mismatch",
      { run: "r1", option: "secret", reason: "forget" },
    ),
    "run 'r1' was not created with this secret, or its description was changed (it fails its MAC): use --forget to delete it",
  ],
  [
    "another secret (no advice)",
    new NQueensError(
      "run 'r1' was not created with this secret, or its description was changed (it fails its MAC): nothing to verify",
      "run-mismatch",
      { run: "r1", option: "secret" },
    ),
    "run 'r1' was not created with this secret, or its description was changed (it fails its MAC): nothing to verify",
  ],
  [
    "settled but inconsistent",
    new NQueensError(
      "run r1: every sub-problem is settled but the counts are inconsistent (x): a wrong vote was settled; no total",
      "run-unsettled",
      { run: "r1", queue: "redis://h:6379", option: "inconsistent" },
    ),
    "run r1: every sub-problem is settled but the counts are inconsistent (x): a wrong vote was settled; no total (nqueens runs --queue redis://h:6379 --verify r1 recounts a sample; --replicas 2 outvotes a faulty worker)",
  ],
  [
    "forged records",
    new NQueensError(
      "run r1: 2 stored records fail their MAC (forged, damaged, or written with another secret), on sub-problem 3, 4; no total",
      "run-unsettled",
      { run: "r1", queue: "redis://h:6379", option: "forged" },
    ),
    "run r1: 2 stored records fail their MAC (forged, damaged, or written with another secret), on sub-problem 3, 4; no total (see nqueens runs --queue redis://h:6379; --drop-forged r1 removes them)",
  ],
  [
    "disputed",
    new NQueensError(
      "run r1: workers disagree on sub-problem 3 with no majority; no total",
      "run-unsettled",
      { run: "r1", queue: "redis://h:6379", option: "disputed" },
    ),
    "run r1: workers disagree on sub-problem 3 with no majority; no total (see nqueens runs --queue redis://h:6379)",
  ],
];

describe("a library error, in the command's words", () => {
  for (const [what, make, line] of LINES) {
    test(what, async () => {
      assert.equal(wordError(await thrown(make)), line);
    });
  }
  for (const [what, e, line] of QUEUE) {
    test(`${what} (a queue run's)`, () => {
      assert.equal(wordError(e), line);
    });
  }
  test("a queue run's notes that leave it for a person say what to run next", () => {
    assert.equal(
      wordNote(
        "run r1: workers disagree on sub-problem 3 (a 1, b 2) with no majority after 2 votes; it is left for a person",
        "run-unsettled",
      ),
      "run r1: workers disagree on sub-problem 3 (a 1, b 2) with no majority after 2 votes; it is left for a person (see nqueens runs)",
    );
    assert.equal(
      wordNote(
        "run r1: 1 vote from wb was overruled (sub-problem 7); the total counts only agreeing votes",
        "votes-overruled",
      ),
      "run r1: 1 vote from wb was overruled (sub-problem 7); the total counts only agreeing votes (see nqueens runs)",
    );
    assert.equal(
      wordNote("attached to run r1: 0 of 78 sub-problems"),
      "attached to run r1: 0 of 78 sub-problems",
    );
  });
});
