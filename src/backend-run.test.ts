// A count on the backend picked: on the CPU, with the GPU module loaded only when looked for, and
// the options that do not go together refused (a stand-in GPU: no GPU, Dawn or Redis is needed).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { GpuAccess } from "./backend-choice.js";
import { countOn } from "./backend-run.js";
import { NQueensError } from "./errors.js";
import { standIn } from "./testing/gpu-stand-in.js";

describe("countOn", () => {
  const never = async (): Promise<GpuAccess<never>> => {
    throw new Error("the GPU module is not loaded for this count");
  };

  test("counts on the CPU, saying how", async () => {
    const r = await countOn(8, { backend: "cpu", workers: 1 }, never);
    assert.equal(r.total, 92n);
    assert.equal(r.unique, 12n);
    assert.equal(r.backend, "cpu");
    assert.equal(r.method, "canonical");
  });

  test("auto below n = 16 loads the GPU module but opens no adapter", async () => {
    const { access, seen } = standIn("hardware");
    const r = await countOn(9, { workers: 1 }, access as never);
    assert.equal(r.total, 352n);
    assert.equal(r.backend, "cpu");
    assert.deepEqual(seen, { loaded: true, opened: false, closed: false });
  });

  const refused: [string, number, Parameters<typeof countOn>[1], RegExp][] = [
    [
      "batch without a queue",
      8,
      { batch: 4 },
      /^batch and replicas are options of a queue run: add the queue option$/,
    ],
    ["replicas without a queue", 8, { replicas: 2 }, /^batch and replicas are options/],
    [
      "a checkpoint with a queue",
      8,
      { queue: "redis://127.0.0.1:1", checkpoint: "x.ckpt" },
      /^a queue run keeps its results in Redis .*: drop the checkpoint and workers options$/,
    ],
    [
      "workers with a queue",
      8,
      { queue: "redis://127.0.0.1:1", workers: 2 },
      /drop the checkpoint and workers options$/,
    ],
    [
      "a secret without a queue or a checkpoint",
      8,
      { secret: "0123456789abcdef" },
      /^secret keys a queue run or a checkpoint: add the queue or the checkpoint option$/,
    ],
    [
      "a short secret for a checkpoint",
      8,
      { secret: "hunter2", checkpoint: "never-written.ckpt" },
      /^secret must be at least 16 characters \(this one has 7\)/,
    ],
    [
      "the join beyond n = 27",
      28,
      { backend: "cpu", method: "join" },
      /^method "join" counts n up to 27: got 28$/,
    ],
    [
      "the join on a GPU",
      20,
      { backend: "gpu", method: "join" },
      /^method "join" counts on the CPU/,
    ],
  ];
  for (const [what, n, options, message] of refused) {
    test(`refuses ${what}, naming the options`, async () => {
      await assert.rejects(
        countOn(n, options, never),
        (e: unknown) =>
          e instanceof NQueensError && message.test(e.message) && !e.message.includes("--"),
      );
    });
  }
});
