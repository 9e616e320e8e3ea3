import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { NQueensError } from "../errors.js";
import { QUICK_N } from "../limits.js";
import { known } from "../testing/known-counts.js";
import { count } from "./count.js";
import { CountInterrupted, type Progress } from "./types.js";

// `count` is the one door to every method; each method's own tests (constellations/, join/,
// plain.test.ts) go further. Here: every method against the known counts, and the contract.
describe("count: every method gives the known counts", () => {
  const methods = ["plain", "constellations", "join", "auto"] as const;
  for (const method of methods) {
    test(`method ${method}, n = 1..12`, async () => {
      for (const c of known(1, 12)) {
        const r = await count(c.n, { method, workers: 2 });
        assert.deepEqual([r.n, r.total, r.unique], [c.n, c.total, c.unique], `n=${c.n}`);
        assert.equal(r.method, method === "auto" ? "canonical" : method);
      }
    });
  }
  test("auto joins half-boards past QUICK_N (and counts them exactly)", async () => {
    for (const c of known(QUICK_N - 1, QUICK_N + 2)) {
      const r = await count(c.n, { workers: 2 });
      const method = c.n > QUICK_N ? "join" : "canonical";
      assert.deepEqual([r.method, r.total, r.unique], [method, c.total, c.unique], `n=${c.n}`);
    }
  });
});

describe("count: auto up to QUICK_N", () => {
  test("counts by the canonical search on the calling thread, as one sub-problem", async () => {
    const seen: Progress[] = [];
    const r = await count(10, { workers: 2, onProgress: (p) => seen.push(p) });
    assert.deepEqual(seen, [
      { done: 0, total: 1, solutions: 0n },
      { done: 1, total: 1, solutions: 724n },
    ]);
    assert.deepEqual(
      [r.method, r.subProblems, r.workers, r.onCallingThread],
      ["canonical", 1, 0, "small"],
    );
  });
  test("searches constellations when a checkpoint is asked for (the canonical search keeps none)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nqueens-count-"));
    try {
      const r = await count(10, { checkpoint: join(dir, "n10.ckpt") });
      assert.deepEqual([r.method, r.total], ["constellations", 724n]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("count: the plain method", () => {
  test("reports progress at its start and end", async () => {
    const seen: Progress[] = [];
    const r = await count(8, { method: "plain", onProgress: (p) => seen.push(p) });
    assert.deepEqual(seen, [
      { done: 0, total: 1, solutions: 0n },
      { done: 1, total: 1, solutions: 92n },
    ]);
    assert.deepEqual([r.subProblems, r.resumed, r.workers], [1, 0, 0]);
  });
  test("rejects with CountInterrupted when the signal is already aborted", async () => {
    await assert.rejects(
      count(10, { method: "plain", signal: AbortSignal.abort() }),
      (e: unknown) => e instanceof CountInterrupted && e.done === 0 && e.total === 1,
    );
  });
});

describe("count: refusals name the option and the value", () => {
  const cases: [string, () => Promise<unknown>, RegExp][] = [
    [
      "an unknown method",
      () => count(8, { method: "fast" as "auto" }),
      /^method must be one of auto, join, constellations, plain: got 'fast'$/,
    ],
    [
      "join beyond 25",
      () => count(28, { method: "join" }),
      /^method "join" counts n up to 27: got 28$/,
    ],
    ["plain beyond 32", () => count(33, { method: "plain" }), /got 33/],
    ["n = 0", () => count(0), /got 0/],
    [
      "a checkpoint with plain",
      () => count(8, { method: "plain", checkpoint: "/tmp/never-written" }),
      /^method "plain" keeps no checkpoint/,
    ],
    [
      "0 workers",
      () => count(14, { workers: 0 }),
      /^workers must be an integer from 1 to 256: got 0$/,
    ],
    // From JavaScript, a value of another type is named as such, not printed as if a number.
    [
      "n as a string",
      () => count("8" as unknown as number),
      /^n must be an integer from 1 to 32: got the string '8'$/,
    ],
    // A string or a bigint among the join's sizes is refused with auto's limits, as "8" is.
    [
      "n as a string the join would count",
      () => count("16" as unknown as number),
      /^n must be an integer from 1 to 32: got the string '16'$/,
    ],
    [
      "n as a bigint",
      () => count(16n as unknown as number),
      /^n must be an integer from 1 to 32: got the bigint 16n$/,
    ],
    [
      "n as a string with the join",
      () => count("16" as unknown as number, { method: "join" }),
      /^n must be an integer from 1 to 27: got the string '16'$/,
    ],
    [
      "n as an object",
      () => count({} as unknown as number),
      /^n must be an integer from 1 to 32: got an object$/,
    ],
    [
      "workers as a string",
      () => count(14, { workers: "2" as unknown as number }),
      /^workers must be an integer from 1 to 256: got the string '2'$/,
    ],
  ];
  for (const [what, call, message] of cases) {
    test(what, async () => {
      await assert.rejects(
        call(),
        (e: unknown) => e instanceof NQueensError && message.test(e.message),
      );
    });
  }
});
